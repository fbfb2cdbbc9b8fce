import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Broken responses and unreachable hosts become clear `APIError`s, never crashes.
final class RetrievalErrorTests: RetrievalTestCase {
    private func firstPageError() -> APIError? {
        let deliveries = Deliveries<Page<Question>>()
        retrieval.questionsPage(site: site, completion: deliveries.completion)
        waitUntil("delivered") { deliveries.count == 1 }
        return deliveries.lastError
    }

    func testMalformedJSONIsUndecodable() throws {
        try double.setFaults("malformed=1&count=1")
        guard case .undecodable = firstPageError() else {
            return XCTFail("expected .undecodable")
        }
    }

    func testTruncatedGzipIsAnError() throws {
        try double.setFaults("truncated_gzip=1&count=1")
        let error = try XCTUnwrap(firstPageError(), "a cut gzip stream must not decode as a page")
        XCTAssertNotEqual(error, .cancelled)
    }

    func testHTTP500WithoutAnAPIBodyIsAnHTTPStatus() throws {
        try double.setFaults("status=500&count=1")
        XCTAssertEqual(firstPageError(), .httpStatus(500))
    }

    func testUnknownSiteIsTheAPIsBadParameter() {
        let deliveries = Deliveries<Page<Question>>()
        retrieval.questionsPage(site: "no-such-site", completion: deliveries.completion)
        waitUntil("delivered") { deliveries.count == 1 }
        guard case .api(id: 400, name: "bad_parameter", _) = deliveries.lastError else {
            return XCTFail("expected bad_parameter, got \(String(describing: deliveries.last))")
        }
    }

    func testUnreachablePortIsOffline() throws {
        let closed = Retrieval(factory: RequestFactory(baseURL: try closedPortURL()))
        let deliveries = Deliveries<Page<Question>>()
        closed.questionsPage(site: site, completion: deliveries.completion)
        waitUntil("delivered") { deliveries.count == 1 }
        guard case .offline = deliveries.lastError else {
            return XCTFail("expected .offline, got \(String(describing: deliveries.last))")
        }
        waitUntil("queues empty") { closed.operationCount == 0 }
    }
}
