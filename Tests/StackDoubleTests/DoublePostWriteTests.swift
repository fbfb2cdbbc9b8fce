import Foundation
import XCTest

/// Answers and comments written through the double: preview vs add, the new post in the next reads, the length
/// rules, the duplicate, and bookmarks and acceptance (issue 31 part 7).
final class DoublePostWriteTests: DoubleWriteTestCase {
    private let markdown = "Use **cardano-cli** with `--mainnet`:\n\n    cardano-cli query tip --mainnet\n\nSee [docs](https://docs.cardano.org/) <b>"

    func testPreviewRendersMarkdownAndCreatesNothing() throws {
        let adam = try token("Adam Lear")
        let preview = try write("/questions/2/answers/add", token: adam, ["body": markdown, "preview": "true"])
        XCTAssertEqual(preview.status, 200, "\(preview.object)")
        XCTAssertEqual(preview.first["answer_id"] as? Int, 0, "a preview's id is 0")
        XCTAssertEqual(preview.first["question_id"] as? Int, 2)
        XCTAssertEqual(preview.first["body_markdown"] as? String, markdown)
        XCTAssertEqual(preview.first["body"] as? String, """
            <p>Use <strong>cardano-cli</strong> with <code>--mainnet</code>:</p>

            <pre><code>cardano-cli query tip --mainnet
            </code></pre>

            <p>See <a href="https://docs.cardano.org/" rel="nofollow noreferrer">docs</a> &lt;b&gt;</p>

            """)
        XCTAssertEqual((preview.first["owner"] as? [String: Any])?["display_name"] as? String, "Adam Lear")
        let answers = try items("/2.3/questions/2/answers?site=cardano")
        XCTAssertEqual(answers.count, 3, "the dump's three answers only")
        XCTAssertNil(try writesLog().first?["created_id"], "the write is logged without a created id")
    }

    func testAnAddedAnswerAppearsInTheNextReads() throws {
        let adam = try token("Adam Lear")
        let added = try write("/questions/2/answers/add", token: adam, ["body": markdown, "filter": "withbody"])
        XCTAssertEqual(added.status, 200, "\(added.object)")
        let id = try XCTUnwrap(added.first["answer_id"] as? Int)
        XCTAssertEqual(id, 90_000_001)
        let listed = try items("/2.3/questions/2/answers?site=cardano&filter=withbody")
        let mine = try XCTUnwrap(listed.first { $0["answer_id"] as? Int == id }, "\(listed)")
        XCTAssertEqual((mine["owner"] as? [String: Any])?["user_id"] as? Int, 1)
        XCTAssertTrue((mine["body"] as? String)?.contains("<strong>cardano-cli</strong>") == true)
        XCTAssertEqual(try items("/2.3/answers/\(id)?site=cardano").first?["question_id"] as? Int, 2)
        XCTAssertEqual(try items("/2.3/questions/2?site=cardano").first?["answer_count"] as? Int, 4)
        let second = try write("/questions/2/answers/add", token: adam, ["body": markdown + " again"])
        XCTAssertEqual(second.first["answer_id"] as? Int, 90_000_002)
    }

    func testAnAddedCommentAppearsOnItsPost() throws {
        let eddex = try token("eddex")
        let text = "Thanks, *this* works with `node 1.35`!"
        let added = try write("/posts/12/comments/add", token: eddex, ["body": text])
        XCTAssertEqual(added.status, 200, "\(added.object)")
        let id = try XCTUnwrap(added.first["comment_id"] as? Int)
        XCTAssertGreaterThanOrEqual(id, 90_000_001)
        XCTAssertEqual(added.first["body"] as? String, "Thanks, <em>this</em> works with <code>node 1.35</code>!")
        XCTAssertEqual(added.first["body_markdown"] as? String, text)
        let comments = try items("/2.3/posts/12/comments?site=cardano")
        let mine = try XCTUnwrap(comments.first { $0["comment_id"] as? Int == id }, "\(comments)")
        XCTAssertEqual(mine["body"] as? String, "Thanks, <em>this</em> works with <code>node 1.35</code>!")
        XCTAssertEqual((mine["owner"] as? [String: Any])?["display_name"] as? String, "eddex")
        let preview = try write("/posts/12/comments/add", token: eddex, ["body": text + " (2)", "preview": "true"])
        XCTAssertEqual(preview.first["comment_id"] as? Int, 0)
        XCTAssertEqual(try items("/2.3/posts/12/comments?site=cardano").count, comments.count, "a preview adds nothing")
    }

