import Foundation
import NIOConcurrencyHelpers
import StackAPI
import StackRetrieval
import XCTest

/// The gate's arithmetic on a manual clock, and its waiting line on real timers.
final class BackoffGateTests: XCTestCase {
    func testHoldSetsRemainingWaitForThatMethodOnly() {
        let clock = ManualClock()
        let gate = BackoffGate(clock: clock)
        XCTAssertEqual(gate.remainingWait(for: .questions), 0)
        gate.hold(.questions, for: 10)
        XCTAssertEqual(gate.remainingWait(for: .questions), 10, accuracy: 1e-9)
        XCTAssertEqual(gate.remainingWait(for: .answers), 0, "another method is not held")
        clock.advance(by: 4)
        XCTAssertEqual(gate.remainingWait(for: .questions), 6, accuracy: 1e-9)
        clock.advance(by: 7)
        XCTAssertEqual(gate.remainingWait(for: .questions), 0, "never negative")
    }

    func testShorterHoldDoesNotShortenALongerOne() {
        let clock = ManualClock()
        let gate = BackoffGate(clock: clock)
        gate.hold(.searchAdvanced, for: 30)
        gate.hold(.searchAdvanced, for: 2)
        XCTAssertEqual(gate.remainingWait(for: .searchAdvanced), 30, accuracy: 1e-9)
        clock.advance(by: 25)
        gate.hold(.searchAdvanced, for: 10)
        XCTAssertEqual(gate.remainingWait(for: .searchAdvanced), 10, accuracy: 1e-9)
    }

    func testNonsenseHoldsAreIgnored() {
        let gate = BackoffGate(clock: ManualClock())
        gate.hold(.info, for: 0)
        gate.hold(.info, for: -5)
        gate.hold(.info, for: .nan)
        gate.hold(.info, for: .infinity)
        XCTAssertEqual(gate.remainingWait(for: .info), 0)
    }

    func testAHoldPastAWeekIsHeldForAWeek() {
        let clock = ManualClock()
        let gate = BackoffGate(clock: clock)
        gate.hold(.questions, for: 1e20)
        XCTAssertEqual(gate.remainingWait(for: .questions), BackoffGate.longestHold, accuracy: 1e-6,
                       "an absurd backoff is honoured, but not for good")
        clock.advance(by: BackoffGate.longestHold)
        XCTAssertEqual(gate.remainingWait(for: .questions), 0)
    }

    func testFreeMethodProceedsAtOnce() {
        let gate = BackoffGate(clock: ManualClock())
        let outcomes = OutcomeLog()
        gate.waitForTurn(of: .questions) { outcomes.append($0) }
        XCTAssertEqual(outcomes.names, ["proceed"], "proceeds synchronously when nothing is held")
        XCTAssertEqual(gate.waitingCount, 0)
    }

    func testCancellingATicketWakesItWithCancelledOnce() {
        let gate = BackoffGate(clock: ManualClock())
        gate.hold(.questions, for: 3_600)
        let outcomes = OutcomeLog()
        let ticket = gate.waitForTurn(of: .questions) { outcomes.append($0) }
        XCTAssertEqual(gate.waitingCount, 1)
        XCTAssertEqual(outcomes.names, [])
        ticket.cancel()
        ticket.cancel()
        XCTAssertEqual(outcomes.names, ["cancelled"])
        XCTAssertEqual(gate.waitingCount, 0)
    }

    func testCancelAllEndsEveryWaitButKeepsTheHold() {
        let gate = BackoffGate(clock: ManualClock())
        gate.hold(.questions, for: 3_600)
        gate.hold(.answers, for: 3_600)
        let outcomes = OutcomeLog()
        for method in [APIMethod.questions, .questions, .answers] {
            gate.waitForTurn(of: method) { outcomes.append($0) }
        }
        XCTAssertEqual(gate.waitingCount, 3)
        gate.cancelAll()
        XCTAssertEqual(outcomes.names, ["cancelled", "cancelled", "cancelled"])
        XCTAssertEqual(gate.waitingCount, 0)
        XCTAssertGreaterThan(gate.remainingWait(for: .questions), 3_000)
    }

