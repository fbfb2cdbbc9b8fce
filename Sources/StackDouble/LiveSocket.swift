import FlyingFox
import FlyingSocks
import Foundation
import StackDump

/// One socket connection of the double: frames in (topics, `hb`, pings, close) go to the hub, frames out come from
/// the client's queue in the hub.
struct LiveSocket: WSHandler {
    let hub: LiveHub

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let (frames, output) = AsyncStream<WSFrame>.makeStream(bufferingPolicy: .bufferingNewest(LiveHub.clientBuffer))
        let connection = hub.connect(output)
        Task { [hub] in
            do {
                for try await frame in client {
                    switch frame.opcode {
                    case .text: hub.received(String(decoding: frame.payload, as: UTF8.self), from: connection)
                    case .ping: output.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                    case .close: output.yield(.close()); hub.disconnect(connection); return
                    default: break
                    }
                }
            } catch {}
            hub.disconnect(connection)
        }
        return frames
    }
}

extension LiveHub {
    /// The double's answer when `request` is the socket's: a WebSocket upgrade of `/` or a `/_double/live/…` control;
    /// nil for every other request.
    func route(_ request: HTTPRequest, socket: WebSocketHTTPHandler) async throws -> HTTPResponse? {
        let path = request.path
        if path.hasPrefix("/_double/live/") {
            return control(String(path.dropFirst("/_double/live/".count)), request)
        }
        guard path == "/", request.headers[.upgrade]?.lowercased() == "websocket" else { return nil }
        switch mode {
        case .noUpgrade:
            // Accept the connection, never answer: until the mode changes (at most 10 minutes).
            for _ in 0..<3_000 where mode == .noUpgrade { try await Task.sleep(nanoseconds: 200_000_000) }
            return try await socket.handleRequest(request)
        case .closeMidFrame:
            return Self.halfFrame(try await socket.handleRequest(request))
        case .refuseUpgrade:
            return HTTPResponse(statusCode: .serviceUnavailable)
        default:
            return try await socket.handleRequest(request)
        }
    }

    /// The upgrade `accepted` as it is, but followed by raw bytes instead of a socket: a heartbeat frame, then the
    /// head of a 1,000-byte text frame with only 10 bytes of it; then the body fails, and FlyingFox closes the
    /// connection (its WebSocket frames are always whole: this is the one way to cut one).
    static func halfFrame(_ accepted: HTTPResponse) -> HTTPResponse {
        var bytes = Data([0x81, UInt8(LiveFeed.heartbeat.utf8.count)]) + Data(LiveFeed.heartbeat.utf8)
        bytes += Data([0x81, 0x7E, 0x03, 0xE8]) + Data(#"{"action":"#.utf8)
        let body = HTTPBodySequence(from: CutBytes(bytes: bytes), count: bytes.count + 990, suggestedBufferSize: 4_096)
        return HTTPResponse(statusCode: .switchingProtocols, headers: accepted.headers, body: body)
    }

    private func control(_ action: String, _ request: HTTPRequest) -> HTTPResponse {
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        switch action {
        case "active", "new":
            guard let siteName = query["site"].flatMap(catalog.resolve), let site = try? catalog.site(siteName) else {
                return Self.json(["error": "unknown site"], status: .badRequest)
            }
            let tags = query["tags"].map { $0.split(separator: ";").map(String.init) }
            let question: DumpPostChoice
            if action == "active" {
                guard let id = query["id"].flatMap(Int.init), let found = site.questionsByID[id] else {
                    return Self.json(["error": "no question id=\(query["id"] ?? "") on \(siteName)"], status: .notFound)
                }
                question = DumpPostChoice(post: found, id: id, tags: nil)
            } else {
                let pick = site.questions.first { post in tags?.allSatisfy(post.tags.contains) ?? true } ?? site.questions.first
                guard let pick else { return Self.json(["error": "no questions on \(siteName)"], status: .notFound) }
                let maximum = site.questions.map(\.id).max() ?? 0
                question = DumpPostChoice(post: pick, id: maximum + nextNewQuestion(), tags: tags ?? pick.tags)
            }
            let now = Date()
            catalog.liveActivity.record(question.post, site: site.name, id: question.id, tags: question.tags,
                                        isNew: action == "new", at: now)
            let sent = broadcast(Self.text(LiveFeed.activity(question.post, of: site, id: question.id, tags: question.tags,
                                                             now: now)))
            return Self.json(["id": question.id, "clients": sent])
        case "mode":
            guard let mode = query["name"].flatMap(LiveHostility.init(rawValue:)) else {
                return Self.json(["error": "name is one of " + LiveHostility.allCases.map(\.rawValue).joined(separator: ", ")],
                                 status: .badRequest)
            }
            let rate = min(max(query["rate"].flatMap(Int.init) ?? 10_000, 1), 100_000)
            let seconds = min(max(query["seconds"].flatMap(Int.init) ?? 5, 1), 60)
            setMode(mode, rate: rate, seconds: seconds)
            return Self.json(["mode": self.mode.rawValue])
        case "stats":
            let data = (try? ResponseWrapper.encoded(statistics)) ?? Data("{}".utf8)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: data)
        default:
            return Self.json(["error": "no control endpoint live/\(action)"], status: .notFound)
        }
    }

    private static func json(_ object: [String: Any], status: HTTPStatusCode = .ok) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: data)
    }
}

/// The question a control request sends: a dump post, under its own id or a new one, with its tags or others.
private struct DumpPostChoice {
    var post: DumpPost
    var id: Int
    var tags: [String]?
}

/// `bytes`, then an error: the body of a response that breaks off.
private struct CutBytes: AsyncBufferedSequence {
    typealias Element = UInt8
    let bytes: Data

    struct Cut: Error {}

    func makeAsyncIterator() -> Iterator {
        Iterator(pending: bytes)
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var pending: Data

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            guard !pending.isEmpty else { throw Cut() }
            let taken = pending.prefix(Swift.max(1, count))
            pending = pending.dropFirst(taken.count)
            return Data(taken)
        }
    }
}
