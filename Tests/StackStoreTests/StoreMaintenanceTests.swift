import Foundation
import GRDB
import TestSupport
import XCTest
@testable import StackStore

/// What `stackterm store` shows and does: sizes per site, forgetting a site, vacuuming.
final class StoreMaintenanceTests: StoreTestCase {
    private func importTwoSites() throws -> Store {
        guard let conlang = SharedData.path("dumps/conlang.meta"), let coffee = SharedData.path("dumps/coffee") else {
            throw XCTSkip("SKIPPED: no shared data")
        }
        let store = try Store(fileURL: storeFile, maxBytes: nil)
        try store.importDump(folder: conlang, site: "conlang.meta")
        try store.importDump(folder: coffee, site: "coffee")
        try store.save(questions: [question(900_001, "A cached espresso question", body: "<p>crema grinder</p>")], site: "coffee")
        try store.setSaved(true, site: "coffee", questionID: 900_001)
        try store.save(questions: [question(900_002, "Another cached one", body: "<p>tamper</p>")], site: "coffee")
        return store
    }

    private func checkIndex(_ store: Store) throws {
        try store.pool.write { db in try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('integrity-check', 0)") }
        try assertIndexesMatchRows(store)
    }

    func testUsageCountsEachSiteAndSplitsItsTextByOrigin() throws {
        let store = try importTwoSites()
        let usage = try store.usage()
        XCTAssertEqual(usage.sites.map(\.site), ["coffee", "conlang.meta"])
        let coffee = try XCTUnwrap(usage.sites.first)
        XCTAssertEqual(coffee.questions, try store.questionCount(site: "coffee"))
        XCTAssertGreaterThan(coffee.answers, 0)
        XCTAssertGreaterThan(coffee.importedBytes, 100_000)
        XCTAssertEqual(coffee.savedBytes, Int64("A cached espresso question".utf8.count + "<p>crema grinder</p>".utf8.count))
        XCTAssertEqual(coffee.cachedBytes, Int64("Another cached one".utf8.count + "<p>tamper</p>".utf8.count))
        XCTAssertGreaterThan(usage.sites[1].comments, 0, "conlang.meta has Comments.xml")
        XCTAssertEqual(usage.fileURL, storeFile)
        XCTAssertGreaterThanOrEqual(usage.fileBytes, usage.usedBytes / 2)
    }

    func testForgettingASiteLeavesTheOtherWhole() throws {
        let store = try importTwoSites()
        let conlangBefore = try store.usage().sites.first { $0.site == "conlang.meta" }
        let hits = try store.search("language", site: "conlang.meta").map(\.questionID)
        let removed = try XCTUnwrap(try store.forget(site: "coffee"))
        XCTAssertGreaterThan(removed.questions, 2)
        XCTAssertEqual(try store.questionCount(site: "coffee"), 0)
        XCTAssertEqual(try store.search("crema", site: "coffee").count, 0)
        XCTAssertEqual(try store.usage().sites.map(\.site), ["conlang.meta"])
        XCTAssertEqual(try store.usage().sites.first, conlangBefore)
        XCTAssertEqual(try store.search("language", site: "conlang.meta").map(\.questionID), hits)
        XCTAssertFalse(hits.isEmpty)
        try checkIndex(store)
        // The site can be imported again from scratch: its import records went too.
        let again = try store.importDump(folder: try XCTUnwrap(SharedData.path("dumps/coffee")), site: "coffee")
        XCTAssertEqual(again.alreadyImported, [])
        XCTAssertNil(try store.forget(site: "no-such-site"), "an unknown site is not an error here: the caller words it")
    }

    func testForgettingTheOnlySiteEmptiesTheIndexAndVacuumShrinksTheFile() throws {
        guard let folder = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        let store = try Store(fileURL: storeFile, maxBytes: nil)
        try store.importDump(folder: folder, site: "cardano")
        try store.checkpoint()
        let full = store.fileBytes()
        XCTAssertNotNil(try store.forget(site: "cardano"))
        try store.vacuum()
        XCTAssertLessThan(store.fileBytes(), full / 5)
        XCTAssertEqual(try store.usage().sites, [])
        XCTAssertEqual(try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM post_fts_docsize") }, 0)
        try checkIndex(store)
    }
}
