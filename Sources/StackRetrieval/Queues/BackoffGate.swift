import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// Per-method gate: after `backoff: N` (or a throttle violation asking for N seconds) no request
/// to that same `APIMethod` leaves before N seconds have passed. Other methods are not delayed.
///
/// Waiting requests hold no thread: they are woken by a timer, and stay cancellable.
public final class BackoffGate: Sendable {
    /// How a wait at the gate ended.
    public enum Outcome: Sendable {
        /// The method may be called now.
        case proceed
        /// The wait was cancelled (by its ticket or by `cancelAll()`).
        case cancelled
    }

    /// A request waiting for its method's turn. Its timer is not kept: a timer that fires for a waiter gone (woken
    /// or cancelled) finds nothing to do.
    private struct Waiter {
        let method: APIMethod
        let wake: @Sendable (Outcome) -> Void
    }

    private let clock: GateClock
    private let timerQueue = DispatchQueue(label: "stackterm.backoff-gate", qos: .utility)
    private let state = NIOLockedValueBox(State())
    /// Told whenever a request starts or stops waiting (`onWaitersChanged`).
    private let waitersObserver = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)

    /// Holds and waiters, behind the lock.
    private struct State {
        var notBefore: [APIMethod: TimeInterval] = [:]
        var waiters: [Int: Waiter] = [:]
        var nextTicketID = 0

        func remainingWait(for method: APIMethod, now: TimeInterval) -> TimeInterval {
            max(0, (notBefore[method] ?? 0) - now)
        }
    }

    /// The longest hold honoured: a week. A longer `backoff` (or throttle) holds its method that long — shown on the
    /// status line as paused for over a day, never ignored, never for good.
    public static let longestHold: TimeInterval = 7 * 86_400

    public init(clock: GateClock = MonotonicClock()) {
        self.clock = clock
    }

    /// Records that `method` must not be called for `seconds` (at most `longestHold`) from now (longer holds win).
    public func hold(_ method: APIMethod, for seconds: TimeInterval) {
        guard seconds > 0, seconds.isFinite else { return }
        let until = clock.now + min(seconds, Self.longestHold)
        state.withLockedValue { $0.notBefore[method] = max($0.notBefore[method] ?? 0, until) }
    }

    /// Seconds until `method` may be called again; 0 when it may be called now.
    public func remainingWait(for method: APIMethod) -> TimeInterval {
        let now = clock.now
        return state.withLockedValue { $0.remainingWait(for: method, now: now) }
    }

    /// The methods requests are waiting on now, with the seconds left before they may leave.
    public func pausedMethods() -> [APIMethod: TimeInterval] {
        let now = clock.now
        return state.withLockedValue { state in
            var paused: [APIMethod: TimeInterval] = [:]
            for waiter in state.waiters.values {
                let left = state.remainingWait(for: waiter.method, now: now)
                if left > 0 { paused[waiter.method] = left }
            }
            return paused
        }
    }

    public var waitingCount: Int {
        state.withLockedValue { $0.waiters.count }
    }

    /// Calls `observer` (on any thread, outside the gate's lock) each time a request starts or stops waiting, so a
    /// countdown shows for a load that reaches the gate late (a queue still busy, a slow machine) and goes with it.
    /// Replaces the previous observer.
    public func onWaitersChanged(_ observer: @escaping @Sendable () -> Void) {
        waitersObserver.withLockedValue { $0 = observer }
    }

    private func waitersChanged() {
        waitersObserver.withLockedValue { $0 }?()
    }

    /// Calls `wake(.proceed)` once `method` may be called: at once (on this thread) when it is free,
    /// otherwise from a timer. Cancelling the ticket (or `cancelAll()`) calls `wake(.cancelled)` instead.
    @discardableResult
    public func waitForTurn(of method: APIMethod, wake: @escaping @Sendable (Outcome) -> Void) -> GateTicket {
        let now = clock.now
        let decision: (id: Int, delay: TimeInterval)? = state.withLockedValue { state in
            let delay = state.remainingWait(for: method, now: now)
            guard delay > 0 else { return nil }
            state.nextTicketID += 1
            state.waiters[state.nextTicketID] = Waiter(method: method, wake: wake)
            return (state.nextTicketID, delay)
        }
        guard let decision else {
            wake(.proceed)
            return GateTicket(gate: nil, id: 0)
        }
        schedule(decision.id, after: decision.delay)
        waitersChanged()
        return GateTicket(gate: self, id: decision.id)
    }

    /// Ends every wait at the gate with `.cancelled`. Recorded holds stay in force.
    public func cancelAll() {
        let ended: [Waiter] = state.withLockedValue { state in
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in ended {
            waiter.wake(.cancelled)
        }
        if !ended.isEmpty { waitersChanged() }
    }

    func cancelWait(_ id: Int) {
        guard let waiter = state.withLockedValue({ $0.waiters.removeValue(forKey: id) }) else { return }
        waiter.wake(.cancelled)
        waitersChanged()
    }

    private func schedule(_ id: Int, after delay: TimeInterval) {
        timerQueue.asyncAfter(deadline: .now() + delay) { [weak self] in self?.timerFired(id) }
    }

    /// Wakes the waiter, or sleeps again when a newer hold extended its method's wait meanwhile.
    private func timerFired(_ id: Int) {
        let now = clock.now
        let next: (waiter: Waiter?, delay: TimeInterval) = state.withLockedValue { state in
            guard let waiter = state.waiters[id] else { return (nil, 0) }
            let delay = state.remainingWait(for: waiter.method, now: now)
            if delay > 0 { return (nil, delay) }
            state.waiters[id] = nil
            return (waiter, 0)
        }
        if let waiter = next.waiter {
            waiter.wake(.proceed)
            waitersChanged()
        } else if next.delay > 0 {
            schedule(id, after: next.delay)
        }
    }
}

/// A place in the gate's waiting line; cancel it to stop waiting.
public struct GateTicket: Sendable {
    fileprivate weak var gate: BackoffGate?
    fileprivate let id: Int

    /// Stops waiting: the waiter is woken with `.cancelled` unless it already proceeded.
    public func cancel() {
        gate?.cancelWait(id)
    }
}
