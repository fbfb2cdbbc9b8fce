import StackAPI
import XCTest
@testable import StackRetrieval

/// The live source's lifecycle alone (`LiveLifecycle`): each transition's outputs, no socket, no queue, no clock.
final class LiveLifecycleTests: XCTestCase {
    private typealias Lifecycle = LiveLifecycle

    // MARK: Start

    func testStartWithASocketReportsConnectingAndStartsTheConnectionLoop() {
        var lifecycle = Self.lifecycle()
        XCTAssertEqual(lifecycle.handle(.start(.socket)), [.report(.connecting), .startRunner])
        XCTAssertEqual(lifecycle.handle(.attemptBegins), [], "connecting already reported")
        XCTAssertEqual(lifecycle.handle(.start(.socket)), [], "started once")
    }

    func testStartWithoutASocketPollsTheFirstRequestAPeriodLater() {
        var lifecycle = Self.lifecycle()
        XCTAssertEqual(lifecycle.handle(.start(.noSocket)), [.report(.polling), .startPolling(firstAfterAPeriod: true)])
        XCTAssertNil(lifecycle.state.retry?.runner, "no connection loop")
    }

    func testStartWithoutASocketOrALoaderStops() {
        var lifecycle = Self.lifecycle(canPoll: false)
        XCTAssertEqual(lifecycle.handle(.start(.noSocket)), [.report(.stopped(reason: Lifecycle.noSocketReason))])
        XCTAssertEqual(lifecycle.handle(.start(.socket)), [], "a source that gave up stays so")
        XCTAssertFalse(lifecycle.isStopped, "deliveries go on until stop()")
    }

    func testAnUnusableAddressFailsThenStops() {
        var lifecycle = Self.lifecycle()
        XCTAssertEqual(lifecycle.handle(.start(.unusable(reason: "no host"))),
                       [.fail(reason: "no host"), .report(.stopped(reason: "no host"))])
        XCTAssertEqual(lifecycle.handle(.attemptBegins), [])
    }

    // MARK: Failures, polling, live

    func testFailuresInARowPollAtTheThresholdAndTheMarkStaysOnPolling() {
        var lifecycle = Self.started()
        XCTAssertEqual(lifecycle.handle(Self.failed("refused")), [.report(.reconnecting(in: 1, reason: "refused")),
                                                                   .retry(after: 1)])
        XCTAssertEqual(lifecycle.handle(.attemptBegins), [.report(.connecting)])
        XCTAssertEqual(lifecycle.handle(Self.failed("refused")),
                       [.report(.polling), .startPolling(firstAfterAPeriod: false), .retry(after: 2)])
        XCTAssertEqual(lifecycle.handle(.attemptBegins), [], "no connecting while polling")
        XCTAssertEqual(lifecycle.handle(Self.failed("refused")), [.retry(after: 4)], "polling goes on, once started")
    }

    func testWithoutALoaderFailuresOnlyReconnectWithLongerWaits() {
        var lifecycle = Self.started(canPoll: false)
        var waits: [Int] = []
        for _ in 0..<4 {
            let outputs = lifecycle.handle(Self.failed("refused"))
            XCTAssertFalse(outputs.contains(.report(.polling)))
            if case .reconnecting(_, let seconds, _) = lifecycle.state { waits.append(seconds) }
            _ = lifecycle.handle(.attemptBegins)
        }
        XCTAssertEqual(waits, [1, 2, 4, 8])
    }

    func testLiveAfterPollingFillsTheGap() {
        var lifecycle = Self.started()
        _ = lifecycle.handle(Self.failed("refused"))
        _ = lifecycle.handle(Self.failed("refused"))
        XCTAssertEqual(lifecycle.state.shown, .polling)
        XCTAssertEqual(lifecycle.handle(.subscribed), [.report(.live), .fillGap])
    }

    func testTheFirstLiveFillsNoGapButLiveAfterADisconnectDoes() {
        var lifecycle = Self.started()
        XCTAssertEqual(lifecycle.handle(.subscribed), [.report(.live)])
        XCTAssertEqual(lifecycle.handle(.subscribed), [], "live already")
        _ = lifecycle.handle(Self.wasLive(for: 5, "closed by the server"))
        XCTAssertEqual(lifecycle.handle(.attemptBegins), [.report(.connecting)])
        XCTAssertEqual(lifecycle.handle(.subscribed), [.report(.live), .fillGap])
    }

    func testWithoutALoaderNoGapIsFilled() {
        var lifecycle = Self.started(canPoll: false)
        _ = lifecycle.handle(.subscribed)
        _ = lifecycle.handle(Self.wasLive(for: 5, "closed by the server"))
        XCTAssertEqual(lifecycle.handle(.subscribed), [.report(.live)])
    }

