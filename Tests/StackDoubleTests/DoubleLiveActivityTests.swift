import Foundation
import TestSupport
import XCTest

/// What the live control endpoints leave in the double's API (`LiveActivityLedger`): a question made active leads
/// `/questions?sort=activity` with that date, `min` keeps what was active since, a new question is listed.
final class DoubleLiveActivityTests: DoubleHTTPTestCase {
    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated(arguments: [])
    }

    func testAQuestionMadeActiveLeadsTheActivityListAndMinKeepsOnlyWhatWasActiveSince() throws {
        let before = Int(Date().timeIntervalSince1970)
        XCTAssertTrue(try items("/2.3/questions?site=cardano&sort=activity&min=\(before)").isEmpty, "the dump is older")
        _ = try json("/_double/live/active?site=cardano&id=4")
        let since = try items("/2.3/questions?site=cardano&sort=activity&min=\(before)")
        XCTAssertEqual(since.compactMap { $0["question_id"] as? Int }, [4])
        let activity = try XCTUnwrap(since.first?["last_activity_date"] as? Int)
        XCTAssertGreaterThanOrEqual(activity, before)
        let first = try items("/2.3/questions?site=cardano&sort=activity&pagesize=1")
        XCTAssertEqual(first.first?["question_id"] as? Int, 4, "the most recent activity first")
    }

    func testANewQuestionIsListedWithTheAskedTags() throws {
        let before = Int(Date().timeIntervalSince1970)
        let id = try XCTUnwrap(try json("/_double/live/new?site=cardano&tags=plutus")["id"] as? Int)
        let since = try items("/2.3/questions?site=cardano&sort=activity&min=\(before)&tagged=plutus")
        XCTAssertEqual(since.compactMap { $0["question_id"] as? Int }, [id])
        XCTAssertEqual(try items("/2.3/questions?site=cardano&sort=creation&pagesize=1").first?["question_id"] as? Int, id)
    }
}
