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
///
/// It also gives rows made from messages their score and answer count (issue 20 part 3): the ids the messages
/// named (most recent first) are asked by id in one batch of at most 100, at most one batch per `refreshSeconds`,
/// planned only when a message names a question (an idle socket costs no timer) and never while the API holds
/// `/questions/{ids}`; a poll's or a gap fill's rows need no batch.
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
        var inFlight: [Slot: RetrievalHandle] = [:]
        var requests = 0
        /// Questions named by messages whose score and answer count were not asked yet, most recent first (at most
        /// one batch's worth).
        var unscored: [Int] = []
        /// Whether a batch is planned (at most one at a time).
        var batchPlanned = false
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

    /// The two kinds of request, one of each in flight at most.
    private enum Slot {
        case activity, scores
    }

    /// Requests sent so far.
    var requests: Int { state.withLockedValue { $0.requests } }

    /// A batch of messages: the next activity request asks from their latest date, and their questions' scores are
    /// asked in the next batch. The store's list pages of the site no longer hold the newest: the next launch asks.
    func saw(_ batch: [LiveActivity]) {
        if !batch.isEmpty { loader.local?.outdateListPages(site: site) }
        planBatch { state in
            if let newest = batch.compactMap(\.lastActivityDate).max() { state.lastSeen = max(state.lastSeen, newest) }
            let ids = batch.reversed().map(\.questionID)
            let named = Set(ids)
            state.unscored.removeAll { named.contains($0) }
            state.unscored.insert(contentsOf: ids, at: 0)
        }
    }

    /// Applies `change` and plans a batch `refreshSeconds` from now when questions wait for one and none is planned
    /// (so a batch gathers a whole period's rows, and a message costs no request at once).
    private func planBatch(_ change: (inout State) -> Void) {
        let planned = state.withLockedValue { state -> Bool in
            guard !state.stopped else { return false }
            change(&state)
            // One batch asks 100: more named within a period stay blank (the most recent are asked).
            let limit = APIRequest.maximumPageSize
            if state.unscored.count > limit { state.unscored.removeLast(state.unscored.count - limit) }
            guard !state.batchPlanned, !state.unscored.isEmpty else { return false }
            state.batchPlanned = true
            return true
        }
        guard planned else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + refreshSeconds) { @MainActor [self] in batchWhenAllowed() }
    }

    /// The socket cannot be had: a poll now (or, `firstAfterAPeriod`, `refreshSeconds` from now), then one every
    /// `refreshSeconds` until `fillGap()` or `stop()`.
    func startPolling(firstAfterAPeriod: Bool = false) {
        guard let generation = nextGeneration() else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + (firstAfterAPeriod ? refreshSeconds : 0)) { @MainActor [self] in
            tick(generation)
        }
    }

    /// The socket is live again: polling ends, and one request asks for what happened meanwhile — at once, or
    /// `refreshSeconds` after the previous gap fill (a server that upgrades and drops every connection at once
    /// costs one request per `refreshSeconds`, not one per reconnection).
    func fillGap() {
        let now = Self.uptime
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
        let handles = state.withLockedValue { state in
            state.stopped = true
            state.generation += 1
            defer { state.inFlight = [:] }
            return Array(state.inFlight.values)
        }
        for handle in handles { handle.cancel() }
    }

    private static var uptime: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 }

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
            guard !state.stopped, state.inFlight[.activity] == nil else { return nil }
            return state.lastSeen
        }
        guard let since else { return }
        send(.activeQuestions(site: site, tagged: tags, since: since), .activity, "the latest activity of \(site)") { [self] result in
            state.withLockedValue { state in
                guard case .success(let questions) = result else { return }
                if let newest = questions.compactMap(\.lastActivityDate).max() { state.lastSeen = max(state.lastSeen, newest) }
                let ids = Set(questions.map(\.questionID))
                state.unscored.removeAll { ids.contains($0) }
            }
        }
    }

    /// Asks the next batch of scores now, or when the API's hold on `/questions/{ids}` ends.
    @MainActor
    private func batchWhenAllowed() {
        let hold = loader.environment.gate.remainingWait(for: .questionsByID)
        let ids = state.withLockedValue { state -> [Int]? in
            guard !state.stopped, hold <= 0, state.inFlight[.scores] == nil else { return nil }
            let ids = Array(state.unscored.prefix(APIRequest.maximumPageSize))
            state.unscored.removeFirst(ids.count)
            state.batchPlanned = false
            return ids
        }
        guard let ids else {
            let stopped = state.withLockedValue { $0.stopped }
            guard !stopped else { return }
            let wait = hold > 0 ? hold : refreshSeconds
            DispatchQueue.main.asyncAfter(deadline: .now() + wait) { @MainActor [self] in batchWhenAllowed() }
            return
        }
        guard !ids.isEmpty else { return }
        send(.liveRows(ids, site: site), .scores, "the scores of \(ids.count) live questions") { [self] result in
            guard case .failure = result else { return }
            planBatch { state in state.unscored.append(contentsOf: ids.filter { !state.unscored.contains($0) }) } // again, next batch
        }
    }

    /// Sends `request` as a load in `slot`; `done` sees its result (on main) before its rows are delivered.
    @MainActor
    private func send(_ request: APIRequest, _ slot: Slot, _ what: String,
                      done: @escaping @MainActor (Result<[Question], APIError>) -> Void) {
        let site = site
        let recipe = LoadRecipe<[Question]>(
            what: what, request: Loader.request(request, Question.self) { .success($0.items) },
            keep: { local, questions in local.keep(liveQuestions: questions, site: site) })
        state.withLockedValue { $0.requests += 1 }
        let handle = loader.load(recipe, mode: .reload, priority: .prefetch) { [self] result in
            let current = state.withLockedValue { state -> Bool in
                state.inFlight[slot] = nil
                return !state.stopped
            }
            guard current else { return }
            let questions = result.map(\.value)
            done(questions)
            if case .success(let rows) = questions, !rows.isEmpty { deliver(rows) }
        }
        state.withLockedValue { state in
            if state.stopped { handle.cancel() } else { state.inFlight[slot] = handle }
        }
    }
}
