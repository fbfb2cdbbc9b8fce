import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Broken responses and unreachable hosts become clear `APIError`s, never crashes.
final class RetrievalErrorTests: DoubleTestCase {
    private func firstPageError() -> APIError? {
        let deliveries = Deliveries<Page<Question>>()
        retrieval.questions.retrieveQuestions(site: site, completion: deliveries.completion)
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
        retrieval.questions.retrieveQuestions(site: "no-such-site", completion: deliveries.completion)
        waitUntil("delivered") { deliveries.count == 1 }
        guard case .api(id: 400, name: "bad_parameter", _) = deliveries.lastError else {
            return XCTFail("expected bad_parameter, got \(String(describing: deliveries.last))")
        }
    }

    func testUnreachablePortIsOffline() throws {
        let closed = Retrieval(factory: RequestFactory(baseURL: try closedPortURL()))
        let deliveries = Deliveries<Page<Question>>()
        closed.questions.retrieveQuestions(site: site, completion: deliveries.completion)
        waitUntil("delivered") { deliveries.count == 1 }
        guard case .offline = deliveries.lastError else {
            return XCTFail("expected .offline, got \(String(describing: deliveries.last))")
        }
        waitUntil("queues empty") { closed.operationCount == 0 }
    }

    /// A loopback URL on a port nothing listens on (bound, then released).
    private func closedPortURL() throws -> URL {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw XCTSkip("cannot open a socket to find a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw XCTSkip("cannot bind a loopback socket to find a free port") }
        return URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/2.3")!
    }
}
