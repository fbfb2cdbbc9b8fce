import Foundation
import NIOConcurrencyHelpers
import GRDB
import StackAPI
import StackRetrieval
import TestSupport
import XCTest
@testable import StackStore

/// The store's memory through the app's door: saved questions (kept for good, later answers too), search history,
/// the mark from before an opening, the freshness rule, and a failed write reported once while the app goes on.
final class LocalMemoryTests: LocalStoreTestCase {

    private func realThread(_ id: Int) throws -> QuestionThread {
        guard let thread = try RealThreads.thread(site: "cardano", questionID: id) else { throw XCTSkip("SKIPPED: no shared data") }
        return thread
    }

    func testSavedQuestionsComeBackLatestFirstWithTheSitesMemory() throws {
        let questions = (1...3).map { Fixtures.question(id: $0, title: "Question \($0)") }
        local.keep(questions: questions, site: "cardano")
        local.flush() // a save is of a question the store holds; the user's writes pass queued copies
        local.remember(.setSaved(site: "cardano", questionID: 2, saved: true, at: Date()))
        Thread.sleep(forTimeInterval: 1.1) // saved_at has one-second steps
        local.remember(.setSaved(site: "cardano", questionID: 3, saved: true, at: Date()))
        local.remember(.addSearch(site: "cardano", query: "staking", at: Date()))
        local.remember(.addSearch(site: "cardano", query: "nft", at: Date()))
        let saved = try value("saved") { local.read(.afterWrites, { try $0.savedQuestions(site: "cardano") }, completion: $0) }
        XCTAssertEqual(saved.map(\.question.questionID), [3, 2])
        let searches = try value("searches") { local.read(.afterRemembered, { try $0.searchHistory(site: "cardano", limit: 50) }, completion: $0) }
        XCTAssertEqual(Set(searches), ["staking", "nft"])
        XCTAssertEqual(try value("saved ids") { local.read(.afterRemembered, { try $0.savedIDs(site: "cardano") }, completion: $0) }, [2, 3])
        local.remember(.setSaved(site: "cardano", questionID: 3, saved: false, at: Date()))
        let unsaved = try value("saved") { local.read(.afterWrites, { try $0.savedQuestions(site: "cardano") }, completion: $0) }
        XCTAssertEqual(unsaved.map(\.question.questionID), [2])
    }

    func testASavedThreadAndTheAnswersThatCameLaterAreNeverEvicted() throws {
        let full = try realThread(4)
        var early = full
        early.answers = Array(full.answers.prefix(2))
        local.keep { [early] in try $0.keep(thread: early, site: "cardano") }
        local.keep(questions: (1_000...1_040).map { Fixtures.question(id: $0, body: String(repeating: "<p>filler</p>", count: 50)) },
                   site: "cardano")
        local.flush() // a save is of a question the store holds; the user's writes pass queued copies
        local.remember(.setSaved(site: "cardano", questionID: 4, saved: true, at: Date()))
        local.keep { try $0.keep(thread: full, site: "cardano") } // two answers arrived since it was saved
        local.flush()
        try store.evict(toBytes: 0)
        let kept = try XCTUnwrap(try store.thread(site: "cardano", questionID: 4))
        XCTAssertEqual(kept.thread.answers.map(\.answerID).sorted(), full.answers.map(\.answerID).sorted())
        XCTAssertEqual(kept.stored.origin, .saved)
        XCTAssertEqual(try store.questionCount(site: "cardano"), 1, "everything else cached went")
    }

    func testTheMarkBeforeAnOpeningIsReadBeforeTheOpeningsMark() throws {
        local.markRead(site: "cardano", [4: (answerCount: 2, lastActivity: Date(timeIntervalSince1970: 1_000))])
        let deliveries = Deliveries<ReadMark?>()
        local.read(.afterRemembered, { try $0.readMark(site: "cardano", questionID: 4) }, completion: deliveries.completion)
        local.markRead(site: "cardano", [4: (answerCount: 4, lastActivity: Date(timeIntervalSince1970: 9_000))])
        waitUntil("the old mark") { deliveries.count == 1 }
        XCTAssertEqual(try XCTUnwrap(deliveries.last).get()?.answerCount, 2)
    }

