import Foundation

/// A `LiveSource`'s connection lifecycle as a pure state machine: `handle(_:)` takes what happened and returns what
/// the source must do. No I/O, no clock, no lock: the source keeps it in its `NIOLockedValueBox`, calls it under the
/// lock and performs the outputs outside it (as swift-nio's handlers drive their state machines).
struct LiveLifecycle: Sendable {
    /// Where the source is; each state but `idle` and `stopped` shows as a `LiveState` (`shown`).
    enum State: Sendable {
        /// Made, not started yet.
        case idle
        /// An attempt at the socket is under way (the first, or the next after a wait) and not subscribed yet.
        case connecting(Retry)
        /// Subscribed: activity arrives as it happens.
        case live(Retry)
        /// The connection ended (`reason`); the next attempt starts in `seconds`.
        case reconnecting(Retry, seconds: Int, reason: String)
        /// The socket could not be had: the API is polled while attempts go on (none without a socket address),
        /// until one is live.
        case polling(Retry)
        /// Gave up for good at the start (`reason`): an address it cannot use, or no socket and nothing to poll.
        case gaveUp(reason: String)
        /// `stop()` was called: nothing happens or is reported afterwards.
        case stopped
    }

    /// What a started source carries from one attempt to the next.
    struct Retry: Sendable {
        /// The connection loop's task, once handed over (`Event.runnerStarted`); never one without a socket.
        var runner: Task<Void, Never>?
        /// The waits between attempts.
        var backoff = LiveBackoff()
        /// Attempts in a row that ended without reaching live.
        var failedInARow = 0
        /// Whether a connection reached live before (the next one fills the gap).
        var everLive = false
    }

    /// What `start()` finds in the configuration.
    enum Start: Sendable, Equatable {
        /// A usable socket address: connect.
        case socket
        /// No socket address (an API host of its own): poll from the start, when there is a loader.
        case noSocket
        /// An address it cannot use, and why.
        case unusable(reason: String)
    }

    /// What happened to the source.
    enum Event: Sendable {
        /// `start()` was called.
        case start(Start)
        /// The connection loop asked for by `Output.startRunner` exists.
        case runnerStarted(Task<Void, Never>)
        /// The loop begins an attempt at the socket.
        case attemptBegins
        /// The attempt's socket is upgraded and subscribed.
        case subscribed
        /// The attempt ended as `outcome` says; `random` (0..<1) jitters the wait before the next.
        case attemptEnded(LiveConnection.Outcome, random: Double)
        /// `stop()` was called.
        case stop
    }

    /// What the source must do, in order.
    enum Output: Sendable, Equatable {
        /// Hand the app this failure (before the state that follows from it).
        case fail(reason: String)
        /// Hand the app this state (it differs from the last one reported).
        case report(LiveState)
        /// Start the connection loop and hand its task back (`Event.runnerStarted`).
        case startRunner
        /// Cancel the connection loop (and with it the attempt or the wait in progress).
        case cancelRunner(Task<Void, Never>)
        /// Start polling the API (`LivePoller.startPolling(firstAfterAPeriod:)`).
        case startPolling(firstAfterAPeriod: Bool)
        /// Ask the API once for what happened while the socket was away (polling ends with it).
        case fillGap
        /// Stop the poller: no request, no delivery afterwards.
        case stopPoller
        /// Wait this many seconds, then begin the next attempt.
        case retry(after: Double)
    }

    /// The reason reported when there is neither a socket nor a loader to poll with.
    static let noSocketReason = "no live socket for this API host"

    /// Where the source is now.
    private(set) var state = State.idle
    private let pollAfterFailures: Int
    private let stableSeconds: Double
    private let canPoll: Bool

    /// A machine for a source that polls after `pollAfterFailures` failed attempts in a row (when `canPoll`: it has
    /// a loader) and starts its waits again from 1 s after a connection live for `stableSeconds`.
    init(pollAfterFailures: Int, stableSeconds: Double, canPoll: Bool) {
        self.pollAfterFailures = pollAfterFailures
        self.stableSeconds = stableSeconds
        self.canPoll = canPoll
    }

    /// Whether `stop()` was called (nothing may be delivered any more).
    var isStopped: Bool {
        if case .stopped = state { true } else { false }
    }

