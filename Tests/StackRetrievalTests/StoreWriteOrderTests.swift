import Foundation
import NIOConcurrencyHelpers
@testable import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// Quitting waits for the store's writes only so long, and what the user made is written before queued copies of
/// network responses. A write the test holds stands for a store another process keeps locked.
final class StoreWriteOrderTests: LocalStoreTestCase {

    /// Holds the write queue until the returned semaphore is signalled (or, so a wrong test cannot hang, 10 s pass).
    private func holdTheWriteQueue() -> DispatchSemaphore {
        let release = DispatchSemaphore(value: 0)
        local.write { _ in _ = release.wait(timeout: .now() + 10) }
        return release
    }

    func testABoundedFlushGivesUpOnAWriteThatDoesNotEnd() {
        let release = holdTheWriteQueue()
        local.markRead(site: "cardano", [1: (answerCount: 0, lastActivity: nil)])
        XCTAssertFalse(local.flush(waitingAtMost: 0.05), "a flush that waited for the held write would have said done")
        release.signal()
        XCTAssertTrue(local.flush(waitingAtMost: 30), "once the queue moves, the flush sees every write done")
    }

    func testReadMarksAndSavesPassQueuedNetworkCopies() throws {
        try store.save(questions: [Fixtures.question(id: 7, title: "Staking")], site: "cardano") // a save needs a copy
        let release = holdTheWriteQueue()
        let seenByTheCopy = NIOLockedValueBox<(marks: Int, saved: Bool)?>(nil)
        // Queued first: a network copy that looks at what the user's writes have left in the store.
        local.write { store in
            let marks = (try? store.readMarks(site: "cardano", ids: [7]).count) ?? -1
            let saved = (try? store.isSaved(site: "cardano", questionID: 7)) ?? false
            seenByTheCopy.withLockedValue { $0 = (marks, saved) }
        }
        local.markRead(site: "cardano", [7: (answerCount: 2, lastActivity: nil)])
        local.remember(.setSaved(site: "cardano", questionID: 7, saved: true, at: Date()))
        release.signal()
        XCTAssertTrue(local.flush(waitingAtMost: 30))
        let seen = try XCTUnwrap(seenByTheCopy.withLockedValue { $0 })
        XCTAssertEqual(seen.marks, 1, "the mark asked for after the copy was written before it")
        XCTAssertTrue(seen.saved, "so was the save")
    }

    func testTheMarkBeforeOpeningIsStillReadBeforeTheNewMark() throws {
        local.markRead(site: "cardano", [7: (answerCount: 1, lastActivity: nil)])
        let release = holdTheWriteQueue()
        local.keep(questions: [Fixtures.question(id: 7, title: "Staking", answers: 3)], site: "cardano")
        let before = Deliveries<ReadMark?>()
        local.read(.afterRemembered, { try $0.readMark(site: "cardano", questionID: 7) }, completion: before.completion)
        local.markRead(site: "cardano", [7: (answerCount: 3, lastActivity: nil)])
        release.signal()
        waitUntil("the mark from before") { before.count == 1 }
        XCTAssertEqual(try XCTUnwrap(before.last).get()?.answerCount, 1, "the read passed the copy, not the new mark")
    }
}
