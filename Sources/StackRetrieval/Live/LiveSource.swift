import Dispatch
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import StackAPI
import WSClient

/// Stack Exchange's realtime socket as a source of question activity for one site: it subscribes, answers
/// heartbeats, keeps the site's (and the list's tags') activity, and hands batches and state changes to the main
/// queue as `Result`s, like every load. It reconnects by itself (1, 2, 4 … 60 s, jittered; back to 1 s after a
/// connection that stayed live `stableSeconds`) until `stop()`.
///
/// Given a `Loader`, it falls back on the API when the socket cannot be had: after `pollAfterFailures` attempts in a
/// row that never reached live it reports `.polling` and polls every `refreshSeconds` (`LivePoller`) while it keeps
/// trying the socket; whenever the socket is live again after a disconnect or polling, one request fills the gap
/// since the last activity seen.
///
/// Bounded everywhere: a message over `LiveMessage.maximumBytes` ends the connection unread (the frame limit of
/// the WebSocket client); other sites' messages are refused before parsing; deliveries come at most once per
/// `coalescingSeconds`, one entry per question; at most `pendingCapacity` questions wait (the oldest is dropped).
/// The socket runs on the HTTP client's event loops (`MultiThreadedEventLoopGroup.singleton`); idle, the process
/// sleeps in epoll (one timer per `silenceSeconds`).
public final class LiveSource: Sendable {
    public let configuration: LiveConfiguration
    private let completion: RetrievalCompletion<LiveEvent>
    private let shared: NIOLockedValueBox<Shared>
    private let poller: LivePoller?

    private struct Shared {
        var started = false
        var stopped = false
        var lastState: LiveState?
        var pending: LivePending
        var statistics = LiveStatistics()
        /// Whether a batch delivery is planned on the main queue (at most one at a time).
        var flushPlanned = false
        /// Counts planned deliveries: one that finds another number current (or the source stopped) does nothing.
        var flushGeneration = 0
        var lastFlush: DispatchTime = .init(uptimeNanoseconds: 0)
        var runner: Task<Void, Never>?
        /// Whether a connection reached live before (a later one fills the gap).
        var wasLive = false
        /// Whether the source polls the API instead (until the socket is live again).
        var polling = false
    }

    /// A source for `configuration`; `completion` runs on the main queue for every event until `stop()`. With a
    /// `loader`, polls and gap fills are its loads (`.polled`); without one, the source only reconnects.
    public init(configuration: LiveConfiguration, loader: Loader? = nil, completion: @escaping RetrievalCompletion<LiveEvent>) {
        self.configuration = configuration
        self.completion = completion
        shared = NIOLockedValueBox(Shared(pending: LivePending(capacity: configuration.pendingCapacity)))
        let shared = shared
        poller = loader.map { loader in
            LivePoller(loader: loader, configuration: configuration, since: Date()) { questions in
                guard !shared.withLockedValue({ $0.stopped }) else { return }
                completion(.success(.polled(questions)))
            }
        }
    }

    /// Starts connecting (once; later calls do nothing). An address it cannot use is reported as a failure and
    /// `.stopped` at once.
    public func start() {
        let first = shared.withLockedValue { shared in
            defer { shared.started = true }
            return !shared.started && !shared.stopped
        }
        guard first else { return }
        guard let url = configuration.url else { return pollWithoutSocket() }
        if let problem = LiveAddress.problem(url) {
            deliver(.failure(.offline(detail: problem)))
            report(.stopped(reason: problem))
            return
        }
        let runner = Task.detached(priority: .utility) { [self] in await run() }
        shared.withLockedValue { shared in
            if shared.stopped { runner.cancel() } else { shared.runner = runner }
        }
    }

    /// No socket to listen to (an API host of its own and no `live_url`): polling from the start, its first request
    /// a period after the list's own load (which is as fresh as a poll); without a loader, nothing to follow.
    private func pollWithoutSocket() {
        guard let poller else { return report(.stopped(reason: "no live socket for this API host")) }
        shared.withLockedValue { $0.polling = true }
        report(.polling)
        poller.startPolling(firstAfterAPeriod: true)
    }

    /// Ends everything at once: the connection (or the wait before the next), the pending delivery, every timer.
    /// No event is delivered afterwards. Returns without waiting.
    public func stop() {
        let runner = shared.withLockedValue { shared in
            shared.stopped = true
            shared.flushPlanned = false
            shared.flushGeneration += 1
            defer { shared.runner = nil }
            return shared.runner
        }
        runner?.cancel()
        poller?.stop()
    }

    /// The counters so far.
    public var statistics: LiveStatistics {
        var statistics = shared.withLockedValue { shared in
            var statistics = shared.statistics
            statistics.dropped = shared.pending.dropped
            return statistics
        }
        statistics.requests = poller?.requests ?? 0
        return statistics
    }

    // MARK: - The connection loop

