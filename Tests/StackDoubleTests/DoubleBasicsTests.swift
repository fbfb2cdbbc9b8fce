import Foundation
import StackDouble
import TestSupport
import XCTest

/// Wire format, paging, sites, errors and quota of the double over loopback HTTP.
final class DoubleBasicsTests: DoubleHTTPTestCase {
    func testResponsesAreGzipCompressedOnTheWire() throws {
        let raw = try RawHTTP.get(port: double.port, pathAndQuery: "/2.3/questions?site=conlang.meta&pagesize=3")
        XCTAssertTrue(raw.head.contains("HTTP/1.1 200"), raw.head)
        XCTAssertTrue(raw.head.lowercased().contains("content-encoding: gzip"), raw.head)
        XCTAssertTrue(raw.head.lowercased().contains("content-type: application/json; charset=utf-8"), raw.head)
        XCTAssertEqual(Array(raw.body.prefix(2)), [0x1F, 0x8B], "gzip magic")
        let object = try JSONSerialization.jsonObject(with: try Gzip.decompress(raw.body)) as? [String: Any]
        XCTAssertEqual((object?["items"] as? [Any])?.count, 3)

        let viaSession = try get("/2.3/questions?site=conlang.meta&pagesize=3")
        let encoding = viaSession.headers.first { $0.key.lowercased() == "content-encoding" }?.value
        XCTAssertEqual(encoding, "gzip")
    }

    func testPagingFollowsHasMoreAcrossPages() throws {
        var seen: [Int] = []
        var flags: [Bool] = []
        for page in 1...3 {
            let object = try json("/2.3/questions?site=conlang.meta&pagesize=20&page=\(page)&sort=creation")
            XCTAssertEqual(object["page"] as? Int, page)
            XCTAssertEqual(object["page_size"] as? Int, 20)
            flags.append(object["has_more"] as? Bool ?? false)
            seen += (object["items"] as? [[String: Any]] ?? []).compactMap { $0["question_id"] as? Int }
        }
        XCTAssertEqual(flags, [true, true, false])
        XCTAssertEqual(seen.count, 54, "conlang.meta has 54 questions")
        XCTAssertEqual(Set(seen).count, 54, "no question on two pages")
    }

    func testUnknownSiteIsBadParameter() throws {
        let object = try json("/2.3/questions?site=xyz", status: 400)
        XCTAssertEqual(object as NSDictionary, [
            "error_id": 400, "error_message": "No site found for name `xyz`", "error_name": "bad_parameter",
        ] as NSDictionary)
        for alias in ["conlang.meta.stackexchange", "conlang.meta.stackexchange.com"] {
            XCTAssertEqual(try items("/2.3/questions?site=\(alias)&pagesize=1").count, 1, alias)
        }
    }

    func testPageAbove25WithoutKeyIsAccessDenied() throws {
        let object = try json("/2.3/questions?site=conlang.meta&page=26", status: 400)
        XCTAssertEqual(object as NSDictionary, [
            "error_id": 403, "error_message": "page above 25 requires access token or app key", "error_name": "access_denied",
        ] as NSDictionary)
        let keyed = try json("/2.3/questions?site=conlang.meta&page=26&key=test-key")
        XCTAssertEqual((keyed["items"] as? [Any])?.count, 0)
        XCTAssertEqual(keyed["has_more"] as? Bool, false)
    }

    func testQuotaCountsDownPerClient() throws {
        let first = try json("/2.3/info?site=conlang.meta")
        let second = try json("/2.2/info?site=conlang.meta")
        XCTAssertEqual(first["quota_max"] as? Int, 300)
        XCTAssertEqual(first["quota_remaining"] as? Int, 299)
        XCTAssertEqual(second["quota_remaining"] as? Int, 298)
        let keyed = try json("/2.3/info?site=conlang.meta&key=abc")
        XCTAssertEqual(keyed["quota_max"] as? Int, 10_000)
        XCTAssertEqual(keyed["quota_remaining"] as? Int, 9_999)
        XCTAssertEqual(try get("/_double/log").status, 200) // control endpoints cost nothing
        XCTAssertEqual(try json("/2.3/info?site=conlang.meta")["quota_remaining"] as? Int, 297)
    }

    func testQuotaExhaustedIsThrottleViolation() throws {
        for _ in 0..<300 { _ = try get("/2.3/sites?pagesize=1") }
        let object = try json("/2.3/sites?pagesize=1", status: 400)
        XCTAssertEqual(object["error_id"] as? Int, 502)
        XCTAssertEqual(object["error_name"] as? String, "throttle_violation")
        let message = try XCTUnwrap(object["error_message"] as? String)
        XCTAssertTrue(message.hasPrefix("too many requests from this IP, more requests available in "), message)
    }

    func testSitesAndInfo() throws {
        let sites = try items("/2.3/sites")
        XCTAssertEqual(Set(sites.compactMap { $0["api_site_parameter"] as? String }),
                       ["beer", "cardano", "coffee", "conlang.meta", "quantumcomputing"])
        let meta = try XCTUnwrap(sites.first { $0["api_site_parameter"] as? String == "conlang.meta" })
        XCTAssertEqual(meta["site_url"] as? String, "https://conlang.meta.stackexchange.com")
        XCTAssertEqual(meta["site_type"] as? String, "meta_site")

        let info = try XCTUnwrap(try items("/2.3/info?site=cardano").first)
        XCTAssertEqual(info["total_questions"] as? Int, 1042)
        XCTAssertEqual(info["total_answers"] as? Int, 1496)
        XCTAssertGreaterThan(info["total_comments"] as? Int ?? 0, 1000)
        XCTAssertGreaterThan(info["total_users"] as? Int ?? 0, 1000)
    }

    func testUnknownMethodAndVersion() throws {
        let object = try json("/2.3/badges?site=cardano", status: 400)
        XCTAssertEqual(object["error_name"] as? String, "no_method")
        XCTAssertEqual(try json("/1.0/questions?site=cardano", status: 400)["error_id"] as? Int, 404)
        XCTAssertEqual(try json("/2.3/questions?site=cardano&pagesize=101", status: 400)["error_name"] as? String, "bad_parameter")
        XCTAssertEqual(try json("/2.3/questions?site=cardano&sort=random", status: 400)["error_name"] as? String, "bad_parameter")
    }

    func testLogFileGetsOneLinePerAPIRequest() throws {
        let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("double-log-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: logFile) }
        double.stop()
        double = try DoubleFixture.dedicated(arguments: ["--log", logFile.path])
        _ = try get("/2.3/sites?pagesize=2")
        _ = try get("/_double/log")
        _ = try get("/2.3/info?site=coffee")
        double.stop()
        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines.first?.hasSuffix(" GET /2.3/sites?pagesize=2") ?? false, "\(lines)")
        XCTAssertTrue(lines.last?.hasSuffix(" GET /2.3/info?site=coffee") ?? false, "\(lines)")
    }

    func testBadArgumentsStopTheDoubleWithAClearError() {
        XCTAssertThrowsError(try DoubleFixture.dedicated(arguments: ["--dumps", "/nonexistent/dumps"])) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/dumps not found"), "\(error)")
        }
        XCTAssertThrowsError(try DoubleFixture.dedicated(arguments: ["--throttle", "soon"]))
    }
}
