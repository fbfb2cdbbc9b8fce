import Foundation
import GRDB
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// The size limit: the oldest network-cached content goes first; imported and saved content never goes.
final class StoreEvictionTests: StoreTestCase {
    /// A body of about `kilobytes` KB whose words are its own (`q7w12`…), so a search finds only it.
    private func body(_ id: Int, kilobytes: Int = 16) -> String {
        "<p>" + (0..<(kilobytes * 1024 / 8)).map { "q\(id)w\($0 % 500)" }.joined(separator: " ") + "</p>"
    }

    /// Saves network questions `ids`, one response each, fetched one minute apart in id order (with an answer each).
    private func cache(_ ids: ClosedRange<Int>, into store: Store, site: String = "beer") throws {
        for id in ids {
            var question = question(id, "Cached question \(id)", body: body(id), tags: ["cached"])
            question.answers = [Answer(answerID: 100_000 + id, questionID: id, creationDate: date(1_000), body: body(id, kilobytes: 4))]
            try store.save(questions: [question], site: site, fetchedAt: date(10_000 + id * 60))
        }
    }

    private func networkQuestionIDs(_ store: Store) throws -> [Int] {
        try store.pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM question WHERE origin = 0 ORDER BY id").map(StoreKey.id)
        }
    }

    private func checkIndex(_ store: Store) throws {
        try store.pool.write { db in try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('integrity-check', 0)") }
        try assertIndexesMatchRows(store)
    }

    func testTheOldestCachedQuestionsGoFirstUntilUnderTheLimit() throws {
        let store = try Store(fileURL: storeFile, maxBytes: nil)
        try cache(1...40, into: store)
        try store.setSaved(true, site: "beer", questionID: 1)
        let used = try store.usedBytes()
        let limit = used - 200 * 1024
        let summary = try store.evict(toBytes: limit)
        XCTAssertLessThanOrEqual(try store.usedBytes(), limit)
        XCTAssertGreaterThan(summary.questions, 0)
        XCTAssertEqual(summary.answers, summary.questions, "each question went with its answer")
        let left = try networkQuestionIDs(store)
        XCTAssertFalse(left.isEmpty, "only the excess was evicted")
        // The oldest went: what is left is the newest, in one run up to 40; the saved one stays.
        XCTAssertEqual(left, Array((40 - left.count + 1)...40))
        XCTAssertNotNil(try store.thread(site: "beer", questionID: 1), "saved content is never evicted")
        let evicted = left.first! - 1
        XCTAssertNil(try store.thread(site: "beer", questionID: evicted))
        XCTAssertEqual(try store.search("q\(evicted)w3", site: "beer").count, 0, "gone from the index too")
        XCTAssertEqual(try store.search("q40w3", site: "beer").map(\.questionID), [40])
        XCTAssertEqual(try store.questions(site: "beer", sort: .creation, tag: "cached", limit: 100).count, left.count + 1)
        try checkIndex(store)
    }

    func testImportedContentStaysWhateverTheLimit() throws {
        guard let folder = SharedData.path("dumps/conlang.meta") else { throw XCTSkip("SKIPPED: no shared data") }
        let store = try Store(fileURL: storeFile, maxBytes: nil)
        try store.importDump(folder: folder, site: "conlang.meta")
        let imported = try store.questionCount(site: "conlang.meta")
        let importedQuestion = try XCTUnwrap(try store.questions(site: "conlang.meta", sort: .votes, limit: 1).first)
        let answersBefore = try XCTUnwrap(try store.thread(site: "conlang.meta", questionID: importedQuestion.question.questionID))
            .thread.answers.count
        try cache(1...5, into: store)
        // A fresh answer fetched for an imported question is network content: it may go, the question may not.
        let fresh = Answer(answerID: 900_000, questionID: importedQuestion.question.questionID, creationDate: date(5), body: body(9))
        try store.save(answers: [fresh], site: "conlang.meta", fetchedAt: date(1))
        let summary = try store.evict(toBytes: 1)
        XCTAssertEqual(summary.questions, 5)
        XCTAssertEqual(summary.answers, 6)
        XCTAssertEqual(try networkQuestionIDs(store), [])
        XCTAssertEqual(try store.questionCount(site: "conlang.meta"), imported)
        let thread = try XCTUnwrap(try store.thread(site: "conlang.meta", questionID: importedQuestion.question.questionID))
        XCTAssertEqual(thread.thread.answers.count, answersBefore)
        XCTAssertGreaterThan(try store.usedBytes(), 1, "what cannot be evicted stays; eviction stops")
        try checkIndex(store)
    }

    func testNetworkWritesKeepTheStoreUnderItsLimit() throws {
        // The limit leaves 1 MB above what the empty store's tables and indexes take (pages of 16 KB each).
        let empty = try Store(fileURL: storeFile, maxBytes: nil).usedBytes()
        let limit = empty + (1 << 20)
        let store = try Store(fileURL: storeFile, maxBytes: limit)
        try cache(1...100, into: store)
        XCTAssertLessThanOrEqual(try store.usedBytes(), limit)
        let left = try networkQuestionIDs(store)
        XCTAssertTrue(left.contains(100), "the newest stays")
        XCTAssertFalse(left.contains(1), "the oldest went")
        XCTAssertEqual(left, Array(100 - left.count + 1 ..< 101), "the newest, without a gap")
        try checkIndex(store)
    }
}
