import Foundation
import StackDump
import TestSupport
import XCTest

/// Sorts, filters and the content of each route, checked against the dump read directly.
final class DoubleRoutesTests: DoubleHTTPTestCase {
    private func isOrdered(_ values: [Int], descending: Bool) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { descending ? $0 >= $1 : $0 <= $1 }
    }

    func testEachSortOrdersItsField() throws {
        let fields = ["activity": "last_activity_date", "creation": "creation_date", "votes": "score"]
        for (sort, field) in fields {
            for order in ["desc", "asc"] {
                let values = try items("/2.3/questions?site=cardano&pagesize=100&sort=\(sort)&order=\(order)")
                    .compactMap { $0[field] as? Int }
                XCTAssertEqual(values.count, 100, "\(sort) \(order)")
                XCTAssertTrue(isOrdered(values, descending: order == "desc"), "\(sort) \(order) orders \(field)")
            }
        }
        let answers = try items("/2.3/answers?site=cardano&pagesize=50&sort=votes").compactMap { $0["score"] as? Int }
        XCTAssertTrue(isOrdered(answers, descending: true))
    }

    func testWeekAndMonthKeepRecentActivityOrderedByVotes() throws {
        let newest = try XCTUnwrap(try items("/2.3/questions?site=cardano&pagesize=1&sort=activity").first?["last_activity_date"] as? Int)
        for (sort, days) in [("week", 7), ("month", 30)] {
            let list = try allItems("/2.3/questions", "site=cardano&sort=\(sort)")
            XCTAssertFalse(list.isEmpty, sort)
            XCTAssertTrue(isOrdered(list.compactMap { $0["score"] as? Int }, descending: true), sort)
            XCTAssertTrue(list.allSatisfy { ($0["last_activity_date"] as? Int ?? 0) >= newest - days * 86_400 - 1 }, sort)
        }
        let hot = try items("/2.3/questions?site=cardano&sort=hot")
        XCTAssertEqual(hot.count, 30)
    }

    func testTaggedIsAnAndOfTags() throws {
        let folder = try XCTUnwrap(SharedData.path("dumps/cardano"))
        let questions = try DumpReader.posts(inFolder: folder).filter(\.isQuestion)
        let expectedBoth = Set(questions.filter { $0.tags.contains("cardano-cli") && $0.tags.contains("cardano-node") }.map(\.id))
        let expectedOne = Set(questions.filter { $0.tags.contains("cardano-cli") }.map(\.id))
        let both = try allItems("/2.3/questions", "site=cardano&tagged=cardano-cli;cardano-node")
        let one = try allItems("/2.3/questions", "site=cardano&tagged=cardano-cli")
        XCTAssertEqual(Set(both.compactMap { $0["question_id"] as? Int }), expectedBoth)
        XCTAssertEqual(Set(one.compactMap { $0["question_id"] as? Int }), expectedOne)
        XCTAssertGreaterThan(expectedOne.count, expectedBoth.count)
        XCTAssertFalse(expectedBoth.isEmpty)
    }

    func testFromDateAndToDateFilterCreation() throws {
        let from = 1_630_000_000, to = 1_632_000_000
        let list = try allItems("/2.3/questions", "site=cardano&fromdate=\(from)&todate=\(to)")
        XCTAssertFalse(list.isEmpty)
        XCTAssertTrue(list.allSatisfy { (from...to).contains($0["creation_date"] as? Int ?? 0) })
    }

    func testQuestionByIDWithBodyAndEscapedTitle() throws {
        let plain = try XCTUnwrap(try items("/2.3/questions/3734?site=cardano").first)
        XCTAssertNil(plain["body"], "bodies only with filter=withbody")
        let question = try XCTUnwrap(try items("/2.3/questions/3734;1?site=cardano&filter=withbody").first { $0["question_id"] as? Int == 3734 })
        XCTAssertEqual(question["title"] as? String, "cardano-cli: Network.Socket.connect: &lt;socket: 11&gt;: does not exist")
        XCTAssertTrue((question["body"] as? String ?? "").contains("&lt;socket: 11&gt;"))
        XCTAssertEqual(question["accepted_answer_id"] as? Int, 3739)
        XCTAssertEqual(question["is_answered"] as? Bool, true)
        XCTAssertEqual(question["tags"] as? [String], ["cardano-cli", "cardano-node"])
        XCTAssertEqual(question["content_license"] as? String, "CC BY-SA 4.0")
        XCTAssertEqual(question["link"] as? String,
                       "https://cardano.stackexchange.com/questions/3734/cardano-cli-network-socket-connect-socket-11-does-not-exist")
        let owner = try XCTUnwrap(question["owner"] as? [String: Any])
        XCTAssertEqual(owner["user_id"] as? Int, 4061)
        XCTAssertEqual(owner["user_type"] as? String, "registered")
        XCTAssertNotNil(owner["display_name"] as? String)
        XCTAssertTrue((owner["link"] as? String ?? "").hasPrefix("https://cardano.stackexchange.com/users/4061/"))
    }

    func testTitlesAreHTMLEscapedLikeTheAPI() throws {
        let all = try allItems("/2.3/questions", "site=cardano")
        let titles = all.compactMap { $0["title"] as? String }
        XCTAssertEqual(titles.count, 1042)
        XCTAssertTrue(titles.contains { $0.contains("&#39;") }, "apostrophes become &#39;")
        XCTAssertFalse(titles.contains { $0.contains("'") || $0.contains("\"") || $0.contains("<") })
    }

    func testAnswersOfAQuestionMarkTheAcceptedOne() throws {
        let answers = try items("/2.3/questions/3734/answers?site=cardano&filter=withbody")
        XCTAssertEqual(Set(answers.compactMap { $0["answer_id"] as? Int }).contains(3739), true)
        for answer in answers {
            XCTAssertEqual(answer["question_id"] as? Int, 3734)
            XCTAssertEqual(answer["is_accepted"] as? Bool, answer["answer_id"] as? Int == 3739)
            XCTAssertFalse((answer["body"] as? String ?? "").isEmpty)
        }
    }

    func testLatestAnswersFeedIsNewestFirstAcrossTheSite() throws {
        let feed = try items("/2.3/answers?site=quantumcomputing&sort=creation&pagesize=10")
        XCTAssertEqual(feed.count, 10)
        XCTAssertTrue(isOrdered(feed.compactMap { $0["creation_date"] as? Int }, descending: true))
        XCTAssertEqual(Set(feed.compactMap { $0["question_id"] as? Int }).count > 1, true)
    }

    func testCommentsOfPosts() throws {
        let comments = try allItems("/2.3/posts/3734;4/comments", "site=cardano")
        XCTAssertFalse(comments.isEmpty)
        XCTAssertTrue(comments.allSatisfy { [3734, 4].contains($0["post_id"] as? Int ?? 0) })
        XCTAssertTrue(comments.allSatisfy { !($0["body"] as? String ?? "").isEmpty })
    }

    func testSearchAdvanced() throws {
        let hits = try allItems("/2.3/search/advanced", "site=cardano&q=SOCKET%2011")
        XCTAssertTrue(hits.contains { $0["question_id"] as? Int == 3734 })
        let titled = try allItems("/2.3/search/advanced", "site=cardano&title=socket")
        XCTAssertTrue(titled.allSatisfy { ($0["title"] as? String ?? "").lowercased().contains("socket") })
        XCTAssertFalse(titled.isEmpty)
        let accepted = try allItems("/2.3/search/advanced", "site=cardano&q=plutus&accepted=true&tagged=plutus")
        XCTAssertFalse(accepted.isEmpty)
        XCTAssertTrue(accepted.allSatisfy { $0["accepted_answer_id"] != nil && ($0["tags"] as? [String] ?? []).contains("plutus") })
        let relevant = try items("/2.3/search/advanced?site=cardano&q=socket&sort=relevance")
        XCTAssertTrue((relevant.first?["title"] as? String ?? "").lowercased().contains("socket"))
    }

    func testSearchTakesExactlyTheSearchSorts() throws {
        let fields = ["activity": "last_activity_date", "creation": "creation_date", "votes": "score"]
        for (sort, field) in fields {
            let values = try items("/2.3/search/advanced?site=cardano&q=plutus&pagesize=100&sort=\(sort)").compactMap { $0[field] as? Int }
            XCTAssertGreaterThan(values.count, 1, sort)
            XCTAssertTrue(isOrdered(values, descending: true), "search by \(sort) orders \(field)")
        }
        for sort in ["hot", "week", "month"] {
            XCTAssertEqual(try json("/2.3/search/advanced?site=cardano&q=plutus&sort=\(sort)", status: 400)["error_name"] as? String,
                           "bad_parameter", "/search/advanced refuses sort=\(sort), as the API does")
        }
    }

    func testPostsOnlyDumpsStillHaveOwners() throws {
        let question = try XCTUnwrap(try items("/2.3/questions/1?site=beer").first)
        let owner = try XCTUnwrap(question["owner"] as? [String: Any])
        XCTAssertEqual(owner["user_id"] as? Int, 7)
        XCTAssertEqual(question["content_license"] as? String, "CC BY-SA 3.0")
    }
}
