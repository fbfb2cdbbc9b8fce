import XCTest
import TestSupport

/// `--copies N` serves each dump N times over, for benchmarks that need more pages than a small dump has.
final class DoubleCopiesTests: XCTestCase {
    func testCopiesMultiplyTheQuestionsWithDistinctIDs() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        let double = try DoubleFixture.dedicated(arguments: ["--copies", "3"])
        defer { double.stop() }
        var ids: [Int] = []
        var page = 1
        while page < 40 {
            let reply = try LoopbackHTTP.get(double.url("/2.3/questions?site=conlang.meta&pagesize=100&page=\(page)&key=bench"))
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
            let items = try XCTUnwrap(json["items"] as? [[String: Any]])
            ids += items.compactMap { $0["question_id"] as? Int }
            if json["has_more"] as? Bool != true { break }
            page += 1
        }
        XCTAssertEqual(ids.count, 3 * 54, "conlang.meta has 54 questions")
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertTrue(ids.contains { $0 > 20_000_000 })
        let copy = try LoopbackHTTP.get(double.url("/2.3/questions/\(ids.first { $0 > 10_000_000 }!)/answers?site=conlang.meta&filter=withbody"))
        XCTAssertEqual(copy.status, 200)
    }
}
