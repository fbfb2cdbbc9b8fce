import Foundation
import StackDouble
import TestSupport
import XCTest

/// The faults a hostile server's tests lean on, as the wire shows them: dates no calendar holds, bodies sent plain,
/// chunked or made while they are sent, and redirects.
final class DoubleHostileFaultTests: DoubleHTTPTestCase {
    private let questions = "/2.3/questions?site=conlang.meta&pagesize=4"

    func testBadDatesAreNumbersNoCalendarHolds() throws {
        try double.setFaults("bad_dates=1")
        let listed = try items(questions)
        XCTAssertEqual(listed.compactMap { $0["creation_date"] as? Double }, [1e20, -1e20, 1e20, -1e20])
        XCTAssertEqual(listed.compactMap { $0["last_activity_date"] as? Double }, [-1e20, 1e20, -1e20, 1e20])
        XCTAssertEqual(try items("/2.3/answers?site=conlang.meta&pagesize=2").compactMap { $0["creation_date"] as? Double }, [1e20, -1e20])
        XCTAssertTrue(try items("/2.3/sites").allSatisfy { $0["launch_date"] as? Double == 1e19 })
        let raw = String(decoding: try Gzip.decompress(try RawHTTP.get(port: double.port, pathAndQuery: questions).body), as: UTF8.self)
        XCTAssertTrue(raw.contains(#""creation_date":1e+20"#), raw)
        try double.clearFaults()
        XCTAssertTrue(try items(questions).allSatisfy { ($0["creation_date"] as? Int ?? 0) > 1_000_000_000 }, "whole seconds again")
    }

    func testWireMiBIsAnUncompressedPageWithItsLengthDeclared() throws {
        try double.setFaults("wire_mb=2")
        let raw = try RawHTTP.get(port: double.port, pathAndQuery: questions)
        XCTAssertFalse(raw.head.lowercased().contains("content-encoding"), raw.head)
        XCTAssertTrue(raw.head.contains("Content-Length: \(raw.body.count)"), raw.head)
        XCTAssertGreaterThan(raw.body.count, 2 << 20)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
        XCTAssertEqual((object["items"] as? [Any])?.count, 4)
    }

    func testChunkedLeavesOutTheLength() throws {
        try double.setFaults("chunked=1")
        let raw = try RawHTTP.get(port: double.port, pathAndQuery: questions)
        XCTAssertTrue(raw.head.lowercased().contains("transfer-encoding: chunked"), raw.head)
        XCTAssertFalse(raw.head.lowercased().contains("content-length"), raw.head)
        XCTAssertEqual(try items(questions).count, 4, "a chunked page still decodes")
    }

    func testPaddedItemsAndAHugeParagraphAreMadeWhileTheyAreSent() throws {
        try double.setFaults("pad_items=3000")
        let padded = try items(questions)
        XCTAssertEqual(padded.count, 3_000)
        XCTAssertEqual(Set(padded.prefix(4).compactMap { $0["question_id"] as? Int }).count, 4, "the page's own items first")
        XCTAssertEqual(padded.last?["question_id"] as? Int, padded[3]["question_id"] as? Int, "then its last one over and over")
        try double.setFaults("huge_paragraph_mb=1024")
        let raw = try RawHTTP.get(port: double.port, pathAndQuery: questions + "&filter=withbody&pagesize=1", upTo: 64 << 10)
        XCTAssertTrue(raw.head.lowercased().contains("transfer-encoding: chunked"), raw.head)
        XCTAssertThrowsError(try double.setFaults("huge_paragraph_mb=1025"))
    }

    func testRedirectsCountTheirHopsAndACycleNamesItself() throws {
        try double.setFaults("redirects=2")
        let first = try RawHTTP.get(port: double.port, pathAndQuery: questions)
        XCTAssertTrue(first.head.hasPrefix("HTTP/1.1 302"), first.head)
        XCTAssertTrue(first.head.contains("Location: /2.3/questions?site=conlang.meta&pagesize=4&redirect_hop=1"), first.head)
        let second = try RawHTTP.get(port: double.port, pathAndQuery: questions + "&redirect_hop=1")
        XCTAssertTrue(second.head.contains("Location: /2.3/questions?site=conlang.meta&pagesize=4&redirect_hop=2"), second.head)
        XCTAssertEqual(try get(questions).status, 200, "URLSession follows both hops to the page")
        try double.setFaults("redirect_cycle=1")
        let cycle = try RawHTTP.get(port: double.port, pathAndQuery: questions)
        XCTAssertTrue(cycle.head.contains("Location: \(questions)"), cycle.head)
    }
}
