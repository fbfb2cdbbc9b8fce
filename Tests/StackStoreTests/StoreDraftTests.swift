import Foundation
import GRDB
import TestSupport
import XCTest
@testable import StackStore

/// Issue 31, part 6: the user's drafts of answers and comments are kept in the store until the post is sent, replaced
/// by a newer edit, removed only while still the one kept, bounded in size, and never touched by `forget`, eviction
/// or vacuum; a store of the previous version gains their table and keeps what it held.
final class StoreDraftTests: StoreTestCase {
    private let answer = DraftTarget.answer(questionID: 42)
    private let comment = DraftTarget.comment(postID: 42)

    private func draft(_ text: String, _ target: DraftTarget? = nil, site: String = "coffee", at seconds: Double) -> StoredDraft {
        StoredDraft(site: site, target: target ?? answer, text: text, updatedAt: Date(timeIntervalSince1970: seconds))
    }

    func testADraftIsSavedReadReplacedAndDeleted() throws {
        let store = try openStore()
        XCTAssertNil(try store.draft(site: "coffee", target: answer), "none yet, on a site the store does not know")
        let first = draft("Grind *finer*.\n\n    code", at: 1_700_000_000.123)
        try store.saveDraft(first)
        XCTAssertEqual(try store.draft(site: "coffee", target: answer), first, "text and time (to the millisecond) as saved")
        XCTAssertNil(try store.draft(site: "coffee", target: comment), "a comment on the same post is another draft")
        XCTAssertNil(try store.draft(site: "beer", target: answer), "the same id on another site is another draft")

        let second = draft("Grind finer, and tamp — évidemment.", at: 1_700_000_100.5)
        try store.saveDraft(second)
        let onComment = draft("Nice.", comment, at: 1_700_000_050)
        try store.saveDraft(onComment)
        let elsewhere = draft("Hops.", site: "beer", at: 1_700_000_200)
        try store.saveDraft(elsewhere)
        XCTAssertEqual(try store.draft(site: "coffee", target: answer), second, "the newer edit replaced the first")
        XCTAssertEqual(try store.drafts(), [elsewhere, second, onComment], "newest first, every site")

        try store.deleteDraft(site: "coffee", target: answer, ifUpdatedAt: nil)
        XCTAssertNil(try store.draft(site: "coffee", target: answer))
        XCTAssertEqual(try store.drafts(), [elsewhere, onComment], "only that draft went")
        try store.deleteDraft(site: "nowhere", target: answer, ifUpdatedAt: nil)
        XCTAssertEqual(try store.drafts().count, 2, "deleting what is not kept is no error and changes nothing")
    }

    func testDeletingTheDraftThatWasSentKeepsANewerEdit() throws {
        let store = try openStore()
        let sent = draft("The version sent", at: 1_700_000_000.25)
        try store.saveDraft(sent)
        // Edited again while the send was on its way, within the same second.
        let newer = draft("Edited while sending", at: 1_700_000_000.75)
        try store.saveDraft(newer)
        try store.deleteDraft(site: "coffee", target: answer, ifUpdatedAt: sent.updatedAt)
        XCTAssertEqual(try store.draft(site: "coffee", target: answer), newer, "the newer edit survives")

        // The time read back from the store removes it.
        let kept = try XCTUnwrap(try store.draft(site: "coffee", target: answer))
        try store.deleteDraft(site: "coffee", target: answer, ifUpdatedAt: kept.updatedAt)
        XCTAssertNil(try store.draft(site: "coffee", target: answer))
    }

    func testADraftOverOneMiBIsRefusedAndTheOneKeptStays() throws {
        let store = try openStore()
        let full = String(repeating: "é", count: Store.draftByteLimit / 2) // two bytes each: exactly the limit
        try store.saveDraft(draft(full, at: 1_000))
        XCTAssertEqual(try store.draft(site: "coffee", target: answer)?.text.utf8.count, 1 << 20)
        XCTAssertThrowsError(try store.saveDraft(draft(full + "x", at: 2_000))) { error in
            XCTAssertEqual(error as? StoreError, .draftTooLong(bytes: (1 << 20) + 1, limit: 1 << 20))
            XCTAssertTrue("\(error)".contains("more than the 1 MiB"), "\(error)")
        }
        XCTAssertEqual(try store.draft(site: "coffee", target: answer)?.updatedAt, Date(timeIntervalSince1970: 1_000),
                       "the draft kept before is left as it was")
    }

