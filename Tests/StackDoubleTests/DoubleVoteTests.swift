import Foundation
import XCTest

/// Votes through the double (issue 31 part 7): each route, the score and the voter's flags, every refusal with the
/// API's error, and the checks every write makes (POST only, token, key, scope) and the faults it honours.
final class DoubleVoteTests: DoubleWriteTestCase {
    /// Question 1 (score 36, by user 14) and its answer 12 (score 43, by user 14).
    private let question = 1
    private let answer = 12

    func testUpvoteRaisesTheScoreAndUndoRestoresIt() throws {
        let eddex = try token("eddex")
        let upvoted = try write("/questions/\(question)/upvote", token: eddex)
        XCTAssertEqual(upvoted.status, 200, "\(upvoted.object)")
        XCTAssertEqual(upvoted.items.count, 1)
        XCTAssertEqual(upvoted.first["question_id"] as? Int, question)
        XCTAssertEqual(upvoted.first["score"] as? Int, 37)
        XCTAssertEqual(upvoted.first["upvoted"] as? Bool, true)
        XCTAssertEqual(upvoted.first["downvoted"] as? Bool, false)
        XCTAssertEqual(upvoted.first["favorited"] as? Bool, false)
        XCTAssertEqual(try items("/2.3/questions/\(question)?site=cardano").first?["score"] as? Int, 37, "reads see it")
        let undone = try write("/questions/\(question)/upvote/undo", token: eddex)
        XCTAssertEqual(undone.first["score"] as? Int, 36)
        XCTAssertEqual(undone.first["upvoted"] as? Bool, false)
    }

    func testDownvoteOnAnAnswerAndSwitchingTheVote() throws {
        let eddex = try token("eddex")
        let down = try write("/answers/\(answer)/downvote", token: eddex)
        XCTAssertEqual(down.first["answer_id"] as? Int, answer)
        XCTAssertEqual(down.first["score"] as? Int, 42)
        XCTAssertEqual(down.first["downvoted"] as? Bool, true)
        let switched = try write("/answers/\(answer)/upvote", token: eddex)
        XCTAssertEqual(switched.first["score"] as? Int, 44, "down to up moves the score by two")
        XCTAssertEqual(switched.first["upvoted"] as? Bool, true)
        XCTAssertEqual(switched.first["downvoted"] as? Bool, false)
        let undone = try write("/answers/\(answer)/upvote/undo", token: eddex)
        XCTAssertEqual(undone.first["score"] as? Int, 43)
        XCTAssertEqual(try write("/answers/\(answer)/downvote/undo", token: eddex).errorMessage,
                       "You have not downvoted this post.")
    }

    func testVotingOnOnesOwnPostIsRefused() throws {
        let refused = try write("/answers/517/upvote", token: try token("eddex"))
        assertError(refused, 407, "write_failed", "You can't vote for your own post.")
    }

    func testReputationLimitsUpvotesAndDownvotes() throws {
        let newcomer = try write("/questions/\(question)/upvote", token: try token("Nobody Yet"))
        assertError(newcomer, 407, "write_failed", "Voting up requires 15 reputation.")
        let adam = try token("Adam Lear")
        XCTAssertEqual(try write("/questions/\(question)/upvote", token: adam).status, 200, "101 reputation may vote up")
        let down = try write("/questions/\(question)/downvote", token: adam)
        assertError(down, 407, "write_failed", "Voting down requires 125 reputation.")
    }

    func testASecondUpvoteAndAnUndoOfNothingAreRefused() throws {
        let eddex = try token("eddex")
        XCTAssertEqual(try write("/questions/\(question)/upvote", token: eddex).status, 200)
        assertError(try write("/questions/\(question)/upvote", token: eddex), 407, "write_failed",
                    "You have already upvoted this post.")
        assertError(try write("/questions/3/upvote/undo", token: eddex), 407, "write_failed",
                    "You have not upvoted this post.")
    }

