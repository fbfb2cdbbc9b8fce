import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Each of `TransportLimits` over real loopback HTTP against the double: a server that redirects without end or in
/// a cycle, declares a body past the wire cap, sends an endless chunked body, or stops half-way through a body.
/// Every test fails when its limit is taken out of `HTTPClientTransport`.
final class TransportLimitTests: RetrievalTestCase {
    private let limits = TransportLimits()

    /// The first page of questions through `retrieval` (the test's own by default), waited for at most `seconds`.
    private func firstPage(with other: Retrieval? = nil, waiting seconds: TimeInterval = 60) -> Result<Page<Question>, APIError>? {
        let deliveries = Deliveries<Page<Question>>()
        (other ?? retrieval).questionsPage(site: site, completion: deliveries.completion)
        waitUntil("delivered", deadline: seconds) { deliveries.count == 1 }
        return deliveries.last
    }

    /// A retrieval through a transport of its own with these limits and a whole-exchange deadline of `timeout`.
    private func retrieval(limits: TransportLimits, timeout: TimeInterval) -> (Retrieval, HTTPClientTransport) {
        let transport = HTTPClientTransport(limits: limits)
        let factory = RequestFactory(baseURL: double.baseURL, key: "stackterm-tests", timeout: timeout)
        return (Retrieval(factory: factory, transport: transport), transport)
    }

    // MARK: Redirects

    func testRedirectsUpToTheLimitAreFollowed() throws {
        try double.setFaults("redirects=\(limits.maximumRedirects)&path=/questions")
        XCTAssertEqual(try XCTUnwrap(firstPage()).get().items.count, 30)
        XCTAssertEqual(try logged("/questions").count, limits.maximumRedirects + 1, "the request and each hop")
    }

    func testOneRedirectPastTheLimitFailsWithoutFollowingIt() throws {
        try double.setFaults("redirects=\(limits.maximumRedirects + 1)&path=/questions")
        XCTAssertEqual(try XCTUnwrap(firstPage()).error, .offline(detail: "too many redirects from 127.0.0.1"))
        XCTAssertEqual(try logged("/questions").count, limits.maximumRedirects + 1, "the last redirect is not followed")
    }

    func testARedirectCycleIsRefusedWithoutFollowingIt() throws {
        try double.setFaults("redirect_cycle=1&path=/questions")
        XCTAssertEqual(try XCTUnwrap(firstPage()).error, .offline(detail: "too many redirects from 127.0.0.1"))
        XCTAssertEqual(try logged("/questions").count, 1, "a redirect to a URL already visited is not followed")
    }

    // MARK: Sizes

    func testAContentLengthOverTheWireCapIsRefusedBeforeTheBody() throws {
        // 10 MiB, uncompressed: under the 16 MiB body cap, so only the declared length can refuse it.
        try double.setFaults("wire_mb=10&count=1")
        XCTAssertEqual(try XCTUnwrap(firstPage()).error, .responseTooLarge(limit: limits.maximumWireBytes))
        try double.setFaults("wire_mb=6&count=1")
        XCTAssertEqual(try XCTUnwrap(firstPage()).get().items.count, 30, "6 MiB of padded JSON is under both caps")
    }

    func testAChunkedBodyIsCutAtTheBodyCap() throws {
        // No Content-Length to refuse early: the body's own cap must stop it. 16 MiB through the double on a busy
        // machine took longer than the tests' usual deadline (a timeout, not the cap): this exchange gets 120 s.
        try double.setFaults("wire_mb=20&chunked=1&count=1")
        let (patient, transport) = retrieval(limits: limits, timeout: 120)
        defer { transport.shutdown() }
        XCTAssertEqual(try XCTUnwrap(firstPage(with: patient, waiting: 150)).error, .responseTooLarge(limit: limits.maximumBodyBytes))
        try double.setFaults("wire_mb=6&chunked=1&count=1")
        XCTAssertEqual(try XCTUnwrap(firstPage()).get().items.count, 30)
    }

    // MARK: Silence after the head

    func testTheReadTimeoutEndsABodyThatStopsHalfWay() throws {
        var short = limits
        short.readTimeout = 1
        let (impatient, transport) = retrieval(limits: short, timeout: 120)
        defer { transport.shutdown() }
        try double.setFaults("stall_body=1&count=1")
        // Neither the exchange's deadline (120 s) nor the server (an hour) ends it within the 15 s waited here.
        XCTAssertEqual(try XCTUnwrap(firstPage(with: impatient, waiting: 15)).error, .timeout)
    }

    func testTheExchangeDeadlineCoversTheBodyNotOnlyTheHead() throws {
        let (hurried, transport) = retrieval(limits: limits, timeout: 1)
        defer { transport.shutdown() }
        try double.setFaults("stall_body=1&count=1")
        // The head came at once; the read timeout (30 s) cannot end the silent body within the 15 s waited here.
        XCTAssertEqual(try XCTUnwrap(firstPage(with: hurried, waiting: 15)).error, .timeout)
    }
}
