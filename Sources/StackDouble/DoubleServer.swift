import FlyingFox
import FlyingSocks
import Foundation

/// Puts a `DoubleService` on 127.0.0.1 with FlyingFox; each connection is served in its own task.
public final class DoubleServer: Sendable {
    private let server: HTTPServer

    /// Prepares a server on `port` (0 picks a free one); call `start()` to listen. The realtime socket is at `/`
    /// (a heartbeat every `liveHeartbeatSeconds`), its controls under `/_double/live/`.
    public init(service: DoubleService, port: UInt16, liveHeartbeatSeconds: Double = 5) throws {
        let live = LiveHub(catalog: service.catalog, heartbeatSeconds: liveHeartbeatSeconds)
        let socket = WebSocketHTTPHandler(handler: LiveSocket(hub: live))
        let handler = ClosureHTTPHandler { request in
            if let reply = try await live.route(request, socket: socket) { return reply }
            let body = request.method == .POST ? try await Self.boundedBody(request) : Data()
            let reply = await service.respond(to: DoubleRequest(
                method: request.method.rawValue,
                path: request.target.path(),
                query: request.target.query(),
                body: body))
            var headers = HTTPHeaders()
            for (name, value) in reply.headers { headers[HTTPHeader(name)] = value }
            let status = HTTPStatusCode(reply.status, phrase: Self.phrase(reply.status))
            if let stream = reply.stream {
                return HTTPResponse(statusCode: status, headers: headers, body: stream.httpBody)
            }
            return HTTPResponse(statusCode: status, headers: headers, body: reply.body)
        }
        // A long handler timeout: the delay fault may hold a request for minutes.
        server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: port), timeout: 3_600, logger: .disabled, handler: handler)
    }

    /// Starts listening and returns the port; serving goes on in the background until `stop()`.
    public func start() async throws -> Int {
        Task { [server] in try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            throw SocketError.unsupportedAddress
        }
        return Int(port)
    }

    /// Stops listening and closes connections.
    public func stop() async {
        await server.stop()
    }

    /// The body, read up to one byte more than `DoubleRequest.bodyLimit` (the service refuses such a one).
    private static func boundedBody(_ request: HTTPRequest) async throws -> Data {
        var body = Data()
        for try await chunk in request.bodySequence {
            body.append(chunk)
            if body.count > DoubleRequest.bodyLimit { return body.prefix(DoubleRequest.bodyLimit + 1) }
        }
        return body
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        default: return "Status \(status)"
        }
    }
}
