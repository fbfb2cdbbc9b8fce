import Foundation
import NIOConcurrencyHelpers
import StackAPI
@testable import StackRetrieval
import XCTest

/// The state machine of `ConcurrentOperation` / `ResultOperation`, without any network.
final class ConcurrentOperationTests: XCTestCase {
    private var queue: OperationQueue!

    override func setUp() async throws {
        queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
    }

    /// A probe on the queue, already executing, that completes only when the test says.
    private func executingProbe(delivering delivery: ResultDelivery<Int>) -> ProbeOperation {
        let operation = ProbeOperation(delivery: delivery)
        queue.addOperation(operation)
        waitUntil("executing") { operation.isExecuting }
        return operation
    }

    func testQueueDrainsToZeroAfterABatch() {
        let deliveries = Deliveries<Int>()
        let operations = (0..<12).map { ProbeOperation(completingWith: $0, delivery: deliveries.onMain) }
        operations.forEach(queue.addOperation)
        waitUntil("12 deliveries") { deliveries.count == 12 }
        waitUntil("queue empty") { queue.operationCount == 0 }
        XCTAssertEqual(deliveries.results.compactMap { try? $0.get() }.sorted(), Array(0..<12))
        XCTAssertTrue(operations.allSatisfy { $0.isFinished && !$0.isExecuting && $0.executeCount == 1 })
    }

    func testCancelBeforeStartNeverExecutesAndFinishes() {
        let deliveries = Deliveries<Int>()
        let operation = ProbeOperation(completingWith: 1, delivery: deliveries.onMain)
        operation.cancel()
        XCTAssertFalse(operation.isFinished, "an operation not yet started must not finish before it is queued")
        queue.addOperation(operation)
        waitUntil("cancelled operation finished") { operation.isFinished }
        waitUntil("queue empty") { queue.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(operation.executeCount, 0)
        XCTAssertEqual(operation.didCancelCount, 0)
        XCTAssertEqual(deliveries.count, 0)
    }

    func testCancelWhileExecutingFinishesAtOnceAndNeverDelivers() {
        let deliveries = Deliveries<Int>()
        let operation = executingProbe(delivering: deliveries.onMain)
        operation.cancel()
        XCTAssertTrue(operation.isFinished, "cancel() finishes an executing operation at once")
        XCTAssertFalse(operation.isExecuting)
        operation.cancel()
        XCTAssertEqual(operation.didCancelCount, 1, "didCancel runs once however often cancel() is called")
        operation.complete(with: .success(7))
        waitUntil("queue empty") { queue.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
    }

    func testFinishTwiceIsHarmless() {
        let deliveries = Deliveries<Int>()
        let operation = executingProbe(delivering: deliveries.onMain)
        operation.finish()
        operation.finish()
        XCTAssertTrue(operation.isFinished)
        waitUntil("queue empty") { queue.operationCount == 0 }
        let next = ProbeOperation(completingWith: 2, delivery: deliveries.onMain)
        queue.addOperation(next)
        waitUntil("queue still works") { deliveries.count == 1 }
    }

    func testResultIsDeliveredOnMainAtMostOnce() {
        let deliveries = Deliveries<Int>()
        let operation = executingProbe(delivering: deliveries.onMain)
        DispatchQueue.global().async {
            operation.complete(with: .success(1))
            operation.complete(with: .success(2))
        }
        waitUntil("delivered") { deliveries.count == 1 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 1)
        XCTAssertEqual(try deliveries.last?.get(), 1)
    }

    func testCancelAfterResultWasQueuedOnMainStillDeliversNothing() {
        let deliveries = Deliveries<Int>()
        let operation = executingProbe(delivering: deliveries.onMain)
        // We are on the main queue: the completion block is queued behind this test and cannot have run yet.
        operation.complete(with: .success(1))
        XCTAssertTrue(operation.isFinished)
        operation.cancel()
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0, "a block already queued on main must check the cancelled flag")
    }

    func testDirectDeliveryRunsOnTheCompletingThread() {
        let box = DirectBox()
        let operation = ProbeOperation(completingWith: 5, delivery: .direct { box.record($0) })
        queue.addOperation(operation)
        waitUntil("direct delivery") { box.values == [5] }
        XCTAssertFalse(box.ranOnMain)
    }

    func testDefaultExecuteFinishes() {
        let operation = ConcurrentOperation()
        queue.addOperation(operation)
        waitUntil("base operation finished") { operation.isFinished }
        waitUntil("queue empty") { queue.operationCount == 0 }
    }
}

/// Collects `.direct` deliveries from any thread.
private final class DirectBox: Sendable {
    private let state = NIOLockedValueBox((collected: [Int](), onMain: false))

    var values: [Int] { state.withLockedValue { $0.collected } }
    var ranOnMain: Bool { state.withLockedValue { $0.onMain } }

    func record(_ result: Result<Int, APIError>) {
        let isMain = Thread.isMainThread
        state.withLockedValue {
            $0.collected.append((try? result.get()) ?? -1)
            $0.onMain = $0.onMain || isMain
        }
    }
}
