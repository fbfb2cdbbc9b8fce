import Foundation
import XCTest

/// The inbox and notifications with their scope rule, filters that add the viewer's fields, and the write log and
/// request log that never hold a token (issue 31 part 7).
final class DoubleInboxFilterTests: DoubleWriteTestCase {
    func testTheInboxNeedsReadInboxAndListsWhatTheControlsAdded() throws {
        let add = "/_double/inbox/add?user=eddex"
        XCTAssertEqual(try json(add + "&site=cardano&type=comment&question=1&answer=12&body=Nice+%3Cb%3E")["added"] as? Bool, true)
        XCTAssertEqual(try json(add + "&site=stackoverflow&type=new_answer&question=11227809&title=Why+so+fast")["added"]
            as? Bool, true)
        let writer = try token("eddex", scope: "write_access no_expiry")
        let refused = try send(method: "GET", "/2.3/inbox?key=k&access_token=\(writer)")
        assertError(refused, 403, "access_denied")
        assertError(try send(method: "GET", "/2.3/inbox?key=k"), 401, "access_token_required")
        let reader = try token("eddex", scope: "read_inbox")
        let inbox = try items("/2.3/inbox?key=k&access_token=\(reader)")
        XCTAssertEqual(inbox.count, 2)
        let newest = try XCTUnwrap(inbox.first)
        XCTAssertEqual(newest["item_type"] as? String, "new_answer")
        XCTAssertEqual(newest["title"] as? String, "Why so fast")
        XCTAssertEqual((newest["site"] as? [String: Any])?["site_url"] as? String, "https://stackoverflow.com")
        let comment = inbox[1]
        XCTAssertEqual(comment["question_id"] as? Int, 1)
        XCTAssertEqual(comment["answer_id"] as? Int, 12)
        XCTAssertEqual(comment["is_unread"] as? Bool, true)
        XCTAssertEqual(comment["body"] as? String, "Nice &lt;b&gt;")
        XCTAssertEqual(comment["link"] as? String, "https://cardano.stackexchange.com/a/12")
        XCTAssertNotNil(comment["title"] as? String, "the dump question's title")
        XCTAssertNotNil(comment["creation_date"] as? Int)
        let site = try XCTUnwrap(comment["site"] as? [String: Any])
        XCTAssertEqual(site["api_site_parameter"] as? String, "cardano")
        XCTAssertEqual(site["name"] as? String, "Cardano")
        XCTAssertEqual(try json("/_double/inbox/read?user=eddex")["marked_read"] as? Int, 2)
        XCTAssertEqual(try items("/2.3/inbox/unread?key=k&access_token=\(reader)").count, 0)
        XCTAssertEqual(try items("/2.3/inbox?key=k&access_token=\(reader)").first?["is_unread"] as? Bool, false)
    }

