import Foundation
import TestSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Base for tests that talk HTTP to a `stackexchange-double` of their own (started fresh for each test, so quota and
/// caches start from scratch).
class DoubleHTTPTestCase: XCTestCase {
    var double: DoubleProcess!

    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
    }

    override func tearDown() {
        double?.stop()
        double = nil
    }

    /// GETs `pathAndQuery` and returns status, headers and the decompressed body.
    func get(_ pathAndQuery: String, file: StaticString = #filePath, line: UInt = #line) throws -> LoopbackHTTP.Reply {
        try LoopbackHTTP.get(double.url(pathAndQuery))
    }

    /// GETs `pathAndQuery` and parses the body as a JSON object.
    func json(_ pathAndQuery: String, status: Int = 200, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let reply = try get(pathAndQuery)
        XCTAssertEqual(reply.status, status, "status of \(pathAndQuery)", file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: reply.body)
        return try XCTUnwrap(object as? [String: Any], "JSON object from \(pathAndQuery)", file: file, line: line)
    }

    /// GETs `pathAndQuery`, expecting 200, and returns its `items` (fails the test when there are none).
    func items(_ pathAndQuery: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let object = try json(pathAndQuery, file: file, line: line)
        return try XCTUnwrap(object["items"] as? [[String: Any]], "items of \(pathAndQuery)", file: file, line: line)
    }

    /// Every item of a route, following `has_more` page by page (pagesize 100).
    func allItems(_ path: String, _ query: String) throws -> [[String: Any]] {
        var result: [[String: Any]] = []
        for page in 1...25 {
            let object = try json("\(path)?\(query)&pagesize=100&page=\(page)")
            result += object["items"] as? [[String: Any]] ?? []
            if object["has_more"] as? Bool != true { break }
        }
        return result
    }
}
