import Foundation
import GRDB
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// A large import drops the secondary indexes whose keys come in no order and builds them at its end, however it
/// ends; one killed before that leaves them to the next open (`ImportDeferredIndexes`).
final class StoreImportDeferredIndexTests: StoreTestCase {
    private func beer() throws -> URL {
        guard let folder = SharedData.path("dumps/beer") else { throw XCTSkip("SKIPPED: shared data dumps not found (set STACKTERM_DATA)") }
        return folder
    }

    /// The deferred indexes the store holds, by name, with their SQL as SQLite keeps it.
    private func deferredIndexes(_ store: Store) throws -> [String: String] {
        try deferredIndexes(at: store.fileURL)
    }

    /// … read on a connection of its own (an import's `progress` runs inside the store's write).
    private func deferredIndexes(at file: URL) throws -> [String: String] {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: file.path, configuration: configuration).read { db in
            var found: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index'")
            where ImportDeferredIndexes.all.contains(where: { $0.name == row[0] as String }) {
                found[row[0]] = row[1]
            }
            return found
        }
    }

    /// Every list sort of `site`'s questions and the newest answers, as a reader sees them.
    private func lists(_ store: Store, site: String) throws -> [String] {
        var lines: [String] = []
        for sort in [StoreSort.activity, .creation, .votes] {
            lines += try store.questions(site: site, sort: sort, limit: 50).map { "\(sort) \($0.question.questionID)" }
        }
        lines += try store.latestAnswers(site: site, limit: 50).map { "answer \($0.answerID)" }
        return lines
    }

    func testTheDefinitionsAreTheMigrationsOwn() throws {
        let indexes = try deferredIndexes(openStore())
        XCTAssertEqual(indexes.count, ImportDeferredIndexes.all.count)
        for index in ImportDeferredIndexes.all {
            XCTAssertEqual(indexes[index.name], index.create.replacingOccurrences(of: "IF NOT EXISTS ", with: ""), index.name)
        }
    }

    func testAnImportThatDropsTheIndexesBuildsThemAndListsAsOneThatKeptThem() throws {
        let folder = try beer()
        let kept = try openStore()
        try kept.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250, deferIndexes: false)
        let other = directory.appendingPathComponent("other.sqlite")
        let dropped = try Store(fileURL: other)
        var missingWhileWriting = false
        let summary = try dropped.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250,
                                             deferIndexes: true, progress: { _ in
            missingWhileWriting = missingWhileWriting || ((try? self.deferredIndexes(at: other).isEmpty) ?? false)
        })
        XCTAssertTrue(missingWhileWriting, "the indexes were dropped while the rows were written")
        XCTAssertGreaterThan(summary.indexSeconds, 0)
        XCTAssertEqual(try deferredIndexes(dropped), try deferredIndexes(kept))
        XCTAssertEqual(try lists(dropped, site: "beer"), try lists(kept, site: "beer"))
        XCTAssertEqual(try dropped.pool.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }, "ok")
        try assertIndexesMatchRows(dropped)
    }

    func testAnInterruptedImportBuildsTheIndexesBeforeItReturnsAndResumesToTheSameStore() throws {
        let folder = try beer()
        let clean = try Store(fileURL: directory.appendingPathComponent("clean.sqlite"))
        try clean.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250, deferIndexes: true)
        let store = try openStore()
        let batches = Counter()
        XCTAssertThrowsError(try store.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250,
                                                  deferIndexes: true, shouldStop: { batches.next() > 5 }))
        XCTAssertEqual(try deferredIndexes(store).count, ImportDeferredIndexes.all.count, "built before the error returned")
        try store.importDump(.folder(folder), site: "beer", transactionRows: 1_000, handoverRows: 250, deferIndexes: true)
        XCTAssertEqual(try lists(store, site: "beer"), try lists(clean, site: "beer"))
        try assertIndexesMatchRows(store)
    }

    func testTheNextOpenBuildsTheIndexesAKilledImportDroppedUnlessAnImportRuns() throws {
        let folder = try postsFolder("small", rows: 30)
        let store = try openStore()
        try store.importDump(folder: folder, site: "small")
        // As an import killed while writing leaves the store: the indexes dropped.
        try store.pool.write { db in try ImportDeferredIndexes.drop(db) }
        try store.pool.close()
        do {
            let running = try XCTUnwrap(StoreImportLock.take(store: storeFile), "the lock was free")
            XCTAssertEqual(try deferredIndexes(openStore()), [:], "an open while an import runs leaves them to it")
            withExtendedLifetime(running) {}
        }
        var said: [String] = []
        let reopened = try Store(fileURL: storeFile, announceUpgrade: { said.append($0) })
        XCTAssertEqual(try deferredIndexes(reopened).count, ImportDeferredIndexes.all.count)
        XCTAssertEqual(try reopened.questions(site: "small", sort: .votes, limit: 100).count, 30)
        XCTAssertEqual(said, [Store.rebuildingIndexesNotice(storeFile.path)], "the seconds of the build are announced")
        try reopened.pool.close()
        said = []
        _ = try Store(fileURL: storeFile, announceUpgrade: { said.append($0) })
        XCTAssertEqual(said, [], "nothing to build, nothing said")
    }

    func testOnlyAnImportLargeAgainstTheStoreDropsThem() throws {
        let folder = directory.appendingPathComponent("large")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let posts = folder.appendingPathComponent("Posts.xml")
        XCTAssertTrue(FileManager.default.createFile(atPath: posts.path, contents: nil))
        let handle = try FileHandle(forWritingTo: posts)
        // A sparse file of the size that makes `minimumPosts` expected: only its size is read.
        try handle.truncate(atOffset: UInt64(ImportDeferredIndexes.minimumPosts * ImportDeferredIndexes.bytesPerPost))
        try handle.close()
        let source = DumpSource.folder(folder)
        XCTAssertTrue(ImportDeferredIndexes.worthDeferring(source, storedPosts: 0))
        let limit = 4 * Int(ImportDeferredIndexes.minimumPosts)
        XCTAssertTrue(ImportDeferredIndexes.worthDeferring(source, storedPosts: limit))
        XCTAssertFalse(ImportDeferredIndexes.worthDeferring(source, storedPosts: limit + 1),
                       "a store four times larger keeps its indexes")
        XCTAssertFalse(ImportDeferredIndexes.worthDeferring(.folder(try postsFolder("small", rows: 30)), storedPosts: 0))
    }
}