    /// The one transition function: moves to the state `event` leads to and returns what the source must do, the
    /// new state's report first (after a failure that explains it) when it differs from the one shown before.
    mutating func handle(_ event: Event) -> [Output] {
        let shownBefore = state.shown
        var outputs: [Output] = []
        switch (state, event) {
        case (.stopped, .runnerStarted(let runner)), (.gaveUp, .runnerStarted(let runner)),
             (.idle, .runnerStarted(let runner)):
            outputs = [.cancelRunner(runner)] // handed over too late (or never asked for): it must not run
        case (.stopped, _):
            break // nothing after stop()
        case (_, .stop):
            outputs = (state.retry?.runner).map { [.cancelRunner($0)] } ?? []
            if canPoll { outputs.append(.stopPoller) }
            state = .stopped
        case (.idle, .start(let start)):
            outputs = begin(start)
        case (.idle, _), (.gaveUp, _), (_, .start):
            break // started once; a source that gave up waits for stop()
        case (_, .runnerStarted(let runner)):
            state = state.handingOver(runner)
        case (.polling, .attemptBegins):
            break // the mark stays on polling while the socket is tried
        case (.connecting(let retry), .attemptBegins), (.live(let retry), .attemptBegins),
             (.reconnecting(let retry, _, _), .attemptBegins):
            state = .connecting(retry)
        case (.live, .subscribed):
            break
        case (.connecting(let retry), .subscribed), (.reconnecting(let retry, _, _), .subscribed):
            outputs = subscribe(retry, gap: retry.everLive)
        case (.polling(let retry), .subscribed):
            outputs = subscribe(retry, gap: true)
        case (.connecting(let retry), .attemptEnded(let outcome, let random)),
             (.live(let retry), .attemptEnded(let outcome, let random)),
             (.reconnecting(let retry, _, _), .attemptEnded(let outcome, let random)):
            outputs = end(retry, outcome, random: random, polling: false)
        case (.polling(let retry), .attemptEnded(let outcome, let random)):
            outputs = end(retry, outcome, random: random, polling: true)
        }
        if let shown = state.shown, shown != shownBefore {
            let failures = outputs.prefix { if case .fail = $0 { true } else { false } }.count
            outputs.insert(.report(shown), at: failures)
        }
        return outputs
    }

    /// The first step: connect, poll without a socket, or give up.
    private mutating func begin(_ start: Start) -> [Output] {
        switch start {
        case .socket:
            state = .connecting(Retry())
            return [.startRunner]
        case .noSocket where canPoll:
            // The list's own load is as fresh as a poll: the first request waits a period.
            state = .polling(Retry())
            return [.startPolling(firstAfterAPeriod: true)]
        case .noSocket:
            state = .gaveUp(reason: Self.noSocketReason)
            return []
        case .unusable(let reason):
            state = .gaveUp(reason: reason)
            return [.fail(reason: reason)]
        }
    }

    /// Live: the count towards polling ends, and a `gap` (after a disconnect or polling) is filled.
    private mutating func subscribe(_ retry: Retry, gap: Bool) -> [Output] {
        var retry = retry
        retry.everLive = true
        state = .live(retry)
        return gap && canPoll ? [.fillGap] : []
    }

    /// The attempt ended: counts it, plans the wait, and polls from `pollAfterFailures` failures in a row on.
    private mutating func end(_ retry: Retry, _ outcome: LiveConnection.Outcome, random: Double,
                              polling: Bool) -> [Output] {
        var retry = retry
        // Reaching live ends the count towards polling; only a connection that stayed live resets the waits, so a
        // server that upgrades and cuts every connection is tried after 1, 2, 4 … s, not every second.
        retry.failedInARow = outcome.wasLive ? 0 : retry.failedInARow + 1
        if outcome.liveSeconds >= stableSeconds { retry.backoff.reset() }
        let delay = retry.backoff.nextDelay(random: random)
        if polling || (canPoll && retry.failedInARow >= pollAfterFailures) {
            state = .polling(retry)
            return polling ? [.retry(after: delay)] : [.startPolling(firstAfterAPeriod: false), .retry(after: delay)]
        }
        state = .reconnecting(retry, seconds: Int(delay.rounded(.up)), reason: outcome.reason)
        return [.retry(after: delay)]
    }
}

extension LiveLifecycle.State {
    /// The state the app sees, nil before the start and after `stop()`.
    var shown: LiveState? {
        switch self {
        case .idle, .stopped: nil
        case .connecting: .connecting
        case .live: .live
        case .reconnecting(_, let seconds, let reason): .reconnecting(in: seconds, reason: reason)
        case .polling: .polling
        case .gaveUp(let reason): .stopped(reason: reason)
        }
    }

    /// What a started source carries, nil before the start, after giving up and after `stop()`.
    var retry: LiveLifecycle.Retry? {
        switch self {
        case .connecting(let retry), .live(let retry), .reconnecting(let retry, _, _), .polling(let retry): retry
        case .idle, .gaveUp, .stopped: nil
        }
    }

    /// The same state, holding `runner` as its connection loop.
    fileprivate func handingOver(_ runner: Task<Void, Never>) -> Self {
        switch self {
        case .connecting(var retry): retry.runner = runner; return .connecting(retry)
        case .live(var retry): retry.runner = runner; return .live(retry)
        case .reconnecting(var retry, let seconds, let reason):
            retry.runner = runner
            return .reconnecting(retry, seconds: seconds, reason: reason)
        case .polling(var retry): retry.runner = runner; return .polling(retry)
        case .idle, .gaveUp, .stopped: return self
        }
    }
}
