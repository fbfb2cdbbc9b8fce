import Foundation
import StackAPI
import XCTest
@testable import StackStore

final class StoreRoundTripTests: StoreTestCase {
    func testAQuestionWithAnswersAndCommentsReadsBackAsWritten() throws {
        let store = try openStore()
        let commenter = ShallowUser(userID: 9, displayName: "Grace & co")
        var asked = question(10, "Why <b> tags & \"quotes\"?", body: "<p>Body with <code>x &lt; y</code></p>",
                             tags: ["html", "entities"], score: 5, created: 1_000, activity: 2_000, answers: 2)
        asked.acceptedAnswerID = 12
        asked.link = "https://beer.stackexchange.com/q/10"
        asked.contentLicense = "CC BY-SA 4.0"
        asked.comments = [Comment(commentID: 100, postID: 10, score: 1, owner: commenter, creationDate: date(1_100),
                                  body: "first <em>comment</em>")]
        let accepted = Answer(answerID: 12, questionID: 10, score: 1, isAccepted: true, owner: commenter,
                              creationDate: date(1_200), body: "<p>accepted</p>",
                              comments: [Comment(commentID: 101, postID: 12, creationDate: date(1_300), body: "on the answer")])
        let higher = Answer(answerID: 11, questionID: 10, score: 9, creationDate: date(1_150), body: "<p>higher</p>")
        try store.save(thread: QuestionThread(question: asked, answers: [higher, accepted]), site: "beer", fetchedAt: date(5_000))

        let stored = try XCTUnwrap(try store.thread(site: "beer", questionID: 10))
        let read = stored.thread.question
        XCTAssertEqual(read.title, asked.title)
        XCTAssertEqual(read.body, asked.body)
        XCTAssertEqual(read.tags, ["html", "entities"])
        XCTAssertEqual(read.score, 5)
        XCTAssertEqual(read.answerCount, 2)
        XCTAssertEqual(read.acceptedAnswerID, 12)
        XCTAssertEqual(read.creationDate, date(1_000))
        XCTAssertEqual(read.lastActivityDate, date(2_000))
        XCTAssertEqual(read.owner, ShallowUser(userID: 7, displayName: "Ada"))
        XCTAssertEqual(read.link, asked.link)
        XCTAssertEqual(read.contentLicense, "CC BY-SA 4.0")
        XCTAssertEqual(read.comments?.map(\.body), ["first <em>comment</em>"])
        XCTAssertEqual(read.comments?.first?.owner?.displayName, "Grace & co")
        XCTAssertEqual(stored.thread.answers.map(\.answerID), [12, 11], "accepted first, then by score")
        XCTAssertEqual(stored.thread.answers.map(\.body), ["<p>accepted</p>", "<p>higher</p>"])
        XCTAssertEqual(stored.thread.answers[0].comments?.map(\.body), ["on the answer"])
        XCTAssertEqual(stored.stored.fetchedAt, date(5_000))
        XCTAssertEqual(stored.stored.origin, .network)
        XCTAssertNil(try store.thread(site: "beer", questionID: 99))
        XCTAssertNil(try store.thread(site: "coffee", questionID: 10))
    }

    func testAListResponseWithoutBodiesKeepsTheStoredBody() throws {
        let store = try openStore()
        try store.save(questions: [question(1, "Old title", body: "<p>kept</p>")], site: "beer")
        try store.save(questions: [question(1, "New title", score: 3)], site: "beer")
        let read = try XCTUnwrap(try store.thread(site: "beer", questionID: 1)).thread.question
        XCTAssertEqual(read.title, "New title")
        XCTAssertEqual(read.body, "<p>kept</p>")
        XCTAssertEqual(read.score, 3)
    }