    private func run() async {
        var backoff = LiveBackoff()
        var failedInARow = 0
        while !Task.isCancelled {
            if !shared.withLockedValue({ $0.polling }) { report(.connecting) }
            let outcome = await LiveConnection(source: self).run()
            if Task.isCancelled { return }
            // Reaching live ends the count towards polling; only a connection that stayed live resets the waits, so
            // a server that upgrades and cuts every connection is tried after 1, 2, 4 … s, not every second.
            failedInARow = outcome.wasLive ? 0 : failedInARow + 1
            if outcome.liveSeconds >= configuration.stableSeconds { backoff.reset() }
            let delay = backoff.nextDelay()
            if let poller, failedInARow >= configuration.pollAfterFailures {
                let starts = shared.withLockedValue { shared in
                    defer { shared.polling = true }
                    return !shared.polling
                }
                if starts {
                    report(.polling)
                    poller.startPolling()
                }
            } else {
                report(.reconnecting(in: Int(delay.rounded(.up)), reason: outcome.reason))
            }
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        }
    }

    /// The handler of one upgraded connection: subscribe, then read messages until the socket ends.
    func serve(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, watch: LiveConnection) async throws {
        try await outbound.write(.text(configuration.topic))
        watch.upgraded()
        let gap = shared.withLockedValue { shared in
            defer { shared.wasLive = true; shared.polling = false }
            shared.statistics.connections += 1
            return shared.wasLive || shared.polling
        }
        report(.live)
        if gap { poller?.fillGap() }
        for try await message in inbound.messages(maxSize: LiveMessage.maximumBytes) {
            watch.heard()
            if receive(message) {
                try await outbound.write(.text("hb"))
                shared.withLockedValue { $0.statistics.heartbeatsAnswered += 1 }
            }
        }
    }

    /// Sorts one message; true when it is a heartbeat to answer.
    private func receive(_ message: WebSocketMessage) -> Bool {
        guard case .text(let text) = message else {
            shared.withLockedValue { $0.statistics.messages += 1; $0.statistics.malformed += 1 }
            return false
        }
        let decoded = LiveMessage.decode(text, topic: configuration.topic, site: configuration.site)
        var keep: LiveActivity?
        if case .activity(let activity) = decoded, activity.carries(allOf: configuration.tags) { keep = activity }
        let scheduleFlush = shared.withLockedValue { shared -> Bool in
            shared.statistics.messages += 1
            switch decoded {
            case .heartbeat: return false
            case .malformed: shared.statistics.malformed += 1; return false
            case .ignored, .activity:
                guard let keep, !shared.stopped else { shared.statistics.ignored += 1; return false }
                shared.statistics.kept += 1
                shared.pending.add(keep)
                return !shared.flushPlanned
            }
        }
        if scheduleFlush { scheduleDelivery() }
        return decoded == .heartbeat
    }

    // MARK: - Deliveries

    /// Plans the next batch: at once when the last one is older than `coalescingSeconds`, else when it will be.
    private func scheduleDelivery() {
        let plan = shared.withLockedValue { shared -> (generation: Int, deadline: DispatchTime)? in
            guard !shared.flushPlanned, !shared.stopped else { return nil }
            shared.flushPlanned = true
            shared.flushGeneration += 1
            let earliest = shared.lastFlush.uptimeNanoseconds + UInt64(configuration.coalescingSeconds * 1_000_000_000)
            let deadline = DispatchTime(uptimeNanoseconds: max(earliest, DispatchTime.now().uptimeNanoseconds))
            return (shared.flushGeneration, deadline)
        }
        guard let plan else { return }
        DispatchQueue.main.asyncAfter(deadline: plan.deadline) { @MainActor [self] in deliverBatch(plan.generation) }
    }

    /// Hands the waiting activity over, unless `stop()` (or a later plan) made `generation` stale.
    @MainActor
    private func deliverBatch(_ generation: Int) {
        let batch = shared.withLockedValue { shared -> [LiveActivity] in
            guard !shared.stopped, shared.flushPlanned, shared.flushGeneration == generation else { return [] }
            shared.flushPlanned = false
            shared.lastFlush = .now()
            let batch = shared.pending.take()
            if !batch.isEmpty { shared.statistics.deliveries += 1 }
            return batch
        }
        guard !batch.isEmpty else { return }
        poller?.saw(batch)
        completion(.success(.activity(batch)))
    }

    /// Reports `state` unless it is the one reported last.
    func report(_ state: LiveState) {
        let changed = shared.withLockedValue { shared -> Bool in
            guard shared.lastState != state, !shared.stopped else { return false }
            shared.lastState = state
            return true
        }
        if changed { deliver(.success(.state(state))) }
    }

    private func deliver(_ result: Result<LiveEvent, APIError>) {
        DispatchQueue.main.async { @MainActor [self] in
            guard !shared.withLockedValue({ $0.stopped }) else { return }
            completion(result)
        }
    }
}

/// Checks a socket address before any connection: `ws://` or `wss://` with a host.
enum LiveAddress {
    /// Why `url` cannot be used, or nil when it can.
    static func problem(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "ws" || scheme == "wss" else { return "not a ws:// or wss:// address" }
        guard let host = components.host, !host.isEmpty else { return "no host in the address" }
        return nil
    }
}
