import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOWebSocket
import StackAPI
import WSClient

/// One connection attempt of a `LiveSource`: the WebSocket client in its own task, watched for its handshake
/// deadline and for silence, and abandoned at once when the source stops.
///
/// WSClient cannot interrupt a handshake in progress (its upgrade future ignores task cancellation): a server that
/// accepts TCP and never answers is left behind after `handshakeSeconds` — its task is cancelled and ends as soon
/// as the server answers or closes, and the source moves on to the next attempt.
final class LiveConnection: Sendable {
    /// How the attempt ended: a few words for the status line, whether it was subscribed at some point, and for how
    /// many seconds (0 when never).
    struct Outcome: Sendable {
        var reason: String
        var wasLive: Bool
        var liveSeconds: Double
    }

    private let source: LiveSource
    private let state = NIOLockedValueBox(Watch())

    private struct Watch {
        var continuation: CheckedContinuation<String, Never>?
        var ending: String?
        var upgraded = false
        var upgradedAt = DispatchTime.now()
        var lastHeard = DispatchTime.now()
        var tasks: [Task<Void, Never>] = []
    }

    init(source: LiveSource) {
        self.source = source
    }

    /// Connects and waits for the end: the server closing, an error, the handshake deadline, silence, or the
    /// caller's cancellation (then it returns at once, without waiting for the socket to close).
    func run() async -> Outcome {
        let reason = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
                let client = Task { [self] in end(await connect()) }
                let watchdog = Task { [self] in await watch() }
                let ended = state.withLockedValue { watch -> String? in
                    watch.tasks = [client, watchdog]
                    if let ending = watch.ending { return ending }
                    watch.continuation = continuation
                    return nil
                }
                if let ended {
                    client.cancel()
                    watchdog.cancel()
                    continuation.resume(returning: ended)
                }
            }
        } onCancel: {
            end("stopped")
        }
        let (wasLive, since) = state.withLockedValue { ($0.upgraded, $0.upgradedAt) }
        let seconds = wasLive ? Double(DispatchTime.now().uptimeNanoseconds - since.uptimeNanoseconds) / 1e9 : 0
        return Outcome(reason: reason, wasLive: wasLive, liveSeconds: seconds)
    }

    /// The socket is subscribed: from now on silence counts, not the handshake.
    func upgraded() {
        state.withLockedValue { watch in
            watch.upgraded = true
            watch.upgradedAt = .now()
            watch.lastHeard = watch.upgradedAt
        }
    }

    /// A message arrived.
    func heard() {
        state.withLockedValue { $0.lastHeard = .now() }
    }

    /// Ends the attempt with `reason` (the first ending wins) and cancels its tasks.
    private func end(_ reason: String) {
        let (continuation, tasks) = state.withLockedValue { watch in
            guard watch.ending == nil else { return (nil as CheckedContinuation<String, Never>?, [Task<Void, Never>]()) }
            watch.ending = reason
            defer { watch.continuation = nil }
            return (watch.continuation, watch.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: reason)
    }

    private func connect() async -> String {
        let configuration = source.configuration
        guard let url = configuration.url else { return "no socket address" } // `LiveSource` polls instead
        var options = WebSocketClientConfiguration(
            maxFrameSize: LiveMessage.maximumBytes, closeTimeout: .milliseconds(Int64(configuration.closeSeconds * 1000)))
        options.validateUTF8 = false
        var logger = Logger(label: "stackterm.live")
        logger.logLevel = .critical // never on the terminal
        let client = WebSocketClient(
            url: url, configuration: options, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: logger
        ) { [self] inbound, outbound, _ in
            try await source.serve(inbound, outbound, watch: self)
        }
        do {
            return Self.reason(for: try await client.run()?.closeCode)
        } catch {
            return Self.reason(for: error)
        }
    }

    /// Sleeps until the handshake deadline, then until each silence deadline; ends the attempt when one passes.
    private func watch() async {
        let configuration = source.configuration
        let start = DispatchTime.now()
        while !Task.isCancelled {
            let (upgraded, lastHeard) = state.withLockedValue { ($0.upgraded, $0.lastHeard) }
            let limit = upgraded ? configuration.silenceSeconds : configuration.handshakeSeconds
            let since = upgraded ? lastHeard : start
            let deadline = since.uptimeNanoseconds + UInt64(limit * 1_000_000_000)
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline {
                let seconds = Int(limit.rounded())
                end(upgraded ? "silent for \(seconds) s" : "no answer to the upgrade in \(seconds) s")
                return
            }
            try? await Task.sleep(nanoseconds: deadline - now)
        }
    }

    /// A few words for the status line about a connection that closed with `code` (ours when we refused a frame).
    static func reason(for code: WebSocketErrorCode?) -> String {
        switch code {
        case .messageTooLarge: "message over \(LiveMessage.maximumBytes / 1024) KiB"
        case .protocolError, .dataInconsistentWithMessage: "protocol error"
        default: "closed by the server"
        }
    }

    /// A few words for the status line about a connection that failed with `error`.
    static func reason(for error: any Error) -> String {
        if let error = error as? WebSocketClientError {
            if error == .serverSentMessageTooLarge { return "message over \(LiveMessage.maximumBytes / 1024) KiB" }
            if error == .webSocketUpgradeFailed { return "the server refused the socket" }
            return "protocol error"
        }
        if let error = error as? IOError { return error.errnoCode == ECONNREFUSED ? "connection refused" : "connection lost" }
        if error is NIOConnectionError { return "connection refused" }
        if error is ChannelError { return "connection lost" }
        return "connection failed"
    }
}
