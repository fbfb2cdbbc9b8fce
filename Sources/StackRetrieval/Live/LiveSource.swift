import Dispatch
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import StackAPI
import WSClient

/// Stack Exchange's realtime socket as a source of question activity for one site: it subscribes, answers
/// heartbeats, keeps the site's (and the list's tags') activity, and hands batches and state changes to the main
/// queue as `Result`s, like every load. It reconnects by itself (1, 2, 4 … 60 s, jittered; back to 1 s after a
/// connection that stayed live `stableSeconds`) until `stop()`. Its lifecycle is `LiveLifecycle`, a state machine
/// kept behind the source's lock: every event goes through its one transition function, and the source performs
/// the outputs (reports, the connection loop, polls) outside the lock.
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
    /// Where it listens and what it keeps.
    public let configuration: LiveConfiguration
    private let completion: RetrievalCompletion<LiveEvent>
    private let shared: NIOLockedValueBox<Shared>
    private let poller: LivePoller?

    /// Everything that changes, behind the package's one lock: the lifecycle (`LiveLifecycle`, whose outputs are
    /// performed outside the lock) and the deliveries.
    private struct Shared {
        var lifecycle: LiveLifecycle
        var batching: LiveBatching
    }

    /// A source for `configuration`; `completion` runs on the main queue for every event until `stop()`. With a
    /// `loader`, polls and gap fills are its loads (`.polled`); without one, the source only reconnects.
    public init(
        configuration: LiveConfiguration, loader: Loader? = nil, completion: @escaping RetrievalCompletion<LiveEvent>
    ) {
        self.configuration = configuration
        self.completion = completion
        let lifecycle = LiveLifecycle(
            pollAfterFailures: configuration.pollAfterFailures, stableSeconds: configuration.stableSeconds,
            canPoll: loader != nil)
        shared = NIOLockedValueBox(
            Shared(lifecycle: lifecycle, batching: LiveBatching(capacity: configuration.pendingCapacity)))
        let shared = shared
        poller = loader.map { loader in
            LivePoller(loader: loader, configuration: configuration, since: Date()) { questions in
                guard !shared.withLockedValue({ $0.lifecycle.isStopped }) else { return }
                completion(.success(.polled(questions)))
            }
        }
    }

    /// Starts connecting (once; later calls do nothing). An address it cannot use is reported as a failure and
    /// `.stopped` at once; without an address it polls from the start (`.stopped` when it has no loader).
    public func start() {
        let start: LiveLifecycle.Start
        if let url = configuration.url {
            start = LiveAddress.problem(url).map { .unusable(reason: $0) } ?? .socket
        } else {
            start = .noSocket
        }
        handle(.start(start))
    }

    /// Ends everything at once: the connection (or the wait before the next), the pending delivery, every timer.
    /// No event is delivered afterwards. Returns without waiting.
    public func stop() {
        handle(.stop)
    }

    /// The counters so far.
    public var statistics: LiveStatistics {
        var statistics = shared.withLockedValue { $0.batching.counters }
        statistics.requests = poller?.requests ?? 0
        return statistics
    }

    // MARK: - The lifecycle

    /// Hands `event` to the lifecycle under the lock and performs its outputs outside it; returns the wait before
    /// the next attempt when the lifecycle asks for one.
    @discardableResult
    private func handle(_ event: LiveLifecycle.Event) -> Double? {
        let outputs = shared.withLockedValue { $0.lifecycle.handle(event) }
        var wait: Double?
        for output in outputs {
            switch output {
            case .fail(let reason): deliver(.failure(.offline(detail: reason)))
            case .report(let state): deliver(.success(.state(state)))
            case .startRunner: handle(.runnerStarted(Task.detached(priority: .utility) { [self] in await run() }))
            case .cancelRunner(let runner): runner.cancel()
            case .startPolling(let firstAfterAPeriod): poller?.startPolling(firstAfterAPeriod: firstAfterAPeriod)
            case .fillGap: poller?.fillGap()
            case .stopPoller: poller?.stop()
            case .retry(let seconds): wait = seconds
            }
        }
        return wait
    }

    /// The connection loop: one attempt after another, each after the wait the lifecycle asks for, until `stop()`.
    private func run() async {
        while !Task.isCancelled {
            handle(.attemptBegins)
            let outcome = await LiveConnection(source: self).run()
            if Task.isCancelled { return }
            guard let delay = handle(.attemptEnded(outcome, random: Double.random(in: 0..<1))) else { return }
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        }
    }

    /// The handler of one upgraded connection: subscribe, then read messages until the socket ends.
    func serve(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, watch: LiveConnection
    ) async throws {
        try await outbound.write(.text(configuration.topic))
        watch.upgraded()
        shared.withLockedValue { $0.batching.statistics.connections += 1 }
        handle(.subscribed)
        for try await message in inbound.messages(maxSize: LiveMessage.maximumBytes) {
            watch.heard()
            if receive(message) {
                try await outbound.write(.text("hb"))
                shared.withLockedValue { $0.batching.statistics.heartbeatsAnswered += 1 }
            }
        }
    }

    /// Sorts one message; true when it is a heartbeat to answer.
    private func receive(_ message: WebSocketMessage) -> Bool {
        guard case .text(let text) = message else {
            shared.withLockedValue { $0.batching.statistics.messages += 1; $0.batching.statistics.malformed += 1 }
            return false
        }
        let decoded = LiveMessage.decode(text, topic: configuration.topic, site: configuration.site)
        var keep: LiveActivity?
        if case .activity(let activity) = decoded, activity.carries(allOf: configuration.tags) { keep = activity }
        let scheduleFlush = shared.withLockedValue { shared -> Bool in
            shared.batching.statistics.messages += 1
            switch decoded {
            case .heartbeat: return false
            case .malformed: shared.batching.statistics.malformed += 1; return false
            case .ignored, .activity:
                guard let keep, !shared.lifecycle.isStopped else {
                    shared.batching.statistics.ignored += 1
                    return false
                }
                return shared.batching.keep(keep)
            }
        }
        if scheduleFlush { scheduleDelivery() }
        return decoded == .heartbeat
    }

    // MARK: - Deliveries

    /// Plans the next batch: at once when the last one is older than `coalescingSeconds`, else when it will be.
    private func scheduleDelivery() {
        let deadline = shared.withLockedValue { shared -> DispatchTime? in
            guard !shared.lifecycle.isStopped else { return nil }
            return shared.batching.plan(coalescingSeconds: configuration.coalescingSeconds, now: .now())
        }
        guard let deadline else { return }
        DispatchQueue.main.asyncAfter(deadline: deadline) { @MainActor [self] in deliverBatch() }
    }

    /// Hands the waiting activity over, unless `stop()` came first.
    @MainActor
    private func deliverBatch() {
        let batch = shared.withLockedValue { shared -> [LiveActivity] in
            guard !shared.lifecycle.isStopped else { return [] }
            return shared.batching.take(now: .now())
        }
        guard !batch.isEmpty else { return }
        poller?.saw(batch)
        completion(.success(.activity(batch)))
    }

    /// Hands `result` to the completion on the main queue, unless `stop()` comes first.
    private func deliver(_ result: Result<LiveEvent, APIError>) {
        DispatchQueue.main.async { @MainActor [self] in
            guard !shared.withLockedValue({ $0.lifecycle.isStopped }) else { return }
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
