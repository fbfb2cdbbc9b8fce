import Foundation
import GRDB
import TestSupport
import XCTest
@testable import StackStore

/// What an import leaves of the body index's segments (one per transaction): few are kept for the next write to
/// merge, past `Store.unmergedSegmentLimit` they are merged into one; searches answer the same either way.
final class StoreImportMergeTests: StoreTestCase {
    private func beer() throws -> URL {
        guard let folder = SharedData.path("dumps/beer") else { throw XCTSkip("SKIPPED: shared data dumps not found (set STACKTERM_DATA)") }
        return folder
    }

    private func segments(_ store: Store, _ table: String) throws -> Int {
        try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM \(table)_idx") ?? 0 }
    }

    private func results(_ store: Store, _ queries: [String]) throws -> [[String]] {
        try queries.map { query in
            try store.search(query, site: "beer", limit: 30).map { "\($0.questionID)/\($0.postID) \($0.snippet.marked())" }
        }
    }

    func testAFewSegmentsAreKeptAndSearchAnswersAsAfterAMerge() throws {
        let store = try openStore()
        // Beer's 2,354 posts in transactions of 200 rows: 12 transactions, fewer segments than the limit.
        try store.importDump(folder: try beer(), site: "beer", batchSize: 200)
        let kept = try segments(store, "post_fts")
        XCTAssertGreaterThan(kept, 1)
        XCTAssertLessThanOrEqual(kept, Store.unmergedSegmentLimit)
        XCTAssertEqual(try segments(store, "title_fts"), 1)
        let queries = ["beer", "yeast", "hops bitter", "lager ale", "temperature", "bottle*", "tag:ale ale"]
        let unmerged = try results(store, queries)
        XCTAssertGreaterThan(unmerged.filter { !$0.isEmpty }.count, 4)
        try store.vacuum()
        XCTAssertEqual(try segments(store, "post_fts"), 1)
        XCTAssertEqual(try results(store, queries), unmerged)
    }

    func testTheNextSaveMergesTheSegmentsAnImportLeft() throws {
        let store = try openStore()
        try store.importDump(folder: try beer(), site: "beer", batchSize: 100)
        XCTAssertGreaterThanOrEqual(try segments(store, "post_fts"), 16)
        try store.save(questions: [question(9_999_999, "Gruit without hops", body: "<p>Bog myrtle and yarrow.</p>")], site: "beer")
        XCTAssertLessThanOrEqual(try segments(store, "post_fts"), 2)
        XCTAssertEqual(try store.search("yarrow", site: "beer").map(\.questionID).first, 9_999_999)
    }

    func testManySegmentsAreMergedIntoOne() throws {
        let store = try openStore()
        // 2,354 posts in transactions of 20 rows: over a hundred segments.
        try store.importDump(folder: try beer(), site: "beer", batchSize: 20)
        XCTAssertEqual(try segments(store, "post_fts"), 1)
        XCTAssertEqual(try segments(store, "title_fts"), 1)
    }
}