    func testWhatTheNetworkSentIsFreshForFiveMinutes() throws {
        let page = Page(items: (1...3).map { Fixtures.question(id: $0, title: "Q\($0)", body: "<p>\($0)</p>") }, hasMore: true, page: 1,
                        quotaRemaining: 250, quotaMax: 300)
        let key = QuestionListQuery(site: "cardano", sort: .hot, tagged: ["nft"], pageSize: 3).listKey(page: 1)
        local.keep { try $0.keep(listPage: page, key: key, site: "cardano") }
        local.flush()
        let since = Date().addingTimeInterval(-LocalDataManager.freshFor)
        let fresh = try XCTUnwrap(try store.listPage(key: key, page: 1, site: "cardano", fetchedSince: since))
        XCTAssertEqual(fresh.items.map(\.questionID), [1, 2, 3])
        XCTAssertEqual(fresh.items.map(\.body), ["<p>1</p>", "<p>2</p>", "<p>3</p>"])
        XCTAssertEqual(fresh.quotaRemaining, 250)
        XCTAssertTrue(fresh.hasMore)
        let later = Date().addingTimeInterval(1)
        XCTAssertNil(try store.listPage(key: key, page: 1, site: "cardano", fetchedSince: later))
        XCTAssertEqual(try store.question(site: "cardano", id: 2, withBodyFetchedSince: since)?.body, "<p>2</p>")
        XCTAssertNil(try store.question(site: "cardano", id: 2, withBodyFetchedSince: later))

        let thread = try realThread(4)
        XCTAssertNil(try store.thread(site: "cardano", questionID: 4, fetchedSince: since))
        local.keep { try $0.keep(thread: thread, site: "cardano") }
        local.flush()
        let stored = try XCTUnwrap(try store.thread(site: "cardano", questionID: 4, fetchedSince: since))
        XCTAssertEqual(stored.answers.count, thread.answers.count)
        XCTAssertNil(try store.thread(site: "cardano", questionID: 4, fetchedSince: later))

        local.keep { try $0.keep(comments: [:], ofPosts: [4, 25], site: "cardano") }
        local.flush()
        XCTAssertEqual(try store.comments(site: "cardano", postIDs: [4, 25], fetchedSince: since), [:])
        XCTAssertNil(try store.comments(site: "cardano", postIDs: [4], fetchedSince: since))
    }

    func testAFullDiskIsReportedOnceAndReadsGoOn() throws {
        local.keep(questions: [Fixtures.question(id: 1, title: "Before the disk filled")], site: "cardano")
        local.flush()
        // The writer may not grow the file any more: every write that needs a page fails as on a full disk.
        try store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1") }
        let reports = Reports()
        local.onFirstWriteFailure { reports.add($0) }
        for batch in 0..<3 {
            local.keep(questions: (0..<40).map { Fixtures.question(id: 100 + batch * 40 + $0, body: String(repeating: "<p>x</p>", count: 200)) },
                       site: "cardano")
        }
        local.flush()
        XCTAssertEqual(reports.all.count, 1, "\(reports.all)")
        XCTAssertTrue(reports.all.first?.contains("The local store could not be written") == true, "\(reports.all)")
        XCTAssertTrue(reports.all.first?.contains("full") == true, "\(reports.all)")
        let page = try local.storedPage(QuestionListQuery(site: "cardano", pageSize: 10), page: 1)
        XCTAssertEqual(page.stored.map(\.question.title), ["Before the disk filled"])
    }
}

/// Sentences handed to a failure handler, from any thread.
private final class Reports: Sendable {
    private let sentences = NIOLockedValueBox<[String]>([])
    var all: [String] { sentences.withLockedValue { $0 } }
    func add(_ sentence: String) { sentences.withLockedValue { $0.append(sentence) } }
}