    func testLockedVotesCannotBeUndoneOrSwitched() throws {
        let eddex = try token("eddex")
        XCTAssertEqual(try write("/questions/\(question)/upvote", token: eddex).status, 200)
        XCTAssertEqual(try json("/_double/votes/lock?seconds=0")["lock_seconds"] as? Int, 0)
        let locked = "Your vote is now locked in unless this post is edited."
        assertError(try write("/questions/\(question)/upvote/undo", token: eddex), 407, "write_failed", locked)
        assertError(try write("/questions/\(question)/downvote", token: eddex), 407, "write_failed", locked)
        XCTAssertTrue(try json("/_double/votes/lock")["lock_seconds"] is NSNull, "no seconds: never locked")
        XCTAssertEqual(try write("/questions/\(question)/upvote/undo", token: eddex).status, 200)
    }

    func testTheFortyFirstVoteOfTheDayIsRefused() throws {
        let eddex = try token("eddex")
        let others = try allItems("/2.3/questions", "site=cardano&sort=creation&order=asc").filter {
            ($0["owner"] as? [String: Any])?["user_id"] as? Int != 1142
        }.compactMap { $0["question_id"] as? Int }
        XCTAssertGreaterThan(others.count, 40)
        // The double counts votes per UTC day by the real clock: 41 votes never straddle its midnight.
        let untilMidnight = 86_400 - Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        if untilMidnight < 60 { Thread.sleep(forTimeInterval: untilMidnight + 1) }
        for id in others.prefix(40) {
            XCTAssertEqual(try write("/questions/\(id)/upvote", token: eddex).status, 200, "vote on \(id)")
        }
        assertError(try write("/questions/\(others[40])/upvote", token: eddex), 407, "write_failed",
                    "You have reached your daily vote limit.")
    }

    func testAWriteSentAsGETIsNoMethod() throws {
        let eddex = try token("eddex")
        let answer = try send(method: "GET", "/2.3/questions/\(question)/upvote?key=k&site=cardano&access_token=\(eddex)")
        assertError(answer, 404, "no_method", "this method must be called with POST")
        XCTAssertEqual(try items("/2.3/questions/\(question)?site=cardano").first?["score"] as? Int, 36, "nothing voted")
    }

    func testWritesNeedATokenAKeyAValidTokenAndWriteAccess() throws {
        let path = "/questions/\(question)/upvote"
        assertError(try post(path, ["key": "k", "site": "cardano"]), 401, "access_token_required")
        let eddex = try token("eddex")
        assertError(try post(path, ["access_token": eddex, "site": "cardano"]), 405, "key_required")
        assertError(try write(path, token: "not-a-token"), 402, "invalid_access_token")
        XCTAssertEqual(try json("/_double/tokens/revoke?token=\(eddex)")["revoked"] as? Bool, true)
        assertError(try write(path, token: eddex), 402, "invalid_access_token")
        let readOnly = try token("eddex", scope: "read_inbox no_expiry")
        assertError(try write(path, token: readOnly), 403, "access_denied")
    }

    func testABodyOverOneMebibyteIsRefusedUnread() throws {
        let eddex = try token("eddex")
        let form = DoubleWriteTestCase.form(["key": "k", "access_token": eddex, "site": "cardano"])
        let padding = "&padding=" + String(repeating: "x", count: 1 << 20)
        let answer = try send(method: "POST", "/2.3/questions/\(question)/upvote", body: Data((form + padding).utf8))
        assertError(answer, 400, "bad_parameter", "body: more than 1048576 bytes")
        XCTAssertEqual(try items("/2.3/questions/\(question)?site=cardano").first?["score"] as? Int, 36, "nothing voted")
        XCTAssertEqual(try writesLog().last?["status"] as? Int, 400)
    }

    func testFaultsOnAWritePathApplyToThePOST() throws {
        let eddex = try token("eddex")
        let path = "/questions/\(question)/upvote"
        try double.setFaults("status=500&path=\(path)&count=1")
        XCTAssertEqual(try write(path, token: eddex).status, 500)
        try double.setFaults("throttle=9&path=\(path)&count=1")
        assertError(try write(path, token: eddex), 502, "throttle_violation",
                    "too many requests from this IP, more requests available in 9 seconds")
        try double.setFaults("write_failed=1&path=/questions/")
        assertError(try write(path, token: eddex), 407, "write_failed", "The write failed (imitated).")
        XCTAssertEqual(try items("/2.3/questions/\(question)?site=cardano").first?["score"] as? Int, 36,
                       "reads on the same path are untouched and nothing was voted")
        try double.clearFaults()
        XCTAssertEqual(try write(path, token: eddex).first["score"] as? Int, 37)
    }
}