    func testEachSortTheStoreComputes() throws {
        let store = try openStore()
        try store.save(questions: [
            question(1, "old, busy", score: 1, created: 100, activity: 900),
            question(2, "new, quiet", score: 2, created: 500, activity: 500),
            question(3, "middle, top", score: 9, created: 300, activity: 600),
            question(4, "tie with 3", tags: ["t"], score: 9, created: 300, activity: 600),
        ], site: "beer")
        func ids(_ sort: StoreSort, tag: String? = nil, offset: Int = 0, limit: Int = 30) throws -> [Int] {
            try store.questions(site: "beer", sort: sort, tag: tag, offset: offset, limit: limit).map(\.question.questionID)
        }
        XCTAssertEqual(try ids(.activity), [1, 4, 3, 2])
        XCTAssertEqual(try ids(.creation), [2, 4, 3, 1])
        XCTAssertEqual(try ids(.votes), [4, 3, 2, 1])
        XCTAssertEqual(try ids(.votes, offset: 1, limit: 2), [3, 2])
        XCTAssertEqual(try ids(.activity, tag: "t"), [4])
        XCTAssertEqual(try ids(.activity, tag: "none"), [])
        XCTAssertEqual(try store.questions(site: "nowhere", sort: .votes), [])
        XCTAssertEqual(StoreSort(.hot), nil)
        XCTAssertEqual(StoreSort(.votes), .votes)
    }

    func testReadMarksTellWhatChangedSinceReading() throws {
        let store = try openStore()
        try store.save(questions: [question(1, "Q", created: 100, activity: 200, answers: 1)], site: "beer")
        XCTAssertNil(try store.readMark(site: "beer", questionID: 1))
        try store.markRead(site: "beer", questionID: 1, answerCount: 1, lastActivity: date(200), at: date(300))
        XCTAssertEqual(try store.readMark(site: "beer", questionID: 1),
                       ReadMark(answerCount: 1, lastActivity: date(200), readAt: date(300)))
        var listed = try XCTUnwrap(try store.questions(site: "beer", sort: .activity).first)
        XCTAssertNotNil(listed.readMark)
        XCTAssertFalse(listed.isUpdatedSinceRead)
        try store.save(questions: [question(1, "Q", created: 100, activity: 400, answers: 3)], site: "beer")
        listed = try XCTUnwrap(try store.questions(site: "beer", sort: .activity).first)
        XCTAssertTrue(listed.isUpdatedSinceRead)
        XCTAssertEqual(listed.readMark?.answerCount, 1)
    }

    func testSavingKeepsAQuestionFromEvictionAndUnsavingReturnsIt() throws {
        let store = try openStore()
        var asked = question(1, "Q", body: "<p>b</p>")
        asked.answers = [Answer(answerID: 2, questionID: 1, creationDate: date(1), body: "<p>a</p>")]
        try store.save(questions: [asked, question(3, "other")], site: "beer")
        try store.setSaved(true, site: "beer", questionID: 1, at: date(50))
        XCTAssertEqual(try store.savedQuestions(site: "beer").map(\.question.questionID), [1])
        XCTAssertEqual(try store.thread(site: "beer", questionID: 1)?.stored.origin, .saved)
        let answerOrigins = try store.pool.read { db in try Int.fetchAll(db, sql: "SELECT origin FROM answer") }
        XCTAssertEqual(answerOrigins, [StoreOrigin.saved.rawValue])
        try store.save(questions: [question(1, "Q refreshed")], site: "beer")
        XCTAssertEqual(try store.thread(site: "beer", questionID: 1)?.stored.origin, .saved, "a refresh never lowers the origin")
        try store.setSaved(false, site: "beer", questionID: 1)
        XCTAssertEqual(try store.savedQuestions(site: "beer"), [])
        XCTAssertEqual(try store.thread(site: "beer", questionID: 1)?.stored.origin, .network)
    }

    func testSearchHistoryAndFetchTimesPersist() throws {
        var store = try openStore()
        try store.addSearch("qubit", site: "beer", at: date(1))
        try store.addSearch("gate", site: "beer", at: date(2))
        try store.addSearch("qubit", site: "beer", at: date(3))
        try store.recordFetch(key: "beer/activity/1", at: date(42))
        try store.save(sites: [Site(name: "Beer", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com")])
        store = try openStore()
        XCTAssertEqual(try store.searchHistory(site: "beer"), ["qubit", "gate"])
        XCTAssertEqual(try store.lastFetch(key: "beer/activity/1"), date(42))
        XCTAssertNil(try store.lastFetch(key: "never"))
    }
}