    func testNotificationsAreListedPerSite() throws {
        let add = "/_double/notifications/add?user=eddex"
        XCTAssertEqual(try json(add + "&site=cardano&type=badge_earned&post=1&body=Nice+Question")["added"] as? Bool, true)
        XCTAssertEqual(try json(add + "&site=beer&type=generic")["added"] as? Bool, true)
        XCTAssertEqual(try get(add + "&site=beer&type=nonsense").status, 400)
        let reader = try token("eddex", scope: "read_inbox")
        let list = try items("/2.3/me/notifications?site=cardano&key=k&access_token=\(reader)")
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list.first?["notification_type"] as? String, "badge_earned")
        XCTAssertEqual(list.first?["post_id"] as? Int, 1)
        XCTAssertEqual(list.first?["body"] as? String, "Nice Question")
        XCTAssertEqual(list.first?["is_unread"] as? Bool, true)
        XCTAssertEqual((list.first?["site"] as? [String: Any])?["api_site_parameter"] as? String, "cardano")
        let writer = try token("eddex", scope: "write_access")
        assertError(try send(method: "GET", "/2.3/me/notifications/unread?site=cardano&key=k&access_token=\(writer)"),
                    403, "access_denied")
        _ = try json("/_double/inbox/read?user=eddex")
        XCTAssertEqual(try items("/2.3/me/notifications/unread?site=cardano&key=k&access_token=\(reader)").count, 0)
    }

    func testACreatedFilterAddsTheViewersFieldsWithAToken() throws {
        let include = "question.upvoted;question.downvoted;question.favorited;answer.upvoted;answer.accepted"
        let created = try items("/2.3/filters/create?include=\(include)&base=withbody&unsafe=false")
        let filter = try XCTUnwrap(created.first?["filter"] as? String)
        XCTAssertTrue(filter.hasPrefix("!"), filter)
        XCTAssertEqual(filter.count, 12)
        XCTAssertEqual(created.first?["filter_type"] as? String, "safe")
        let fields = try XCTUnwrap(created.first?["included_fields"] as? [String])
        XCTAssertTrue(fields.contains("question.upvoted") && fields.contains("question.body"), "\(fields)")
        let reordered = include.split(separator: ";").reversed().joined(separator: ";")
        let again = try items("/2.3/filters/create?include=\(reordered)&base=withbody")
        XCTAssertEqual(again.first?["filter"] as? String, filter, "the same filter, the same string")

        let eddex = try token("eddex")
        XCTAssertEqual(try write("/questions/1/upvote", token: eddex).status, 200)
        let mine = try items("/2.3/questions/1?site=cardano&filter=\(filter)&key=k&access_token=\(eddex)")
        XCTAssertEqual(mine.first?["upvoted"] as? Bool, true)
        XCTAssertEqual(mine.first?["downvoted"] as? Bool, false)
        XCTAssertEqual(mine.first?["favorited"] as? Bool, false)
        XCTAssertNotNil(mine.first?["body"] as? String, "base withbody")
        let answers = try items("/2.3/questions/507/answers?site=cardano&filter=\(filter)&key=k&access_token=\(eddex)")
        XCTAssertEqual(answers.first { $0["answer_id"] as? Int == 509 }?["accepted"] as? Bool, true)
        XCTAssertNil(answers.first?["downvoted"], "answer.downvoted was not included")
        let anonymous = try items("/2.3/questions/1?site=cardano&filter=\(filter)")
        XCTAssertNil(anonymous.first?["upvoted"], "no token: no viewer fields")
        XCTAssertEqual(anonymous.first?["score"] as? Int, 37, "everyone sees the new score")
        let unknown = try items("/2.3/questions/1?site=cardano&filter=!nothingKnown&key=k&access_token=\(eddex)")
        XCTAssertNil(unknown.first?["upvoted"])
        XCTAssertNil(unknown.first?["body"], "an unknown filter changes nothing")
    }

    func testTheWritesLogNamesTheUserNotTheToken() throws {
        let eddex = try token("eddex")
        XCTAssertEqual(try write("/questions/1/upvote", token: eddex).status, 200)
        _ = try write("/questions/2/answers/add", token: eddex, ["body": "A body that is long enough to be an answer."])
        _ = try write("/questions/1/upvote", token: "forged")
        let log = try writesLog()
        XCTAssertEqual(log.count, 3)
        let first = try XCTUnwrap(log.first)
        XCTAssertEqual(first["method"] as? String, "POST")
        XCTAssertEqual(first["path"] as? String, "/questions/1/upvote")
        XCTAssertEqual(first["site"] as? String, "cardano")
        XCTAssertEqual(first["status"] as? Int, 200)
        XCTAssertEqual((first["fields"] as? [String: Any])?["access_token"] as? String, "user:eddex")
        XCTAssertEqual((first["fields"] as? [String: Any])?["key"] as? String, "k")
        XCTAssertEqual(log[1]["created_id"] as? Int, 90_000_001)
        XCTAssertEqual((log[1]["fields"] as? [String: Any])?["body"] as? String, "A body that is long enough to be an answer.")
        XCTAssertEqual(log[2]["status"] as? Int, 400)
        XCTAssertEqual((log[2]["fields"] as? [String: Any])?["access_token"] as? String, "unknown")
        let text = String(decoding: try get("/_double/writes").body, as: UTF8.self)
        XCTAssertFalse(text.contains(eddex), "the token itself is never in the writes log")
        _ = try get("/_double/writes/clear")
        XCTAssertEqual(try writesLog().count, 0)
    }

    func testTheRequestLogRedactsTokens() throws {
        let eddex = try token("eddex")
        _ = try items("/2.3/me?site=cardano&key=k&access_token=\(eddex)")
        _ = try send(method: "GET", "/2.3/questions/1/upvote?site=cardano&access_token=\(eddex)&key=k")
        XCTAssertEqual(try write("/questions/1/upvote", token: eddex).status, 200)
        let log = try double.requestLog()
        XCTAssertTrue(log.contains("GET /2.3/me?site=cardano&key=k&access_token=REDACTED"), "\(log)")
        XCTAssertTrue(log.contains("GET /2.3/questions/1/upvote?site=cardano&access_token=REDACTED&key=k"), "\(log)")
        XCTAssertTrue(log.contains("POST /2.3/questions/1/upvote"), "\(log)")
        XCTAssertFalse(log.joined(separator: "\n").contains(eddex), "\(log)")
    }
}