    func testBodiesTooShortOrTooLongAreBadParameters() throws {
        let adam = try token("Adam Lear")
        assertError(try write("/questions/2/answers/add", token: adam, ["body": "Too short to help."]), 400, "bad_parameter",
                    "body must be at least 30 characters; you entered 18")
        assertError(try write("/posts/12/comments/add", token: adam, ["body": "Nice one"]), 400, "bad_parameter",
                    "body must be at least 15 characters; you entered 8")
        assertError(try write("/posts/12/comments/add", token: adam, ["body": String(repeating: "x", count: 601)]), 400,
                    "bad_parameter", "body cannot be longer than 600 characters; you entered 601")
    }

    func testTheSameBodyTwiceIsADuplicateRequest() throws {
        let adam = try token("Adam Lear")
        XCTAssertEqual(try write("/questions/2/answers/add", token: adam, ["body": markdown]).status, 200)
        assertError(try write("/questions/2/answers/add", token: adam, ["body": markdown]), 409, "duplicate_request")
        XCTAssertEqual(try write("/questions/3/answers/add", token: adam, ["body": markdown]).status, 200,
                       "another post is no duplicate")
    }

    func testBookmarksAndTheFavoritesList() throws {
        let eddex = try token("eddex")
        let first = try write("/questions/1/favorite", token: eddex)
        XCTAssertEqual(first.first["favorited"] as? Bool, true)
        XCTAssertEqual(try write("/questions/3/favorite", token: eddex).first["favorited"] as? Bool, true)
        assertError(try write("/questions/3/favorite", token: eddex), 407, "write_failed",
                    "You have already favorited this question.")
        let list = try items("/2.3/me/favorites?site=cardano&key=k&access_token=\(eddex)")
        XCTAssertEqual(list.compactMap { $0["question_id"] as? Int }, [3, 1], "newest bookmark first")
        XCTAssertEqual(list.first?["favorited"] as? Bool, true)
        XCTAssertEqual(try write("/questions/3/favorite/undo", token: eddex).first["favorited"] as? Bool, false)
        let after = try items("/2.3/me/favorites?site=cardano&key=k&access_token=\(eddex)")
        XCTAssertEqual(after.compactMap { $0["question_id"] as? Int }, [1])
        assertError(try write("/questions/3/favorite/undo", token: eddex), 407, "write_failed",
                    "You have not favorited this question.")
    }

    func testOnlyTheQuestionsOwnerAccepts() throws {
        // Question 507 is eddex's; 509 is its accepted answer, 549 another.
        assertError(try write("/answers/549/accept", token: try token("Adam Lear")), 407, "write_failed",
                    "Only the question owner can accept an answer.")
        let eddex = try token("eddex")
        let accepted = try write("/answers/549/accept", token: eddex)
        XCTAssertEqual(accepted.first["is_accepted"] as? Bool, true)
        XCTAssertEqual(accepted.first["accepted"] as? Bool, true)
        XCTAssertEqual(try items("/2.3/questions/507?site=cardano").first?["accepted_answer_id"] as? Int, 549)
        let others = try items("/2.3/answers/509?site=cardano")
        XCTAssertEqual(others.first?["is_accepted"] as? Bool, false, "the earlier accepted answer no longer is")
        let undone = try write("/answers/549/accept/undo", token: eddex)
        XCTAssertEqual(undone.first["is_accepted"] as? Bool, false)
        XCTAssertNil(try items("/2.3/questions/507?site=cardano").first?["accepted_answer_id"] as? Int)
        assertError(try write("/answers/549/accept/undo", token: eddex), 407, "write_failed", "This answer is not accepted.")
    }
}
