import Foundation
import GRDB
import NIOConcurrencyHelpers
import XCTest
@testable import StackStore

/// What a killed, cut-short or concurrent import leaves: the defaults of FTS5's settings, every whole row, one
/// import at a time.
final class StoreImportFaultTests: StoreTestCase {
    /// `post_fts_config`'s three bulk-load settings, by name.
    private func fullTextSettings(_ store: Store) throws -> [String: Int] {
        try store.pool.read { db in
            var settings: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT k, v FROM post_fts_config WHERE k IN ('automerge', 'crisismerge', 'hashsize')") {
                settings[row[0]] = row[1]
            }
            return settings
        }
    }

    private let defaults = ["automerge": 4, "crisismerge": 16, "hashsize": 1 << 20]

    /// A store left as an import killed mid-way leaves it: the bulk-load settings in the file.
    private func storeLeftByAKilledImport() throws {
        let store = try openStore()
        try store.pool.write { db in try Store.setFullTextBulkLoading(true, db) }
        XCTAssertEqual(try fullTextSettings(store)["automerge"], 0)
        try store.pool.close()
    }

    func testTheNextOpenPutsBackTheSettingsAKilledImportLeft() throws {
        try storeLeftByAKilledImport()
        XCTAssertEqual(try fullTextSettings(openStore()), defaults)
    }

    func testAnOpenWhileAnImportRunsLeavesItsSettings() throws {
        try storeLeftByAKilledImport()
        let running = try XCTUnwrap(StoreImportLock.take(store: storeFile), "the lock was free")
        XCTAssertEqual(try fullTextSettings(openStore())["automerge"], 0, "the running import's settings stay")
        withExtendedLifetime(running) {}
    }

    func testASecondImportWaitsForTheFirstAndSaysSo() throws {
        let folder = try postsFolder("beer", rows: 50)
        let store = try openStore()
        var running: StoreImportLock? = try XCTUnwrap(StoreImportLock.take(store: storeFile))
        let said = NIOLockedValueBox<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        let outcome = NIOLockedValueBox<String?>(nil)
        Thread.detachNewThread {
            do {
                try store.importDump(folder: folder, site: "beer", waiting: { message in said.withLockedValue { $0.append(message) } })
                outcome.withLockedValue { $0 = "imported" }
            } catch { outcome.withLockedValue { $0 = "\(error)" } }
            finished.signal()
        }
        while said.withLockedValue({ $0.isEmpty }) && outcome.withLockedValue({ $0 == nil }) { usleep(10_000) }
        XCTAssertNil(outcome.withLockedValue { $0 }, "the import did not wait for the lock")
        XCTAssertEqual(said.withLockedValue { $0 },
                       ["waiting for another stackterm import (process \(getpid())) to finish with \(storeFile.path)…"])
        XCTAssertEqual(try store.questionCount(site: "beer"), 0)
        XCTAssertNotNil(running)
        running = nil
        XCTAssertEqual(finished.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(outcome.withLockedValue { $0 }, "imported")
        XCTAssertEqual(try store.questionCount(site: "beer"), 50)
    }

    func testATruncatedPostsFileKeepsEveryWholeRowAndSaysHowMany() throws {
        let folder = try postsFolder("cut", rows: 2_500)
        let posts = folder.appendingPathComponent("Posts.xml")
        let xml = try String(contentsOf: posts, encoding: .utf8)
        // Cut in the middle of row 2,302: 2,301 whole rows before it.
        let cut = try XCTUnwrap(xml.range(of: "<row Id=\"2302\""))
        try Data(xml[..<xml.index(cut.lowerBound, offsetBy: 30)].utf8).write(to: posts)
        let store = try openStore()
        XCTAssertThrowsError(try store.importDump(folder: folder, site: "cut")) { error in
            XCTAssertTrue("\(error)".contains("(the 2301 whole rows before it are kept)"), "\(error)")
        }
        XCTAssertEqual(try store.questionCount(site: "cut"), 2_301)
    }
}
