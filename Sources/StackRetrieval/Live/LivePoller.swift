import Dispatch
import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// The live source's fallback and gap filler: one request for the site's questions active since the last activity
/// seen (`APIRequest.activeQuestions`), a normal load (`Loader`, on the queue manager's background queue, kept in
/// the store). While the socket cannot be had it polls every `refreshSeconds`, the first at once; when the socket
/// is live again it asks once more for the gap. Never while the API's backoff (or a throttle) holds `/questions`:
/// a poll due then waits for the hold to end, at the gate's clock, instead of queueing behind it; at most one is in
/// flight. Timers run on the main queue, each tied to a generation that `stop()` or the next change makes stale.
final class LivePoller: Sendable {
    private let loader: Loader
    private let site: String
    private let tags: [String]
    private let refreshSeconds: Double
    private let deliver: @MainActor @Sendable ([Question]) -> Void
    private let state: NIOLockedValueBox<State>

    private struct State {
        /// The most recent activity seen (messages and polls); the next request asks from it.
        var lastSeen: Date
        var stopped = false
        var generation = 0
        var inFlight: RetrievalHandle?
        var requests = 0
        /// When the last gap fill was (or is planned to be) sent, in uptime seconds.
        var lastGapFill: Double?
    }

    /// A poller for `configuration`'s site and tags asking from `since`; `deliver` gets each answer's rows on main.
    init(loader: Loader, configuration: LiveConfiguration, since: Date, deliver: @escaping @MainActor @Sendable ([Question]) -> Void) {
        self.loader = loader
        site = configuration.site
        tags = configuration.tags
        refreshSeconds = max(1, configuration.refreshSeconds)
        self.deliver = deliver
        state = NIOLockedValueBox(State(lastSeen: since))
    }

    /// Requests sent so far.
    var requests: Int { state.withLockedValue { $0.requests } }

    /// Activity seen at `date` (a message): the next request asks from there.
    func saw(_ date: Date?) {
        guard let date else { return }
        state.withLockedValue { $0.lastSeen = max($0.lastSeen, date) }
    }

    /// The socket cannot be had: a poll now, then one every `refreshSeconds` until `fillGap()` or `stop()`.
    func startPolling() {
        guard let generation = nextGeneration() else { return }
        DispatchQueue.main.async { @MainActor [self] in tick(generation) }
    }

    /// The socket is live again: polling ends, and one request asks for what happened meanwhile — at once, or
    /// `refreshSeconds` after the previous gap fill (a server that upgrades and drops every connection at once
    /// costs one request per `refreshSeconds`, not one per reconnection).
    func fillGap() {
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
        let plan = state.withLockedValue { state -> (generation: Int, wait: Double)? in
            guard !state.stopped else { return nil }
            state.generation += 1
            let wait = state.lastGapFill.map { max(0, $0 + refreshSeconds - now) } ?? 0
            state.lastGapFill = now + wait
            return (state.generation, wait)
        }
        guard let plan else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + plan.wait) { @MainActor [self] in pollWhenAllowed(plan.generation) }
    }

    /// Ends polling, a wait or a request in flight at once; nothing is delivered afterwards.
    func stop() {
        let handle = state.withLockedValue { state in
            state.stopped = true
            state.generation += 1
            defer { state.inFlight = nil }
            return state.inFlight
        }
        handle?.cancel()
    }

    /// A new generation (the timers of the older ones do nothing); nil once stopped.
    private func nextGeneration() -> Int? {
        state.withLockedValue { state in
            guard !state.stopped else { return nil }
            state.generation += 1
            return state.generation
        }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        state.withLockedValue { !$0.stopped && $0.generation == generation }
    }

    @MainActor
    private func tick(_ generation: Int) {
        guard isCurrent(generation) else { return }
        pollWhenAllowed(generation)
        DispatchQueue.main.asyncAfter(deadline: .now() + refreshSeconds) { @MainActor [self] in tick(generation) }
    }

    /// Polls now, or when the API's hold on `/questions` ends.
    @MainActor
    private func pollWhenAllowed(_ generation: Int) {
        guard isCurrent(generation) else { return }
        let hold = loader.environment.gate.remainingWait(for: .questions)
        guard hold <= 0 else {
            DispatchQueue.main.asyncAfter(deadline: .now() + hold) { @MainActor [self] in pollWhenAllowed(generation) }
            return
        }
        poll()
    }

    @MainActor
    private func poll() {
        let since = state.withLockedValue { state -> Date? in
            guard !state.stopped, state.inFlight == nil else { return nil }
            state.requests += 1
            return state.lastSeen
        }
        guard let since else { return }
        let site = site
        let recipe = LoadRecipe<[Question]>(
            what: "the latest activity of \(site)",
            request: Loader.request(.activeQuestions(site: site, tagged: tags, since: since), Question.self) { .success($0.items) },
            keep: { local, questions in local.keep(questions: questions, site: site) })
        let handle = loader.load(recipe, mode: .reload, priority: .prefetch) { [self] result in received(result) }
        state.withLockedValue { state in
            if state.stopped { handle.cancel() } else { state.inFlight = handle }
        }
    }

    @MainActor
    private func received(_ result: Result<Loaded<[Question]>, APIError>) {
        let keep = state.withLockedValue { state -> Bool in
            state.inFlight = nil
            guard !state.stopped else { return false }
            if case .success(let loaded) = result, let newest = loaded.value.compactMap(\.lastActivityDate).max() {
                state.lastSeen = max(state.lastSeen, newest)
            }
            return true
        }
        guard keep, case .success(let loaded) = result, !loaded.value.isEmpty else { return }
        deliver(loaded.value)
    }
}