    func testLiveEndsTheCountTowardsPolling() {
        var lifecycle = Self.started()
        _ = lifecycle.handle(Self.failed("refused"))
        _ = lifecycle.handle(.attemptBegins)
        _ = lifecycle.handle(.subscribed)
        _ = lifecycle.handle(Self.wasLive(for: 1, "closed by the server"))
        _ = lifecycle.handle(.attemptBegins)
        let outputs = lifecycle.handle(Self.failed("refused"))
        XCTAssertEqual(outputs.first, .report(.reconnecting(in: 4, reason: "refused")), "one failure since live")
    }

    func testOnlyAConnectionLiveForStableSecondsStartsTheWaitsAgain() {
        var lifecycle = Self.started(canPoll: false)
        XCTAssertEqual(lifecycle.handle(Self.failed("refused")).last, .retry(after: 1))
        XCTAssertEqual(lifecycle.handle(Self.wasLive(for: 29, "cut")).last, .retry(after: 2), "cut too soon")
        XCTAssertEqual(lifecycle.handle(Self.wasLive(for: 30, "cut")).last, .retry(after: 1), "stayed live")
    }

    // MARK: Stop

    func testStopFromEachStateCancelsWhatRunsAndNothingFollows() {
        let runner = Task<Void, Never> {}
        let states: [(String, [Lifecycle.Event])] = [
            ("idle", []), ("connecting", [.start(.socket), .runnerStarted(runner)]),
            ("live", [.start(.socket), .runnerStarted(runner), .subscribed]),
            ("reconnecting", [.start(.socket), .runnerStarted(runner), Self.failed("refused")]),
            ("polling", [.start(.socket), .runnerStarted(runner), Self.failed("refused"), Self.failed("refused")]),
            ("polling without a socket", [.start(.noSocket)]),
            ("gave up", [.start(.unusable(reason: "no host"))]),
        ]
        for (name, events) in states {
            var lifecycle = Self.lifecycle()
            for event in events { _ = lifecycle.handle(event) }
            let cancel: [Lifecycle.Output] = lifecycle.state.retry?.runner == nil ? [] : [.cancelRunner(runner)]
            XCTAssertEqual(lifecycle.handle(.stop), cancel + [.stopPoller], name)
            XCTAssertTrue(lifecycle.isStopped, name)
            XCTAssertNil(lifecycle.state.shown, "\(name): stop() reports nothing")
            for event in Self.everyEvent {
                XCTAssertEqual(lifecycle.handle(event), [], "\(name): nothing after stop()")
            }
        }
    }

    func testAConnectionLoopHandedOverAfterStopIsCancelled() {
        var lifecycle = Self.lifecycle()
        XCTAssertEqual(lifecycle.handle(.start(.socket)), [.report(.connecting), .startRunner])
        XCTAssertEqual(lifecycle.handle(.stop), [.stopPoller], "no loop to cancel yet")
        let runner = Task<Void, Never> {}
        XCTAssertEqual(lifecycle.handle(.runnerStarted(runner)), [.cancelRunner(runner)])
    }

    func testWithoutALoaderStopHasNoPollerToStop() {
        var lifecycle = Self.lifecycle(canPoll: false)
        _ = lifecycle.handle(.start(.socket))
        let runner = Task<Void, Never> {}
        _ = lifecycle.handle(.runnerStarted(runner))
        XCTAssertEqual(lifecycle.handle(.stop), [.cancelRunner(runner)])
    }

    // MARK: - Helpers

    private static func lifecycle(canPoll: Bool = true) -> Lifecycle {
        Lifecycle(pollAfterFailures: 2, stableSeconds: 30, canPoll: canPoll)
    }

    /// Started with a socket, the first attempt under way.
    private static func started(canPoll: Bool = true) -> Lifecycle {
        var lifecycle = lifecycle(canPoll: canPoll)
        _ = lifecycle.handle(.start(.socket))
        _ = lifecycle.handle(.attemptBegins)
        return lifecycle
    }

    /// An attempt that never reached live; the jitter at its middle (no jitter).
    private static func failed(_ reason: String) -> Lifecycle.Event {
        .attemptEnded(LiveConnection.Outcome(reason: reason, wasLive: false, liveSeconds: 0), random: 0.5)
    }

    /// An attempt live for `seconds`.
    private static func wasLive(for seconds: Double, _ reason: String) -> Lifecycle.Event {
        .attemptEnded(LiveConnection.Outcome(reason: reason, wasLive: true, liveSeconds: seconds), random: 0.5)
    }

    /// One event of each kind but a runner's hand-over (which is cancelled whenever it comes too late).
    private static let everyEvent: [Lifecycle.Event] = [
        .start(.socket), .start(.noSocket), .start(.unusable(reason: "no host")), .attemptBegins, .subscribed,
        failed("refused"), wasLive(for: 60, "cut"), .stop,
    ]
}
