import Foundation
import NIOConcurrencyHelpers
import XCTest

@testable import StackStore

/// The import's hand-over between its parsing thread and its writing thread: order, the bound, the end and giving up.
final class BatchPipeTests: XCTestCase {
    func testEveryBatchArrivesInOrderWithAtMostDepthWaiting() throws {
        let produced = NIOLockedValueBox(0)
        var taken: [Int] = []
        var mostAhead = 0
        try BatchPipe<Int>.run(produce: { pipe in
            for batch in 0..<500 {
                guard pipe.put(batch) else { return }
                produced.withLockedValue { $0 += 1 }
            }
        }, consume: { batch in
            mostAhead = max(mostAhead, produced.withLockedValue { $0 } - taken.count)
            taken.append(batch)
        })
        XCTAssertEqual(taken, Array(0..<500))
        // The batch being consumed was taken already; at most `depth` (2) more were put meanwhile.
        XCTAssertLessThanOrEqual(mostAhead, 3)
    }

    func testAProducersErrorReachesTheConsumerAfterTheBatchesBeforeIt() {
        struct Broken: Error {}
        var taken: [Int] = []
        XCTAssertThrowsError(try BatchPipe<Int>.run(produce: { pipe in
            _ = pipe.put(1)
            _ = pipe.put(2)
            throw Broken()
        }, consume: { taken.append($0) })) { XCTAssertTrue($0 is Broken) }
        XCTAssertEqual(taken, [1, 2])
    }

    func testAConsumerThatGivesUpReleasesAProducerWaitingForRoom() {
        struct WriteFailed: Error {}
        let refusedPuts = NIOLockedValueBox(0)
        XCTAssertThrowsError(try BatchPipe<Int>.run(produce: { pipe in
            // Without stop() waking it, this producer would wait for room forever and run() would never return.
            for batch in 0..<100 where !pipe.put(batch) {
                refusedPuts.withLockedValue { $0 += 1 }
            }
        }, consume: { _ in
            Thread.sleep(forTimeInterval: 0.01)  // the producer fills the pipe and waits
            throw WriteFailed()
        })) { XCTAssertTrue($0 is WriteFailed) }
        XCTAssertGreaterThan(refusedPuts.withLockedValue { $0 }, 0, "every put after stop() is refused at once")
    }

    func testAnEmptyProductionEndsWithNil() throws {
        var taken = 0
        try BatchPipe<Int>.run(produce: { _ in }, consume: { _ in taken += 1 })
        XCTAssertEqual(taken, 0)
    }
}
