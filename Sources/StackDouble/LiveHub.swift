import FlyingFox
import Foundation
import NIOConcurrencyHelpers

/// The double's realtime socket: the clients connected at `/`, their subscriptions and heartbeats, the messages
/// made on demand through `/_double/live/…`, and the hostile modes.
///
/// Like the real one it sends `{"action":"hb","data":"hb"}` every `heartbeatSeconds` and drops a client that
/// leaves two heartbeats in a row unanswered; activity goes to clients subscribed to `155-questions-active`.
final class LiveHub: Sendable {
    let catalog: SiteCatalog
    let heartbeatSeconds: Double
    private let state = NIOLockedValueBox(HubState())

    /// The most frames waiting for one client; past it the oldest go (a flood outruns a slow reader).
    static let clientBuffer = 10_000

    struct HubState {
        var clients: [Int: LiveClient] = [:]
        var nextID = 1
        var mode = LiveHostility.none
        var flood: Task<Void, Never>?
        var newQuestions = 0
        var statistics = LiveHubStatistics()
    }

    init(catalog: SiteCatalog, heartbeatSeconds: Double) {
        self.catalog = catalog
        self.heartbeatSeconds = max(0.05, heartbeatSeconds)
    }

    var mode: LiveHostility { state.withLockedValue { $0.mode } }
    var statistics: LiveHubStatistics {
        state.withLockedValue { state in
            var statistics = state.statistics
            statistics.clients = state.clients.count
            return statistics
        }
    }

    // MARK: - Clients

    /// Registers a connection whose outgoing frames go to `output`; starts its heartbeats.
    func connect(_ output: AsyncStream<WSFrame>.Continuation) -> LiveClient {
        let client = state.withLockedValue { state in
            let client = LiveClient(id: state.nextID, output: output)
            state.nextID += 1
            state.clients[client.id] = client
            state.statistics.connections += 1
            return client
        }
        client.heartbeats = Task { [self] in await beat(client) }
        return client
    }

    /// Forgets a connection that ended.
    func disconnect(_ client: LiveClient) {
        state.withLockedValue { _ = $0.clients.removeValue(forKey: client.id) }
        client.heartbeats?.cancel()
        client.output.finish()
    }

    /// Closes a client's socket the way the real server does: a close frame, and the end of its frames when the
    /// client answers with its own (`LiveSocket`) or after 2 s. Ending the frames at once would have FlyingFox close
    /// the socket while the task reading it still waits on it, and that descriptor's next user (a new connection)
    /// would then go unanswered.
    func drop(_ client: LiveClient, reason: String) {
        client.output.yield(.close(message: reason))
        Task { [self] in
            try? await Task.sleep(nanoseconds: 2_000_000_000)
            disconnect(client)
        }
    }

    /// A text frame from a client: `hb` answers a heartbeat, anything else is a topic to subscribe to.
    func received(_ text: String, from client: LiveClient) {
        if text == "hb" {
            client.answered()
            state.withLockedValue { $0.statistics.heartbeatsAnswered += 1 }
        } else {
            client.subscribe(text)
            state.withLockedValue { $0.statistics.subscriptions += 1 }
        }
    }

