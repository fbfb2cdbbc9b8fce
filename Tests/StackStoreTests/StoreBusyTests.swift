import Foundation
import NIOConcurrencyHelpers
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// Issue 32 item 1, the store's part: a write that meets another connection's lock past the busy timeout fails as
/// `.busy` (to be tried again), not as a plain database error; a running import is seen; an import lets a user
/// write that waits for it in between two of its transactions (`StoreWriteTurn`).
final class StoreBusyTests: StoreTestCase {
    func testALockHeldPastTheBusyTimeoutFailsAsBusy() throws {
        let store = try Store(fileURL: storeFile, busyTimeout: 0.1)
        let holder = try StoreLock(path: storeFile.path)
        XCTAssertThrowsError(try store.addSearch("staking", site: "cardano")) { error in
            XCTAssertTrue((error as? StoreError)?.isBusy == true, "\(error)")
            XCTAssertTrue("\(error)".contains("locked"), "\(error)")
        }
        holder.release()
        try store.userWrite { () throws(StoreError) in try store.addSearch("staking", site: "cardano") }
        XCTAssertEqual(try store.searchHistory(site: "cardano"), ["staking"])
    }

    func testARunningImportIsSeenThroughItsLock() throws {
        let store = try openStore()
        XCTAssertFalse(store.importRunning)
        let held = try XCTUnwrap(try StoreImportLock.take(store: storeFile))
        XCTAssertTrue(store.importRunning)
        withExtendedLifetime(held) {}
    }

    func testAnImportBetweenTransactionsWaitsForTheUserWriteThatAsked() throws {
        let store = try openStore()
        let yield = ImportWriteYield(store: storeFile)
        let log = LockedLog()
        let asking = DispatchSemaphore(value: 0), written = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            try? store.userWrite { () throws(StoreError) in
                asking.signal()
                _ = release.wait(timeout: .now() + 30)
                log.add("user write")
            }
            written.signal()
        }.start()
        asking.wait()
        let imported = DispatchSemaphore(value: 0)
        Thread {
            yield.letWaitingWritersIn()
            log.add("next import transaction")
            imported.signal()
        }.start()
        release.signal()
        written.wait()
        imported.wait()
        XCTAssertEqual(log.all, ["user write", "next import transaction"])
    }
}

/// Lines appended from any thread.
private final class LockedLog: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    var all: [String] { lines.withLockedValue { $0 } }
    func add(_ line: String) { lines.withLockedValue { $0.append(line) } }
}
