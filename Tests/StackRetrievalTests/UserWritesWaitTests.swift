import Foundation
import NIOConcurrencyHelpers
import StackAPI
@testable import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// Issue 32 item 1: the user's writes (saves, read marks, searches, settings) are never dropped because another
/// connection holds the store's lock — they wait, in order, for as long as it takes, and what a quit leaves unwritten
/// is journalled and written by the next start — while copies of network responses may still be skipped. The lock is
/// held by another process (the sqlite3 shell's open `BEGIN IMMEDIATE`), as an import holds it, for longer than
/// the store's busy timeout (shortened to 0.2 s here).
final class UserWritesWaitTests: LocalStoreTestCase {
    private var heldFile: URL { directory.url.appendingPathComponent("held.sqlite") }

    /// A store whose writers give up on a held lock after 0.2 s, holding question 5, and its manager.
    private func shortTimeoutStore() throws -> (Store, LocalDataManager) {
        let store = try Store(fileURL: heldFile, busyTimeout: 0.2)
        try store.save(questions: [Fixtures.question(id: 5, title: "Staking rewards")], site: "cardano")
        return (store, LocalDataManager(store: store))
    }

    func testUserWritesWaitForAHeldLockAndAreWrittenInOrderOnceItFrees() throws {
        let (store, local) = try shortTimeoutStore()
        let holder = try StoreLock(path: heldFile.path)
        let outcomes = NIOLockedValueBox<[SaveOutcome]>([])
        let record: @MainActor @Sendable (SaveOutcome) -> Void = { outcome in
            outcomes.withLockedValue { $0.append(outcome) }
        }
        local.setSaved(true, site: "cardano", questionID: 5, completion: record)
        local.markRead(site: "cardano", [5: (answerCount: 2, lastActivity: nil)])
        local.rememberSearch("staking", site: "cardano")
        local.rememberBrowse(site: "cardano", sort: .votes, tagged: [])
        local.setSaved(false, site: "cardano", questionID: 5, completion: record)
        local.setSaved(true, site: "cardano", questionID: 5, completion: record)
        local.rememberBrowse(site: "cardano", sort: .creation, tagged: ["nft"])
        waitUntil("the save says it waits") { !outcomes.withLockedValue { $0 }.isEmpty }
        let waiting = SaveOutcome.waiting("waiting for another program to let go of the store")
        XCTAssertEqual(outcomes.withLockedValue { $0 }, [waiting])
        XCTAssertFalse(try store.isSaved(site: "cardano", questionID: 5), "nothing is written while the lock is held")

        holder.release()
        XCTAssertTrue(local.flush())
        waitUntil("every save ended") { outcomes.withLockedValue { $0 }.count == 4 }
        XCTAssertEqual(outcomes.withLockedValue { $0 }.dropFirst(), [.kept, .kept, .kept])
        XCTAssertTrue(try store.isSaved(site: "cardano", questionID: 5), "save, unsave, save: in that order")
        XCTAssertEqual(try store.readMark(site: "cardano", questionID: 5)?.answerCount, 2)
        XCTAssertEqual(try store.searchHistory(site: "cardano"), ["staking"])
        XCTAssertEqual(try store.browseMemory(site: "cardano"), SiteBrowseMemory(sort: .creation, tagged: ["nft"]))
        XCTAssertEqual(local.journal.openCount, 0, "the journal holds nothing once all is written")
    }

    func testAJournalledWriteOutlivesAQuitAndTheNextManagerWritesIt() throws {
        let (store, local) = try shortTimeoutStore()
        // The write line is held (as a lock held past the quit's wait holds it): nothing reaches the store.
        let holdLine = Self.holdWriteLine(of: local)
        defer { holdLine.signal() }
        local.markRead(site: "cardano", [5: (answerCount: 3, lastActivity: nil)])
        local.rememberSearch("delegation", site: "cardano")
        local.setSaved(true, site: "cardano", questionID: 5) { _ in }
        XCTAssertFalse(local.flush(waitingAtMost: 0.05), "the quit's bounded wait gives up")
        let journalFile = local.journal.url
        local.journal.closeAsTheExitDoes()
        XCTAssertTrue(FileManager.default.fileExists(atPath: journalFile.path), "the journal stays for the next start")
        XCTAssertNil(try store.readMark(site: "cardano", questionID: 5))

        // The next start: a new manager on the same store finds the journal unlocked and writes what it holds.
        let next = LocalDataManager(store: try Store(fileURL: heldFile))
        XCTAssertTrue(next.flush())
        XCTAssertEqual(try store.readMark(site: "cardano", questionID: 5)?.answerCount, 3)
        XCTAssertEqual(try store.searchHistory(site: "cardano"), ["delegation"])
        XCTAssertTrue(try store.isSaved(site: "cardano", questionID: 5))
        XCTAssertFalse(FileManager.default.fileExists(atPath: journalFile.path), "the adopted journal is removed")
        XCTAssertEqual(Self.journalFiles(in: directory.url), [], "and the new one too, once all is written")
    }