    private func beat(_ client: LiveClient) async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(heartbeatSeconds * 1_000_000_000))
            if Task.isCancelled || mode == .silence { continue }
            if client.unansweredHeartbeats >= 2 {
                state.withLockedValue { $0.statistics.droppedForHeartbeat += 1 }
                drop(client, reason: "heartbeat not answered")
                return
            }
            client.sentHeartbeat()
            client.output.yield(Self.text(LiveFeed.heartbeat))
            state.withLockedValue { $0.statistics.heartbeatsSent += 1 }
        }
    }

    // MARK: - Sending

    /// Sends `frame` to every client subscribed to the activity topic; returns how many got it. Nothing in silence.
    @discardableResult
    func broadcast(_ frame: WSFrame) -> Int {
        let clients = state.withLockedValue { state in
            state.mode == .silence ? [] : state.clients.values.filter { $0.isSubscribed(to: LiveFeed.topic) }
        }
        for client in clients { client.output.yield(frame) }
        state.withLockedValue { $0.statistics.messagesSent += clients.count }
        return clients.count
    }

    static func text(_ string: String) -> WSFrame {
        WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(string.utf8))
    }

    /// A number for a made-up new question, counting from 1.
    func nextNewQuestion() -> Int {
        state.withLockedValue { $0.newQuestions += 1; return $0.newQuestions }
    }

    // MARK: - Hostile modes

    /// Sets `mode`: the one-shot ones act on the connected clients now and leave the mode as it was; the lasting
    /// ones (silence, flood, close_mid_frame, no_upgrade) stay until `none`.
    func setMode(_ mode: LiveHostility, rate: Int, seconds: Int) {
        switch mode {
        case .hugeFrame:
            broadcast(WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(repeating: 0x78, count: 64 << 20)))
        case .binary:
            broadcast(WSFrame(fin: true, opcode: .binary, mask: nil, payload: Data(LiveFeed.heartbeat.utf8)))
        case .malformedOuter:
            broadcast(Self.text(#"{"action":"155-questions-active","data":"#))
        case .malformedInner:
            broadcast(Self.text(LiveFeed.message(inner: #"{"id":[[[{"titleEncodedFancy":1e999}"#)))
        case .none, .silence, .flood, .closeMidFrame, .noUpgrade, .refuseUpgrade:
            let (previous, dropped) = state.withLockedValue { state in
                defer { state.flood = nil }
                state.mode = mode
                // Connections made before these modes would not show them: close them so the client reconnects.
                let dropped = [.closeMidFrame, .noUpgrade, .refuseUpgrade].contains(mode) ? Array(state.clients.values) : []
                return (state.flood, dropped)
            }
            previous?.cancel()
            for client in dropped { drop(client, reason: "going away") }
            if mode == .flood {
                let flood = Task { [self] in await runFlood(rate: rate, seconds: seconds) }
                state.withLockedValue { $0.flood = flood }
            }
        }
    }

    /// `rate` messages a second of other sites, in batches every 10 ms, for `seconds`.
    private func runFlood(rate: Int, seconds: Int) async {
        // Made once: building each message would bound the rate by JSON encoding rather than by the socket.
        let frames = (0..<1_000).map { Self.text(LiveFeed.otherSite(number: $0)) }
        let start = DispatchTime.now().uptimeNanoseconds
        var sent = 0
        while !Task.isCancelled {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if elapsed >= Double(seconds) { break }
            let due = Int(elapsed * Double(rate))
            while sent < due {
                broadcast(frames[sent % frames.count])
                sent += 1
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        state.withLockedValue { state in
            state.statistics.floodSent += sent
            if state.mode == .flood { state.mode = .none }
        }
    }
}

/// The hostile modes of the socket, by their names in `/_double/live/mode?name=…`.
enum LiveHostility: String, Sendable, CaseIterable {
    case none
    /// One text frame of 64 MiB.
    case hugeFrame = "huge_frame"
    /// A binary frame.
    case binary
    /// A text frame that is not JSON.
    case malformedOuter = "malformed_outer"
    /// A well-formed message whose inner object is not JSON.
    case malformedInner = "malformed_inner"
    /// Messages of other sites at `rate` per second for `seconds`.
    case flood
    /// No heartbeat, no message: silence until `none`.
    case silence
    /// New connections get their upgrade, a heartbeat and half a frame, then the connection closes.
    case closeMidFrame = "close_mid_frame"
    /// New connections are accepted and the upgrade is never answered (until `none`).
    case noUpgrade = "no_upgrade"
    /// The upgrade is refused (HTTP 503), as by a proxy or a server with no socket (until `none`).
    case refuseUpgrade = "refuse_upgrade"
}

/// Counters of the socket since the double started (`/_double/live/stats`).
struct LiveHubStatistics: Sendable, Encodable {
    /// Clients connected now.
    var clients = 0
    var connections = 0
    var subscriptions = 0
    var heartbeatsSent = 0
    var heartbeatsAnswered = 0
    var droppedForHeartbeat = 0
    var messagesSent = 0
    var floodSent = 0
}

/// One connected socket client.
final class LiveClient: Sendable {
    let id: Int
    let output: AsyncStream<WSFrame>.Continuation
    private let state = NIOLockedValueBox(ClientState())

    private struct ClientState {
        var topics: Set<String> = []
        var unanswered = 0
        var heartbeats: Task<Void, Never>?
    }

    init(id: Int, output: AsyncStream<WSFrame>.Continuation) {
        self.id = id
        self.output = output
    }

    /// The task sending this client's heartbeats.
    var heartbeats: Task<Void, Never>? {
        get { state.withLockedValue { $0.heartbeats } }
        set { state.withLockedValue { $0.heartbeats = newValue } }
    }

    var unansweredHeartbeats: Int { state.withLockedValue { $0.unanswered } }
    func sentHeartbeat() { state.withLockedValue { $0.unanswered += 1 } }
    func answered() { state.withLockedValue { $0.unanswered = 0 } }
    func subscribe(_ topic: String) { state.withLockedValue { _ = $0.topics.insert(topic) } }
    func isSubscribed(to topic: String) -> Bool { state.withLockedValue { $0.topics.contains(topic) } }
}
