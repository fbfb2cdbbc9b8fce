import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Hostile responses over real HTTP are refused at the transport's limits with a clear error, and silence
/// costs nothing but a timer: gzip bombs, oversized pages, endless item lists, silent servers.
final class BoundedResponseTests: RetrievalTestCase {
    private func firstPage(
        pageSize: Int? = nil, with retrieval: Retrieval? = nil, waiting seconds: TimeInterval = 60
    ) -> Result<Page<Question>, APIError>? {
        let deliveries = Deliveries<Page<Question>>()
        (retrieval ?? self.retrieval).questionsPage(
            site: site, pageSize: pageSize ?? 30, completion: deliveries.completion)
        waitUntil("delivered", deadline: seconds) { deliveries.count == 1 }
        return deliveries.last
    }

    func testGzipBombIsRefusedAtTheDecompressionLimit() throws {
        let limit = TransportLimits().maximumBodyBytes
        try double.setFaults("gzip_bomb_mb=\(2 * limit >> 20)&count=1")
        // The subject is the limit, not the deadline: streaming and inflating 32 MiB took 17 s on a loaded machine and
        // passed the request's 30 s deadline under ThreadSanitizer (".timeout"), so this request gets 3 minutes.
        let patient = Retrieval(factory: RequestFactory(baseURL: double.baseURL, key: "stackterm-tests", timeout: 180))
        guard case .failure(let error) = try XCTUnwrap(firstPage(with: patient, waiting: 200)) else {
            return XCTFail("a body inflating past the limit must not decode")
        }
        XCTAssertEqual(error, .responseTooLarge(limit: limit))
        XCTAssertTrue(error.summary.hasPrefix("The server sent more than 16 MB"), error.summary)
    }

    func testBombUnderTheLimitStillDecodes() throws {
        try double.setFaults("gzip_bomb_mb=2&count=1")
        XCTAssertEqual(try XCTUnwrap(firstPage()).get().items.count, 30, "2 MiB of white space is valid JSON")
    }

    func testItemsBeyondThePageSizeAreIgnored() throws {
        try double.setFaults("pad_items=5000&count=1")
        let page = try XCTUnwrap(firstPage(pageSize: 7)).get()
        XCTAssertEqual(page.items.count, 7)
    }

    func testSmallerLimitsOfAnotherTransport() throws {
        let transport = HTTPClientTransport(limits: TransportLimits(maximumBodyBytes: 64 << 10))
        defer { transport.shutdown() }
        let small = Retrieval(
            factory: RequestFactory(baseURL: double.baseURL, key: "stackterm-tests"), transport: transport)
        try double.setFaults("pad_items=2000&count=1")
        XCTAssertEqual(try XCTUnwrap(firstPage(with: small)).error, .responseTooLarge(limit: 64 << 10))
        XCTAssertEqual(try XCTUnwrap(firstPage(with: small)).get().items.count, 30, "the fault was spent")
    }

    func testSilentServerTimesOutAtTheRequestsDeadline() throws {
        try double.setFaults("delay_ms=30000&count=1")
        let impatient = Retrieval(factory: RequestFactory(baseURL: double.baseURL, key: "stackterm-tests", timeout: 1))
        // Neither the server (30 s) nor the read timeout (30 s) can answer within the 15 s waited here.
        XCTAssertEqual(try XCTUnwrap(firstPage(with: impatient, waiting: 15)).error, .timeout)
    }

    func testCancelWhileTheServerIsSilentDeliversNothing() throws {
        try double.setFaults("delay_ms=30000&count=1")
        let deliveries = Deliveries<Page<Question>>()
        let handle = retrieval.questionsPage(site: site, completion: deliveries.completion)
        waitUntil("the request reached the server") { (try? self.logged("/questions").count) == 1 }
        handle.cancel()
        waitUntil("the load ended") { handle.isFinished && retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
    }
}