    func testAJournalOfARunningProcessIsLeftToIt() throws {
        let (_, local) = try shortTimeoutStore()
        let holdLine = Self.holdWriteLine(of: local)
        local.rememberSearch("still mine", site: "cardano")
        let other = LocalDataManager(store: try Store(fileURL: heldFile))
        XCTAssertTrue(other.flush())
        XCTAssertEqual(try other.store.searchHistory(site: "cardano"), [], "another start does not take a live journal")
        holdLine.signal()
        XCTAssertTrue(local.flush())
        XCTAssertEqual(try other.store.searchHistory(site: "cardano"), ["still mine"])
    }

    func testCopiesOfNetworkResponsesMayStillBeSkippedAndTheFailureNeverMentionsTheNetwork() throws {
        let (store, local) = try shortTimeoutStore()
        let holder = try StoreLock(path: heldFile.path)
        let reports = NIOLockedValueBox<[String]>([])
        local.onFirstWriteFailure { sentence in reports.withLockedValue { $0.append(sentence) } }
        local.keep(questions: [Fixtures.question(id: 77, title: "A copy")], site: "cardano")
        XCTAssertTrue(local.flush(), "a copy does not wait for the lock")
        holder.release()
        XCTAssertEqual(try store.questions(site: "cardano", ids: [77]).count, 0, "the copy was skipped")
        let sentence = try XCTUnwrap(reports.withLockedValue { $0 }.first)
        XCTAssertTrue(sentence.contains("could not be written"), sentence)
        XCTAssertFalse(sentence.contains("network"), "offline, there is no network to read from: \(sentence)")
    }

    func testJournalLinesWithoutDoneAreReplayedInOrderAndATornLineIsPassedOver() throws {
        let writes: [RememberedWrite] = [
            .addSearch(site: "cardano", query: "one", at: Date(timeIntervalSince1970: 1_000)),
            .setSaved(site: "cardano", questionID: 5, saved: true, at: Date(timeIntervalSince1970: 1_001)),
            .watchedTags(["nft"]),
        ]
        let encoder = JSONEncoder()
        var text = ""
        for (index, write) in writes.enumerated() {
            let line = String(decoding: try encoder.encode(write), as: UTF8.self)
            text += "{\"seq\":\(index + 1),\"write\":\(line)}\n"
        }
        text += "{\"done\":2}\n{\"seq\":4,\"wri"
        XCTAssertEqual(PendingWrites.openWrites(Data(text.utf8)), [writes[0], writes[2]])
    }

    /// A "journal" past 16 MiB beside the store is no journal of ours: a start neither reads it into memory nor
    /// removes it, while a journal under the limit beside it is replayed.
    func testAJournalPastTheLimitIsLeftUnread() throws {
        func journal(_ number: Int, searching query: String) throws -> URL {
            let url = URL(fileURLWithPath: PendingWrites.prefix(heldFile) + "0000000000000\(number)-\(number).jsonl")
            let write = RememberedWrite.addSearch(site: "cardano", query: query, at: Date(timeIntervalSince1970: 1_000))
            let line = "{\"seq\":1,\"write\":\(String(decoding: try JSONEncoder().encode(write), as: UTF8.self))}\n"
            XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data(line.utf8)))
            return url
        }
        let huge = try journal(1, searching: "huge")
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(PendingWrites.largestJournal) + 1)
        try handle.close()
        _ = try journal(2, searching: "small")
        let (store, local) = try shortTimeoutStore()
        XCTAssertTrue(local.flush())
        XCTAssertEqual(try store.searchHistory(site: "cardano"), ["small"], "only the journal under the limit is replayed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: huge.path), "the oversized file is left as it is")
    }

    private static func journalFiles(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.contains(".pending-writes.") }
    }
}
