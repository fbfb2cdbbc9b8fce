import Foundation
import NIOConcurrencyHelpers
import GRDB
import StackDump
import TestSupport
import XCTest
@testable import StackStore

/// Imports every shared dump folder and checks what the store holds against counts taken from the XML by a plain
/// line scan (every dump row is one `<row … />` line), independent of StackDump's reader.
final class StoreImportTests: StoreTestCase {
    private struct XMLCounts: Equatable {
        var questions = 0, answers = 0, comments = 0, users = 0, tags = 0, links = 0
    }

    private func folders() throws -> [URL] {
        let folders = SharedData.dumpFolders
        if folders.isEmpty { throw XCTSkip("SKIPPED: shared data dumps not found (set STACKTERM_DATA)") }
        return folders
    }

    private func rowLines(_ url: URL, containing needle: String? = nil) throws -> Int {
        guard FileManager.default.fileExists(atPath: url.path) else { return 0 }
        // Dumps end lines with \r\n (beer) or \n; one grapheme either way.
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).filter { line in
            line.contains("<row ") && (needle.map { line.contains($0) } ?? true)
        }.count
    }

    private func xmlCounts(_ folder: URL) throws -> XMLCounts {
        let posts = folder.appendingPathComponent("Posts.xml")
        return XMLCounts(
            questions: try rowLines(posts, containing: "PostTypeId=\"1\""),
            answers: try rowLines(posts, containing: "PostTypeId=\"2\""),
            comments: try rowLines(folder.appendingPathComponent("Comments.xml")),
            users: try rowLines(folder.appendingPathComponent("Users.xml")),
            tags: try rowLines(folder.appendingPathComponent("Tags.xml")),
            links: try rowLines(folder.appendingPathComponent("PostLinks.xml")))
    }

    private func storeCounts(_ store: Store, site: String) throws -> (XMLCounts, indexed: Int) {
        try store.pool.read { db in
            let siteID = try XCTUnwrap(try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE api_name = ?", arguments: [site]))
            let (low, high) = StoreKey.range(site: siteID)
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql, arguments: [low, high, siteID]) ?? 0 }
            let counts = XMLCounts(
                questions: try count("SELECT count(*) FROM question WHERE id >= ? AND id < ? AND site = ?"),
                answers: try count("SELECT count(*) FROM answer WHERE id >= ? AND id < ? AND ?3 = ?3"),
                comments: try count("SELECT count(*) FROM comment WHERE id >= ? AND id < ? AND ?3 = ?3"),
                users: try count("SELECT count(*) FROM user WHERE ?1 = ?1 AND ?2 = ?2 AND site = ?3"),
                tags: try count("SELECT count(*) FROM tag WHERE ?1 = ?1 AND ?2 = ?2 AND site = ?3 AND count IS NOT NULL"),
                links: try count("SELECT count(*) FROM post_link WHERE ?1 = ?1 AND ?2 = ?2 AND site = ?3"))
            let indexed = try count("SELECT count(*) FROM post_fts_docsize WHERE id >= ? AND id < ? AND ?3 = ?3")
            return (counts, indexed)
        }
    }

    func testEverySharedDumpImportsWithTheCountsOfItsXML() throws {
        let store = try openStore()
        for folder in try folders() {
            let site = folder.lastPathComponent
            let expected = try xmlCounts(folder)
            let summary = try store.importDump(folder: folder, site: site)
            let (counts, indexed) = try storeCounts(store, site: site)
            XCTAssertEqual(counts, expected, site)
            XCTAssertEqual(indexed, expected.questions + expected.answers, "full-text rows in \(site)")
            XCTAssertEqual(summary.rowsWritten["Posts.xml"], try rowLines(folder.appendingPathComponent("Posts.xml")), site)
            XCTAssertGreaterThan(try store.questions(site: site, sort: .votes, limit: 5).count, 0, site)
        }
        try store.pool.write { db in try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('integrity-check', 0)") }
        let free = try store.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA freelist_count") }
        XCTAssertEqual(free, 0, "pages freed by the import are given back")
    }

    func testAnImportedThreadHasOwnersCommentsAndLinks() throws {
        guard let folder = SharedData.path("dumps/quantumcomputing") else { throw XCTSkip("SKIPPED: no shared data") }
        let store = try openStore()
        try store.importDump(folder: folder, site: "quantumcomputing")
        // The question with the most comments, found by SQL, must come back whole.
        let questionID = try store.pool.read { db in
            try Int64.fetchOne(db, sql: """
                SELECT q.id FROM question q JOIN comment c ON c.post = q.id JOIN post_link l ON l.post = (q.id & \(StoreKey.idMask))
                GROUP BY q.id ORDER BY count(*) DESC LIMIT 1
                """)
        }
        let id = StoreKey.id(try XCTUnwrap(questionID))
        let thread = try XCTUnwrap(try store.thread(site: "quantumcomputing", questionID: id))
        XCTAssertEqual(thread.stored.origin, .imported)
        XCTAssertFalse(thread.thread.question.comments?.isEmpty ?? true)
        XCTAssertFalse(thread.links.isEmpty)
        XCTAssertNotNil(thread.thread.question.owner?.displayName, "owner name from Users.xml")
        XCTAssertFalse(thread.thread.question.body?.isEmpty ?? true)
    }

    func testImportingTwiceHoldsWhatImportingOnceHolds() throws {
        guard let folder = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        let store = try openStore()
        try store.importDump(folder: folder, site: "cardano")
        let first = try storeCounts(store, site: "cardano")
        let firstHits = try store.search("plutus script", site: "cardano").map(\.questionID)
        let again = try store.importDump(folder: folder, site: "cardano")
        XCTAssertEqual(Set(again.alreadyImported), ["Users.xml", "Tags.xml", "Posts.xml", "Comments.xml", "PostLinks.xml"])
        // Forget the progress: every row is written again, over itself.
        try store.pool.write { db in try db.execute(sql: "DELETE FROM import_progress") }
        let rewritten = try store.importDump(folder: folder, site: "cardano")
        XCTAssertEqual(rewritten.rowsWritten["Posts.xml"], try rowLines(folder.appendingPathComponent("Posts.xml")))
        let second = try storeCounts(store, site: "cardano")
        XCTAssertEqual(second.0, first.0)
        XCTAssertEqual(second.indexed, first.indexed)
        XCTAssertEqual(try store.search("plutus script", site: "cardano").map(\.questionID), firstHits)
        XCTAssertFalse(firstHits.isEmpty)
        try store.pool.write { db in try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('integrity-check', 0)") }
        try assertIndexesMatchRows(store)
    }

    func testAnImportOverQuestionsCachedFromTheNetworkUpdatesThemInPlace() throws {
        guard let folder = SharedData.path("dumps/beer") else { throw XCTSkip("SKIPPED: no shared data") }
        let store = try openStore()
        var first: DumpPost?
        try DumpReader.forEachPost(in: folder.appendingPathComponent("Posts.xml")) { post in
            if first == nil && post.isQuestion { first = post }
        }
        let cached = try XCTUnwrap(first)
        try store.save(questions: [question(cached.id, "A title the dump will replace", body: "<p>cached qwzxplorp</p>")],
                       site: "beer")
        try store.importDump(folder: folder, site: "beer")
        let (counts, expected) = (try storeCounts(store, site: "beer").0, try xmlCounts(folder))
        XCTAssertEqual([counts.questions, counts.answers], [expected.questions, expected.answers])
        let thread = try XCTUnwrap(try store.thread(site: "beer", questionID: cached.id))
        XCTAssertEqual(thread.stored.origin, .imported)
        XCTAssertEqual(thread.thread.question.title, cached.title)
        XCTAssertEqual(try store.search("qwzxplorp", site: "beer"), [], "the cached text left the index")
        try assertIndexesMatchRows(store)
    }

    func testAnInterruptedImportResumesAfterTheLastCommittedBatch() throws {
        guard let folder = SharedData.path("dumps/beer") else { throw XCTSkip("SKIPPED: no shared data") }
        let store = try openStore()
        let batches = Counter()
        XCTAssertThrowsError(try store.importDump(folder: folder, site: "beer", batchSize: 500, shouldStop: { batches.next() > 2 })) {
            XCTAssertTrue("\($0)".contains("interrupted after 1000 rows"), "\($0)")
        }
        let partial = try storeCounts(store, site: "beer").0
        XCTAssertEqual(partial.questions + partial.answers, try store.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM post_fts_docsize") ?? 0
        }, "every committed post is indexed")
        var seen: [Int] = []
        let summary = try store.importDump(folder: folder, site: "beer", batchSize: 500, progress: { seen.append($0.rows) })
        let total = try rowLines(folder.appendingPathComponent("Posts.xml"))
        XCTAssertEqual(summary.rowsWritten["Posts.xml"], total - 1000)
        XCTAssertEqual(seen.first, 1_500, "resumes after the 1,000 rows already committed")
        XCTAssertEqual(try storeCounts(store, site: "beer").0, try xmlCounts(folder))
        try assertIndexesMatchRows(store)
    }

    func testAFolderWithoutPostsIsAClearError() throws {
        XCTAssertThrowsError(try openStore().importDump(folder: directory, site: "empty")) {
            XCTAssertTrue("\($0)".contains("Posts.xml"), "\($0)")
        }
    }

    func testAMalformedRowNamesTheFileAndKeepsWhatCameBefore() throws {
        let folder = directory.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let rows = (1...30).map { "<row Id=\"\($0)\" PostTypeId=\"1\" Title=\"T\($0)\" Body=\"&lt;p&gt;b&lt;/p&gt;\" CreationDate=\"2020-01-01T00:00:00.000\" Score=\"1\" />" }
        let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<posts>\n" + rows.joined(separator: "\n")
            + "\n<row Id=\"x\" PostTypeId=\"1\" CreationDate=\"2020-01-01T00:00:00\" />\n</posts>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("Posts.xml"))
        let store = try openStore()
        XCTAssertThrowsError(try store.importDump(folder: folder, site: "broken", batchSize: 10)) {
            XCTAssertTrue("\($0)".contains("Posts.xml"), "\($0)")
        }
        XCTAssertEqual(try store.questionCount(site: "broken"), 30)
    }
}

/// Counts calls from any thread.
final class Counter: Sendable {
    private let value = NIOLockedValueBox(0)
    func next() -> Int { value.withLockedValue { $0 += 1; return $0 } }
}