    func testWaiterProceedsWhenTheHoldRunsOut() {
        let gate = BackoffGate()
        gate.hold(.questions, for: 0.3)
        XCTAssertGreaterThan(gate.remainingWait(for: .questions), 0)
        let outcomes = OutcomeLog()
        gate.waitForTurn(of: .questions) { outcomes.append($0) }
        waitUntil("waiter woken") { outcomes.names == ["proceed"] }
        XCTAssertEqual(gate.remainingWait(for: .questions), 0, "it left only once the hold was over")
    }

    func testWokenWaiterSleepsAgainWhenItsHoldWasExtended() {
        let clock = ManualClock()
        let gate = BackoffGate(clock: clock)
        gate.hold(.info, for: 0.05)
        let outcomes = OutcomeLog()
        gate.waitForTurn(of: .info) { outcomes.append($0) }
        // The timer fires after ~0.05 s of real time, but the manual clock has not moved: it must wait again.
        drainMainQueue(for: 0.3)
        XCTAssertEqual(outcomes.names, [], "the method is still held on the gate's clock")
        XCTAssertEqual(gate.waitingCount, 1)
        clock.advance(by: 1)
        waitUntil("waiter woken after the clock moved") { outcomes.names == ["proceed"] }
    }
    func testPausedMethodsListsOnlyMethodsSomeoneWaitsFor() {
        let clock = ManualClock()
        let gate = BackoffGate(clock: clock)
        gate.hold(.questions, for: 90)
        gate.hold(.info, for: 30)
        XCTAssertEqual(gate.pausedMethods(), [:], "a hold nobody waits on pauses nothing yet")
        let ticket = gate.waitForTurn(of: .questions) { _ in }
        XCTAssertEqual(gate.pausedMethods(), [.questions: 90])
        clock.advance(by: 20)
        XCTAssertEqual(gate.pausedMethods()[.questions] ?? 0, 70, accuracy: 1e-9)
        ticket.cancel()
        XCTAssertEqual(gate.pausedMethods(), [:])
    }

    /// The status line's countdown follows the gate itself, not the moment a load was started: a load that reaches
    /// the gate late (its queue busy) is still announced, and so is every end of a wait.
    func testTheObserverHearsEveryWaitStartAndEnd() {
        let clock = ManualClock()
        let gate = BackoffGate(clock: clock)
        let heard = NIOLockedValueBox<[Int]>([])
        gate.onWaitersChanged { heard.withLockedValue { $0.append(gate.waitingCount) } }
        gate.waitForTurn(of: .questions) { _ in }
        XCTAssertEqual(heard.withLockedValue { $0 }, [], "a free method makes nobody wait")
        gate.hold(.questions, for: 60)
        let first = gate.waitForTurn(of: .questions) { _ in }
        gate.waitForTurn(of: .questions) { _ in }
        XCTAssertEqual(heard.withLockedValue { $0 }, [1, 2], "told after each wait began, outside the gate's lock")
        first.cancel()
        XCTAssertEqual(heard.withLockedValue { $0 }, [1, 2, 1])
        gate.cancelAll()
        XCTAssertEqual(heard.withLockedValue { $0 }, [1, 2, 1, 0])
        gate.cancelAll()
        XCTAssertEqual(heard.withLockedValue { $0 }, [1, 2, 1, 0], "nothing ended, nothing told")
        gate.hold(.info, for: 0.05)
        gate.waitForTurn(of: .info) { _ in }
        clock.advance(by: 1)
        waitUntil("the wait ended by its timer is told") { heard.withLockedValue { $0 } == [1, 2, 1, 0, 1, 0] }
    }
}

/// Outcomes of gate waits, from any thread.
private final class OutcomeLog: Sendable {
    private let outcomes = NIOLockedValueBox<[BackoffGate.Outcome]>([])

    var names: [String] {
        outcomes.withLockedValue { $0.map { $0 == .proceed ? "proceed" : "cancelled" } }
    }

    func append(_ outcome: BackoffGate.Outcome) {
        outcomes.withLockedValue { $0.append(outcome) }
    }
}
