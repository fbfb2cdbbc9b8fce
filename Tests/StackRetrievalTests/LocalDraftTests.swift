import Foundation
import NIOConcurrencyHelpers
@testable import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// Issue 31, part 6, through the app's door: a draft kept with `remember(.keepDraft…)` is read back, dropped only
/// while still the one kept, survives a kill between `remember` and the commit (the journal is replayed at the next
/// start), and waits for a held lock instead of being dropped.
final class LocalDraftTests: LocalStoreTestCase {
    private let target = DraftTarget.answer(questionID: 42)

    private func readDraft(_ local: LocalDataManager) throws -> StoredDraft? {
        try value("the draft") { local.draft(site: "coffee", target: target, completion: $0) }
    }

    private func keep(_ text: String, at seconds: TimeInterval) -> RememberedWrite {
        .keepDraft(site: "coffee", target: target, text: text, at: Date(timeIntervalSince1970: seconds))
    }

    func testAKeptDraftIsReadBackAndDroppedOnlyWhileStillTheOneKept() throws {
        XCTAssertNil(try readDraft(local))
        local.remember(keep("First words", at: 1_000.5))
        XCTAssertEqual(try readDraft(local), StoredDraft(site: "coffee", target: target, text: "First words",
                                                         updatedAt: Date(timeIntervalSince1970: 1_000.5)),
                       "read after the write asked for before it")
        local.remember(keep("Edited while sending", at: 1_000.9))
        local.remember(.dropDraft(site: "coffee", target: target, keptAt: Date(timeIntervalSince1970: 1_000.5)))
        XCTAssertEqual(try readDraft(local)?.text, "Edited while sending", "the sent version's drop leaves the newer edit")
        local.remember(.dropDraft(site: "coffee", target: target, keptAt: nil))
        XCTAssertNil(try readDraft(local))
    }

    func testADraftJournalledBeforeAKillIsRestoredAtTheNextStart() throws {
        // The write line is held (a kill comes before the commit): the draft is only in the journal.
        let holdLine = Self.holdWriteLine(of: local)
        defer { holdLine.signal() }
        local.remember(keep("Typed, then the program was killed", at: 2_000))
        XCTAssertFalse(local.flush(waitingAtMost: 0.05))
        local.journal.closeAsTheExitDoes()
        XCTAssertNil(try store.draft(site: "coffee", target: target), "never committed")

        let next = LocalDataManager(store: try Store(fileURL: store.fileURL))
        XCTAssertTrue(next.flush())
        XCTAssertEqual(try readDraft(next)?.text, "Typed, then the program was killed")
        XCTAssertEqual(next.journal.openCount, 0)
    }

    func testKeepingADraftWhileTheLockIsHeldWaitsAndThenLands() throws {
        let file = directory.url.appendingPathComponent("held.sqlite")
        let held = LocalDataManager(store: try Store(fileURL: file, busyTimeout: 0.2))
        let holder = try StoreLock(path: file.path)
        let reports = NIOLockedValueBox<[RememberedProgress]>([])
        held.remember(keep("Kept while the store was busy", at: 3_000)) { report in reports.withLockedValue { $0.append(report) } }
        waitUntil("the keep says it waits") { !reports.withLockedValue { $0 }.isEmpty }
        XCTAssertEqual(reports.withLockedValue { $0 }, [.waiting("waiting for another program to let go of the store")])
        XCTAssertNil(try held.store.draft(site: "coffee", target: target), "nothing is written while the lock is held")

        holder.release()
        XCTAssertTrue(held.flush())
        XCTAssertEqual(reports.withLockedValue { $0 }.dropFirst(), [.written])
        XCTAssertEqual(try readDraft(held)?.text, "Kept while the store was busy")
        XCTAssertEqual(held.journal.openCount, 0)
    }

    func testADraftTooLongForTheStoreFailsAndIsNotReplayed() throws {
        let reports = NIOLockedValueBox<[RememberedProgress]>([])
        let text = String(repeating: "a", count: Store.draftByteLimit + 1)
        local.remember(keep(text, at: 4_000)) { report in reports.withLockedValue { $0.append(report) } }
        XCTAssertTrue(local.flush())
        guard case .failed(let why) = reports.withLockedValue({ $0 }).first else {
            return XCTFail("\(reports.withLockedValue { $0 })")
        }
        XCTAssertTrue(why.contains("1 MiB"), why)
        XCTAssertEqual(local.journal.openCount, 0, "refused for good: not replayed at every start")
        XCTAssertNil(try store.draft(site: "coffee", target: target))
    }
}
