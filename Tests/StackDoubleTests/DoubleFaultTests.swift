import Foundation
import NIOConcurrencyHelpers
import StackDouble
import TestSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every injected fault, its `count`/`path` scoping, and the request log.
final class DoubleFaultTests: DoubleHTTPTestCase {
    private let questions = "/2.3/questions?site=conlang.meta&pagesize=5"

    func testMalformedJSONDoesNotParse() throws {
        try double.setFaults("malformed=1")
        let reply = try get(questions)
        XCTAssertEqual(reply.status, 200)
        XCTAssertThrowsError(try JSONSerialization.jsonObject(with: reply.body))
    }

    func testTruncatedGzipMakesTheClientFail() throws {
        try double.setFaults("truncated_gzip=1")
        let raw = try RawHTTP.get(port: double.port, pathAndQuery: questions)
        XCTAssertThrowsError(try Gzip.decompress(raw.body)) { error in
            XCTAssertEqual(error as? Gzip.Failure, .truncated)
        }
        // libcurl (under URLSession) hands over the partial text without an error; decoding it fails.
        if let reply = try? get(questions) {
            XCTAssertThrowsError(try JSONSerialization.jsonObject(with: reply.body), "a cut gzip stream must not decode")
        }
        try double.clearFaults()
        XCTAssertEqual(try get(questions).status, 200)
    }

    func testStatus500HasAnHTMLBody() throws {
        try double.setFaults("status=500")
        let reply = try get(questions)
        XCTAssertEqual(reply.status, 500)
        XCTAssertTrue(String(decoding: reply.body, as: UTF8.self).contains("<html>"))
        XCTAssertNil(try? JSONSerialization.jsonObject(with: reply.body))
    }

    func testThrottleBody() throws {
        try double.setFaults("throttle=7")
        let object = try json(questions, status: 400)
        XCTAssertEqual(object as NSDictionary, [
            "error_id": 502, "error_name": "throttle_violation",
            "error_message": "too many requests from this IP, more requests available in 7 seconds",
        ] as NSDictionary)
    }

    func testBackoffFieldAndEmptyPage() throws {
        try double.setFaults("backoff=10")
        XCTAssertEqual(try json(questions)["backoff"] as? Int, 10)
        try double.setFaults("empty=1")
        let empty = try json(questions)
        XCTAssertEqual((empty["items"] as? [Any])?.count, 0)
        XCTAssertEqual(empty["has_more"] as? Bool, false)
        try double.clearFaults()
        XCTAssertNil(try json(questions)["backoff"])
    }

    func testRepeatPagesAnswersEveryPageWithPageOneAndHasMore() throws {
        let firstIDs = try items(questions).compactMap { $0["question_id"] as? Int }
        try double.setFaults("repeat_pages=1")
        for page in [1, 2, 7] {
            let object = try json(questions + "&page=\(page)")
            XCTAssertEqual(((object["items"] as? [[String: Any]]) ?? []).compactMap { $0["question_id"] as? Int }, firstIDs)
            XCTAssertEqual(object["has_more"] as? Bool, true)
            XCTAssertEqual(object["page"] as? Int, page)
        }
        try double.clearFaults()
        XCTAssertNotEqual(try items(questions + "&page=2").compactMap { $0["question_id"] as? Int }, firstIDs)
    }

    func testEscapeTitlesCarryTerminalSequences() throws {
        try double.setFaults("escape_titles=1")
        let titles = try items(questions).compactMap { $0["title"] as? String }
        XCTAssertEqual(titles.count, 5)
        XCTAssertTrue(titles.allSatisfy { $0.contains("\u{1b}]0;PWNED\u{07}") && $0.contains("\u{1b}[2J") })
    }

    func testHostileLinksCarryControlsAndACommand() throws {
        try double.setFaults("hostile_links=1")
        let links = try items(questions).compactMap { $0["link"] as? String }
        XCTAssertEqual(links.count, 5)
        XCTAssertTrue(links.allSatisfy { $0.hasPrefix("https://") && $0.hasSuffix("\u{1b}[201~\u{9b}0m\necho PWNED\n") })
    }

    func testDeepBodyAndHugeParagraphReplaceTheFirstBodyOnly() throws {
        try double.setFaults("deep_body=3")
        var bodies = try items(questions + "&filter=withbody").compactMap { $0["body"] as? String }
        XCTAssertEqual(bodies.count, 5)
        XCTAssertEqual(bodies[0], String(repeating: "<blockquote><p>x</p>", count: 3) + String(repeating: "</blockquote>", count: 3))
        XCTAssertFalse(bodies[1].contains("<blockquote><p>x</p><blockquote>"))
        XCTAssertTrue(try items(questions).allSatisfy { $0["body"] == nil }, "no body is added where none was asked for")
        try double.setFaults("huge_paragraph_mb=1")
        bodies = try items(questions + "&filter=withbody").compactMap { $0["body"] as? String }
        XCTAssertEqual(bodies[0].utf8.count, (1 << 20) + "<p></p>".utf8.count)
        XCTAssertTrue(bodies[0].hasPrefix("<p>lorem ipsum"))
        XCTAssertThrowsError(try double.setFaults("deep_body=0"))
    }

    func testDelayDoesNotBlockOtherConnections() throws {
        try double.setFaults("delay_ms=3000&path=/questions")
        let slowDone = NIOLockedValueBox(false)
        let slow = Thread { [double] in
            _ = try? LoopbackHTTP.get(double!.url("/2.3/questions?site=conlang.meta&pagesize=1"))
            slowDone.withLockedValue { $0 = true }
        }
        slow.start()
        // The undelayed request is answered while the delayed one is still sleeping.
        XCTAssertEqual(try get("/2.3/info?site=conlang.meta").status, 200)
        XCTAssertFalse(slowDone.withLockedValue { $0 }, "the delayed request finished before the undelayed one")
        let deadline = Date().addingTimeInterval(30)
        while !slowDone.withLockedValue({ $0 }), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(slowDone.withLockedValue { $0 })
    }

    func testCountScopesFaultsToTheNextRequests() throws {
        try double.setFaults("status=500&count=2")
        XCTAssertEqual(try get(questions).status, 500)
        XCTAssertEqual(try get(questions).status, 500)
        XCTAssertEqual(try get(questions).status, 200)
    }

    func testPathScopesFaults() throws {
        try double.setFaults("status=500&path=/answers")
        XCTAssertEqual(try get(questions).status, 200)
        XCTAssertEqual(try get("/2.3/answers?site=conlang.meta").status, 500)
        XCTAssertEqual(try get(questions).status, 200)
    }

    func testBadFaultIsRefused() {
        XCTAssertThrowsError(try double.setFaults("explode=1"))
        XCTAssertThrowsError(try double.setFaults("delay_ms=soon"))
    }

    func testFaultsFromTheCommandLine() throws {
        double.stop()
        double = try DoubleFixture.dedicated(arguments: ["--status", "503", "--count", "1"])
        XCTAssertEqual(try get(questions).status, 503)
        XCTAssertEqual(try get(questions).status, 200)
    }

    func testRequestLogListsAPIRequestsOnly() throws {
        _ = try get("/2.3/questions?page=2&site=conlang.meta")
        try double.setFaults("backoff=1")
        _ = try get("/2.3/info?site=conlang.meta")
        XCTAssertEqual(try double.requestLog(), [
            "GET /2.3/questions?page=2&site=conlang.meta",
            "GET /2.3/info?site=conlang.meta",
        ])
        try double.clearRequestLog()
        XCTAssertEqual(try double.requestLog(), [])
    }
}
