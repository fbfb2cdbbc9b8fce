import Foundation
import GRDB
import StackDump
import TestSupport
import XCTest
@testable import StackStore

/// An import's transactions hold several of the reading thread's batches: one index segment each, every batch
/// handed over kept when the reading stops, only the open transaction's batches lost when a write fails.
final class StoreImportTransactionTests: StoreTestCase {
    private func beer() throws -> URL {
        guard let folder = SharedData.path("dumps/beer") else { throw XCTSkip("SKIPPED: shared data dumps not found (set STACKTERM_DATA)") }
        return folder
    }

    /// Questions and answers among the first `rows` rows of the dump's Posts.xml, and the first question or answer
    /// after them (nil past the end).
    private func posts(_ folder: URL, firstRows rows: Int) throws -> (kept: Int, next: (id: Int, isQuestion: Bool)?) {
        var index = 0
        var kept = 0
        var next: (Int, Bool)?
        try DumpReader.forEachPost(in: folder.appendingPathComponent("Posts.xml")) { post in
            index += 1
            let stored = post.isQuestion || (post.isAnswer && post.parentID != nil)
            if index <= rows, stored { kept += 1 }
            if index > rows, next == nil, stored { next = (post.id, post.isQuestion) }
        }
        return (kept, next)
    }

    private func storedPosts(_ store: Store) throws -> (rows: Int, indexed: Int, segments: Int) {
        try store.pool.read { db in
            let rows = try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM question) + (SELECT count(*) FROM answer)") ?? 0
            let indexed = try Int.fetchOne(db, sql: "SELECT count(*) FROM post_fts_docsize") ?? 0
            let segments = try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM post_fts_idx") ?? 0
            return (rows, indexed, segments)
        }
    }

    private func rowsDone(_ store: Store) throws -> Int? {
        try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT rows_done FROM import_progress WHERE file = 'Posts.xml'") }
    }

    func testOneSegmentPerTransactionOfSeveralBatches() throws {
        let store = try openStore()
        // Beer's 2,354 posts in transactions of 1,000 rows handed over 250 at a time: 3 transactions.
        try store.importDump(.folder(try beer()), site: "beer", transactionRows: 1_000, handoverRows: 250)
        XCTAssertEqual(try storedPosts(store).segments, 3)
        try assertIndexesMatchRows(store)
    }

    func testAnInterruptionKeepsEveryBatchHandedOverAndResumesAfterIt() throws {
        let folder = try beer()
        let store = try openStore()
        let batches = Counter()
        // Five batches of 250 handed over: one transaction committed at 1,000 rows, the open one at the stop.
        XCTAssertThrowsError(try store.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250,
                                                  shouldStop: { batches.next() > 5 })) {
            XCTAssertTrue("\($0)".contains("interrupted after 1250 rows"), "\($0)")
        }
        XCTAssertEqual(try rowsDone(store), 1_250)
        let expected = try posts(folder, firstRows: 1_250).kept
        XCTAssertEqual(try storedPosts(store).rows, expected)
        XCTAssertEqual(try storedPosts(store).indexed, expected, "every committed post is indexed")
        var seen: [Int] = []
        try store.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250,
                             progress: { seen.append($0.rows) })
        XCTAssertEqual(seen.first, 1_500, "resumes after the 1,250 rows kept")
        XCTAssertEqual(try storedPosts(store).rows, try posts(folder, firstRows: .max).kept)
        try assertIndexesMatchRows(store)
    }

    func testAFailedWriteLosesOnlyTheOpenTransaction() throws {
        let folder = try beer()
        let store = try openStore()
        // The post at row 1,601 cannot be written: the transaction of rows 1,001–2,000 fails while open.
        let (kept, next) = try posts(folder, firstRows: 1_600)
        let failing = try XCTUnwrap(next)
        let table = failing.isQuestion ? "question" : "answer"
        try store.pool.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON \(table) WHEN (NEW.id & \(StoreKey.idMask)) = \(failing.id)
                BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
                """)
        }
        XCTAssertThrowsError(try store.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250)) {
            XCTAssertTrue("\($0)".contains("refused by the test"), "\($0)")
        }
        XCTAssertEqual(try rowsDone(store), 1_000)
        let committed = try posts(folder, firstRows: 1_000).kept
        XCTAssertLessThan(committed, kept)
        XCTAssertEqual(try storedPosts(store).rows, committed, "rows 1,001 to 1,600 were rolled back")
        XCTAssertEqual(try storedPosts(store).indexed, committed)
        try store.pool.write { db in try db.execute(sql: "DROP TRIGGER refuse") }
        try store.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250)
        XCTAssertEqual(try storedPosts(store).rows, try posts(folder, firstRows: .max).kept)
        try assertIndexesMatchRows(store)
    }

    func testABatchOfLongPostsIsHandedOverBeforeItHoldsTwoThousand() throws {
        // 300 posts of 100 KB: 2,000 rows would be 30 MB of text in each batch; the byte bound cuts them near 6 MB.
        let folder = directory.appendingPathComponent("long")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 3_800)
        let rows = (1...300).map { id in
            "<row Id=\"\(id)\" PostTypeId=\"1\" Title=\"Post \(id)\" Body=\"&lt;p&gt;word\(id) \(filler)&lt;/p&gt;\" "
                + "CreationDate=\"2020-01-01T00:00:00.000\" Score=\"1\" />"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<posts>\n" + rows.joined(separator: "\n") + "\n</posts>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("Posts.xml"))
        let store = try openStore()
        var seen: [Int] = []
        try store.importDump(folder: folder, site: "long", progress: { seen.append($0.rows) })
        let steps = zip(seen, [0] + seen).map { $0 - $1 }
        XCTAssertEqual(seen.last, 300)
        XCTAssertGreaterThan(steps.count, 4, "\(seen)")
        XCTAssertLessThanOrEqual(steps.max() ?? 0, 70, "\(seen)")
        XCTAssertEqual(try storedPosts(store).rows, 300)
        XCTAssertEqual(try store.search("word250", site: "long").map(\.questionID), [250])
        try assertIndexesMatchRows(store)
    }
}
