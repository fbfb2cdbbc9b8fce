import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// The newest-answers feed and an answer's question, answered by the store as the API answers them.
final class StoreAnswerFeedTests: StoreTestCase {
    func testTheFeedPagesThroughEveryImportedAnswerNewestFirstWithItsQuestion() throws {
        let store = try importedStore("cardano")
        var feed: [Answer] = []
        while true {
            let page = try store.latestAnswers(site: "cardano", offset: feed.count, limit: 100)
            feed += page
            if page.count < 100 { break }
        }
        XCTAssertEqual(feed.count, 1496, "every answer of the dump (its README's count)")
        XCTAssertEqual(Set(feed.map(\.answerID)).count, feed.count)
        let order = feed.map { [Int($0.creationDate?.timeIntervalSince1970 ?? -1), $0.answerID] }
        XCTAssertEqual(order, order.sorted { $0.lexicographicallyPrecedes($1) }.reversed(), "newest first, ties by higher id")
        // Each answer as its thread holds it, plus the question's title and tags and a link.
        for answer in feed.prefix(40) {
            let thread = try XCTUnwrap(try store.thread(site: "cardano", questionID: answer.questionID))
            var inThread = try XCTUnwrap(thread.thread.answers.first { $0.answerID == answer.answerID })
            inThread.comments = nil
            inThread.title = thread.thread.question.title
            inThread.tags = thread.thread.question.tags
            XCTAssertEqual(answer, inThread)
            XCTAssertEqual(answer.link, "https://cardano.stackexchange.com/a/\(answer.answerID)")
            XCTAssertNotNil(answer.body)
            XCTAssertFalse(answer.tags.isEmpty)
        }
        XCTAssertGreaterThan(feed.prefix(40).filter { $0.owner?.displayName != nil }.count, 30, "owners from Users.xml")
        XCTAssertEqual(try store.latestAnswers(site: "beer"), [], "a site the store does not hold")
    }

    func testCachedAnswersComeInTheFeedWithTiesByHigherID() throws {
        let store = try openStore()
        var asked = question(5, "Brewing water", tags: ["water"])
        asked.answers = [
            Answer(answerID: 6, questionID: 5, creationDate: date(200), body: "<p>a</p>", link: "https://x.test/a/6"),
            Answer(answerID: 8, questionID: 5, creationDate: date(200), body: "<p>b</p>"),
            Answer(answerID: 7, questionID: 5, creationDate: date(300), body: "<p>c</p>"),
        ]
        try store.save(questions: [asked], site: "beer")
        let feed = try store.latestAnswers(site: "beer", limit: 2)
        XCTAssertEqual(feed.map(\.answerID), [7, 8])
        XCTAssertEqual(try store.latestAnswers(site: "beer", offset: 2, limit: 2).map(\.link), ["https://x.test/a/6"])
        XCTAssertEqual(feed.map(\.title), ["Brewing water", "Brewing water"])
        XCTAssertEqual(feed.first?.tags, ["water"])
    }

    func testAnAnswersQuestionIsFoundInTheStore() throws {
        let store = try importedStore("cardano")
        let questionID = try XCTUnwrap(try store.questionID(ofAnswer: 4371, site: "cardano"), "the issue's answer link")
        let thread = try XCTUnwrap(try store.thread(site: "cardano", questionID: questionID))
        XCTAssertTrue(thread.thread.answers.contains { $0.answerID == 4371 })
        XCTAssertNil(try store.questionID(ofAnswer: questionID, site: "cardano"), "a question is not an answer")
        XCTAssertNil(try store.questionID(ofAnswer: 4371, site: "beer"))
        XCTAssertNil(try store.questionID(ofAnswer: 999_999_999, site: "cardano"))
        XCTAssertNil(try store.questionID(ofAnswer: 4371 + (1 << 40), site: "cardano"), "an id beyond a key's bits")
    }
}
