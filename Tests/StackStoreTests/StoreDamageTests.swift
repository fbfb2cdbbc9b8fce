import Foundation
import GRDB
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// Damage past the header (issue 22 part 2): the check finds it, a read that meets it says so and stops every later
/// write, and recovery moves the file aside and keeps what the user made.
final class StoreDamageTests: StoreTestCase {
    /// What the damaged store held of the user's own.
    private struct Made {
        let savedID: Int
        let title: String
    }

    /// beer and cardano imported (their sources remembered), one beer question saved, two read marks, a search and a
    /// setting; then 64 KiB of noise written at 5 MB, over data pages of the question and answer tables.
    private func damagedStore() throws -> Made {
        let made: Made
        do {
            let store = try importedStore("beer", "cardano")
            for site in ["beer", "cardano"] {
                try store.rememberImportSource(try XCTUnwrap(SharedData.path("dumps/\(site)")).path, site: site)
            }
            let first = try XCTUnwrap(store.questions(site: "beer", sort: .creation, offset: 0, limit: 1).first)
            made = Made(savedID: first.question.questionID, title: first.question.title)
            try store.setSaved(true, site: "beer", questionID: made.savedID)
            try store.markRead(site: "beer", questionID: made.savedID, answerCount: 1, lastActivity: nil)
            try store.markRead(site: "cardano", questionID: 4414, answerCount: 2, lastActivity: nil)
            try store.addSearch("hops bitterness", site: "beer")
            try store.setSettings(["browse/last_site": "beer"])
            try store.checkpoint()
        }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: storeFile.path)[.size] as? NSNumber).intValue
        XCTAssertGreaterThan(size, 5 << 20 + 65_536, "the noise must land inside the file")
        var random = SplitMix64(seed: 22)
        let noise = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &random) }
        let handle = try FileHandle(forWritingTo: storeFile)
        try handle.seek(toOffset: 5 << 20)
        try handle.write(contentsOf: noise)
        try handle.close()
        return made
    }

    private func fileBytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    func testTheCheckSaysIntactOnAnIntactStoreAndNamesTheDamageOnADamagedOne() throws {
        let intact = try importedStore("beer")
        XCTAssertTrue(try intact.check(full: false).isIntact)
        XCTAssertTrue(try intact.check(full: true).isIntact)
        _ = try damagedStore()
        let store = try openStore()
        for full in [false, true] {
            let report = try store.check(full: full)
            XCTAssertFalse(report.isIntact, "full: \(full)")
            XCTAssertFalse(report.problems.isEmpty)
            XCTAssertEqual(report.full, full)
        }
    }

    func testAReadThatMeetsTheDamageSaysSoAndNoWriteFollows() throws {
        _ = try damagedStore()
        let store = try openStore()
        let before = try fileBytes(storeFile)
        XCTAssertThrowsError(try store.usage()) { error in
            guard case StoreError.damaged = error else { return XCTFail("not .damaged: \(error)") }
            XCTAssertFalse("\(error)".contains("database disk image is malformed"), "\(error)")
        }
        XCTAssertNotNil(store.knownDamage)
        XCTAssertThrowsError(try store.setSettings(["browse/last_site": "cardano"])) { error in
            guard case StoreError.damaged = error else { return XCTFail("a write went on: \(error)") }
        }
        XCTAssertEqual(try fileBytes(storeFile), before, "nothing was written into the damaged file")
        XCTAssertTrue(FileManager.default.fileExists(atPath: storeFile.path + StoreDamage.markerSuffix),
                      "the damage is remembered for the next start")
    }

    func testRecoveryMovesTheFileAsideAndKeepsWhatTheUserMade() throws {
        let made = try damagedStore()
        let damagedBytes = try fileBytes(storeFile)
        let store = try openStore()
        XCTAssertThrowsError(try store.checkBeforeWriting())
        let recovery = try store.recoverFromDamage()
        XCTAssertTrue(recovery.movedTo.lastPathComponent.hasPrefix("stackterm.sqlite.damaged-"), recovery.movedTo.path)
        XCTAssertEqual(try fileBytes(recovery.movedTo), damagedBytes, "the damaged file is kept as it was")
        XCTAssertEqual(recovery.kept.saved, 1)
        XCTAssertEqual(recovery.kept.readMarks, 2)
        XCTAssertEqual(recovery.kept.searches, 1)
        XCTAssertGreaterThanOrEqual(recovery.kept.settings, 1)
        let beer = try XCTUnwrap(SharedData.path("dumps/beer")).path
        let cardano = try XCTUnwrap(SharedData.path("dumps/cardano")).path
        XCTAssertEqual(recovery.importedSites.map(\.command),
                       ["stackterm import \(beer) --site beer", "stackterm import \(cardano) --site cardano"])
        XCTAssertTrue(recovery.message.contains(recovery.movedTo.path), recovery.message)
        XCTAssertTrue(recovery.message.contains("stackterm import \(cardano) --site cardano"), recovery.message)

        let fresh = try openStore()
        XCTAssertTrue(try fresh.check(full: true).isIntact)
        XCTAssertEqual(try fresh.savedIDs(site: "beer"), [made.savedID])
        XCTAssertEqual(try fresh.thread(site: "beer", questionID: made.savedID)?.stored.question.title, made.title)
        XCTAssertNotNil(try fresh.readMark(site: "beer", questionID: made.savedID))
        XCTAssertNotNil(try fresh.readMark(site: "cardano", questionID: 4414))
        XCTAssertEqual(try fresh.searchHistory(site: "beer"), ["hops bitterness"])
        XCTAssertEqual(try fresh.lastSite(), "beer")
        let word = try XCTUnwrap(made.title.split(separator: " ").max { $0.count < $1.count }).lowercased()
        XCTAssertTrue(try fresh.search(word, site: "beer").contains { $0.questionID == made.savedID },
                      "the saved question is searchable again")
        XCTAssertEqual(try fresh.usage().sites.map(\.site), ["beer"], "only the saved thread is held until re-imported")
        let reimported = try fresh.importDump(folder: URL(fileURLWithPath: cardano), site: "cardano")
        XCTAssertTrue(reimported.alreadyImported.isEmpty, "a re-import imports again")
        XCTAssertEqual(try fresh.questionCount(site: "cardano"), 1042)
        XCTAssertNotNil(try fresh.readMark(site: "cardano", questionID: 4414), "the read mark meets its question again")
    }

    func testTheNextOpenAfterDamageWasSeenRecovers() throws {
        _ = try damagedStore()
        do {
            let store = try openStore()
            XCTAssertThrowsError(try store.usage())
        }
        let reopened = try openStore()
        let notice = try XCTUnwrap(reopened.notice)
        XCTAssertTrue(notice.contains("was damaged"), notice)
        XCTAssertTrue(notice.contains(".damaged-"), notice)
        XCTAssertNotNil(reopened.recovery)
        XCTAssertFalse(FileManager.default.fileExists(atPath: storeFile.path + StoreDamage.markerSuffix))
        XCTAssertTrue(try reopened.check(full: false).isIntact)
        XCTAssertEqual(try reopened.searchHistory(site: "beer"), ["hops bitterness"])
    }

    func testDamageMetWhileOpeningIsRecoveredFromAsDamage() throws {
        do { _ = try importedStore("beer") }
        // The header kept, the rest of the first page (the tables' layout) overwritten.
        let handle = try FileHandle(forWritingTo: storeFile)
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data((100..<Store.pageSize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try handle.close()
        let store = try openStore()
        let recovery = try XCTUnwrap(store.recovery, "the damage was not recovered from")
        XCTAssertTrue(recovery.movedTo.lastPathComponent.hasPrefix("stackterm.sqlite.damaged-"), recovery.movedTo.path)
        XCTAssertTrue(store.notice?.contains("was damaged") ?? false, store.notice ?? "no notice")
        try store.save(questions: [question(1, "Fresh")], site: "beer")
        XCTAssertEqual(try store.questionCount(site: "beer"), 1)
    }

    func testDamageMetByAnotherProcessStopsThisOnesWrites() throws {
        let store = try importedStore("beer")
        try store.setSettings(["browse/last_site": "beer"])
        // What another stackterm leaves when its read meets damage.
        try Data("SQLite met pages of it that it cannot read\n".utf8)
            .write(to: URL(fileURLWithPath: storeFile.path + StoreDamage.markerSuffix))
        XCTAssertThrowsError(try store.setSettings(["browse/last_site": "cardano"])) { error in
            guard case StoreError.damaged = error else { return XCTFail("a write went on: \(error)") }
        }
        XCTAssertEqual(try store.lastSite(), "beer")
    }

    /// A browser left open while another stackterm (`store --check`, the next start) moved its file aside as damaged
    /// and started a new one: the browser's writes would go into the moved file. They are refused, naming why.
    func testAFileMovedAsideByAnotherProcessTakesNoMoreWritesFromThisOne() throws {
        let store = try openStore()
        try store.setSettings(["browse/last_site": "beer"])
        let aside = URL(fileURLWithPath: storeFile.path + ".damaged-test")
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: storeFile.path + suffix) {
            try FileManager.default.moveItem(atPath: storeFile.path + suffix, toPath: aside.path + suffix)
        }
        let other = try openStore()
        try other.setSettings(["browse/last_site": "cardano"])
        let before = try Data(contentsOf: aside)
        XCTAssertThrowsError(try store.setSettings(["browse/last_site": "coffee"])) { error in
            XCTAssertEqual(error as? StoreError, .replaced(path: storeFile.path))
            XCTAssertTrue("\(error)".contains("was moved aside or removed since stackterm opened it"), "\(error)")
            XCTAssertEqual(APIError(storeFailure: error), .offline(detail: "\(error)"))
        }
        XCTAssertEqual(try Data(contentsOf: aside), before, "nothing written into the file moved aside")
        XCTAssertEqual(try other.lastSite(), "cardano", "the new store keeps its own")
        // Removed outright: the same.
        try FileManager.default.removeItem(at: storeFile)
        XCTAssertThrowsError(try other.setSettings(["browse/last_site": "beer"])) { error in
            XCTAssertEqual(error as? StoreError, .replaced(path: storeFile.path))
        }
    }

    func testAMarkerOnAnIntactStoreIsDroppedAfterTheCheck() throws {
        do { _ = try importedStore("beer") }
        try Data("seen".utf8).write(to: URL(fileURLWithPath: storeFile.path + StoreDamage.markerSuffix))
        let store = try openStore()
        XCTAssertNil(store.notice)
        XCTAssertFalse(FileManager.default.fileExists(atPath: storeFile.path + StoreDamage.markerSuffix))
        XCTAssertEqual(try store.questionCount(site: "beer"), 663)
    }
}