    func testDraftsOutliveForgetEvictionAndVacuum() throws {
        let store = try Store(fileURL: storeFile, maxBytes: nil)
        let body = "<p>" + String(repeating: "crema grinder tamper ", count: 200) + "</p>"
        try store.save(questions: (1...30).map { question($0, "Espresso \($0)", body: body) }, site: "coffee")
        try store.save(questions: [question(7, "Stout", body: body)], site: "beer")
        let drafts = [draft("On a forgotten site", at: 3_000), draft("A comment", comment, at: 2_000),
                      draft("On a kept site", site: "beer", at: 1_000)]
        for draft in drafts { try store.saveDraft(draft) }

        XCTAssertNotNil(try store.forget(site: "coffee"))
        XCTAssertEqual(try store.questionCount(site: "coffee"), 0, "the site's posts went")
        XCTAssertEqual(try store.drafts(), drafts, "its drafts stayed")
        XCTAssertEqual(try store.draft(site: "coffee", target: answer), drafts[0])
        // The site keeps its row (the drafts are keyed by it): a new edit replaces the draft, it does not add one.
        let edited = draft("Edited after the forget", at: 4_000)
        try store.saveDraft(edited)
        XCTAssertEqual(try store.drafts(), [edited, drafts[1], drafts[2]])

        let evicted = try store.evict(toBytes: 1)
        XCTAssertEqual(evicted.questions, 1, "the cached question of beer was evicted")
        try store.vacuum()
        XCTAssertEqual(try store.drafts(), [edited, drafts[1], drafts[2]], "eviction and vacuum leave drafts")
    }

    func testAStoreOfThePreviousVersionGainsDraftsAndKeepsItsData() throws {
        let queue = try DatabaseQueue(path: storeFile.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v6-answer-parent")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO site (api_name, name) VALUES ('coffee', 'Coffee')")
            let key = StoreKey.make(site: db.lastInsertedRowID, id: 5)
            try db.execute(sql: "INSERT INTO question (id, site, title, origin, fetched_at) VALUES (?, ?, 'Crema', 2, 0)",
                           arguments: [key, StoreKey.site(key)])
            try db.execute(sql: "INSERT INTO saved (question, saved_at) VALUES (?, 1000)", arguments: [key])
            try db.execute(sql: "INSERT INTO search_history (site, query, searched_at) VALUES (?, 'grind', 1000)",
                           arguments: [StoreKey.site(key)])
        }
        try queue.close()

        var said: [String] = []
        let store = try Store(fileURL: storeFile, announceUpgrade: { said.append($0) })
        XCTAssertEqual(said.count, 1, "an upgrade, said once: \(said)")
        let migrations = try store.pool.read { db in try StoreSchema.migrator.appliedIdentifiers(db) }
        XCTAssertTrue(migrations.contains("v7-drafts"), "\(migrations)")
        XCTAssertTrue(try store.isSaved(site: "coffee", questionID: 5))
        XCTAssertEqual(try store.searchHistory(site: "coffee"), ["grind"])
        XCTAssertEqual(try store.questions(site: "coffee", ids: [5]).map(\.question.title), ["Crema"])
        let kept = draft("First draft in an upgraded store", at: 5_000)
        try store.saveDraft(kept)
        XCTAssertEqual(try Store(fileURL: storeFile).drafts(), [kept], "kept across opens")
    }

    func testADamagedStoresDraftsAreKeptInTheNewOne() throws {
        let store = try openStore()
        let kept = draft("Salvaged", at: 6_000)
        try store.saveDraft(kept)
        try store.saveDraft(draft("A comment", comment, site: "beer", at: 7_000))
        let recovery = try store.recoverFromDamage()
        XCTAssertEqual(recovery.kept.drafts, 2)
        XCTAssertTrue(recovery.message.contains("2 drafts"), recovery.message)
        XCTAssertEqual(try openStore().draft(site: "coffee", target: answer), kept)
    }
}
