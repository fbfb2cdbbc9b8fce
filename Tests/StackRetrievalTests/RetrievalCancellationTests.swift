import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Cancellation over real HTTP: before start, while running, all at once, races with delivery.
final class RetrievalCancellationTests: RetrievalTestCase {
    func testCancelBeforeStartSendsNothingAndDeliversNothing() throws {
        retrieval = makeRetrieval(queues: QueueManager(userInitiatedWidth: 1))
        try double.setFaults("delay_ms=30000&path=/answers")
        let blocker = Deliveries<Page<Answer>>()
        let blocking = retrieval.latestAnswers(site: site, completion: blocker.completion)
        waitUntil("the blocker is at the double") { (try? logged("/answers"))?.count == 1 }
        let deliveries = Deliveries<Page<Question>>()
        let queued = retrieval.questionsPage(site: site, page: 7, completion: deliveries.completion)
        queued.cancel()
        XCTAssertTrue(queued.isCancelled)
        blocking.cancel()
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertTrue(queued.isFinished)
        XCTAssertEqual(deliveries.count + blocker.count, 0)
        XCTAssertEqual(try logged("page=7"), [], "a load cancelled before it started never reaches the server")
    }

    func testCancelWhileRunningFinishesAtOnceAndDeliversNothing() throws {
        try double.setFaults("delay_ms=30000")
        let deliveries = Deliveries<Page<Answer>>()
        let handle = retrieval.latestAnswers(site: site, completion: deliveries.completion)
        waitUntil("request at the double") { (try? logged("/answers"))?.count == 1 }
        XCTAssertFalse(handle.isFinished)
        handle.cancel()
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        XCTAssertTrue(handle.isFinished)
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
    }

    func testCancelAllWithTwentyLoadsAgainstASleepingServerEmptiesBothQueues() throws {
        try double.setFaults("delay_ms=30000")
        let deliveries = Deliveries<Page<Question>>()
        let handles = (1...20).map { page in
            retrieval.questionsPage(
                site: site, page: page, priority: page.isMultiple(of: 3) ? .prefetch : .userInitiated,
                completion: deliveries.completion)
        }
        // Default widths: 4 user-initiated and 2 background loads reach the server, the rest wait in the queues.
        waitUntil("six requests at the double") { (try? logged("/questions"))?.count == 6 }
        XCTAssertEqual(retrieval.operationCount, 20)
        retrieval.cancelAll()
        // The server sleeps 30 s: the queues can only empty within this deadline if nothing waits for it.
        waitUntil("both queues empty", deadline: 15) { retrieval.operationCount == 0 }
        XCTAssertEqual(retrieval.queues.operationCount(for: .userInitiated), 0)
        XCTAssertEqual(retrieval.queues.operationCount(for: .prefetch), 0)
        XCTAssertTrue(handles.allSatisfy { $0.isCancelled && $0.isFinished })
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
        XCTAssertEqual(try logged("/questions").count, 6, "cancelled queued loads never left")
    }

    func testCancelRightAfterTheResultWasQueuedOnMainDeliversNothing() throws {
        let deliveries = Deliveries<Page<Question>>()
        let handle = retrieval.questionsPage(site: site, pageSize: 5, completion: deliveries.completion)
        // Block the main queue (no run loop) until the load has finished, then a little longer so the
        // delivering thread has surely queued its block on main: that block must see the cancel below.
        let deadline = Date().addingTimeInterval(20)
        while !handle.isFinished, Date() < deadline { usleep(1_000) }
        XCTAssertTrue(handle.isFinished, "the load did not finish")
        usleep(50_000)
        handle.cancel()
        XCTAssertTrue(handle.isCancelled, "cancel() after finish is still recorded")
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0, "the block already on main checked the cancelled flag")
    }
}
