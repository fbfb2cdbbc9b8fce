import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import StackAPI

/// `Transport` over swift-server's AsyncHTTPClient: SwiftNIO's epoll loop, so a process waiting on the network
/// sleeps (Foundation's libcurl-based client on Linux spins a core while it waits, GUIDE §3).
///
/// Each request runs in a detached `Task` (never on the main actor, which may be busy) that the returned
/// `TransportTask` cancels; the completion is called from a dispatch queue, not from the concurrency pool,
/// so decoding a large page cannot starve the client. Every limit is the client's own: decompression stops
/// at `maximumBodyBytes`, the body is collected up to it, timeouts and redirects are in its configuration, and
/// a deadline bounds the whole exchange (the client's own deadline ends with the response head).
public final class HTTPClientTransport: Transport {
    /// The process's one client, created on first use; `shutdown()` it on quit.
    public static let shared = HTTPClientTransport()

    public let limits: TransportLimits
    private let client: HTTPClient

    /// Creates a transport with its own client (call `shutdown()` before letting it go).
    public init(limits: TransportLimits = TransportLimits()) {
        self.limits = limits
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: limits.maximumRedirects, allowCycles: false),
            timeout: .init(connect: .boundedSeconds(limits.connectTimeout), read: .boundedSeconds(limits.readTimeout)),
            decompression: .enabled(limit: .size(limits.maximumBodyBytes)))
        configuration.httpVersion = .http1Only
        // A refused connection is reported at once (the user presses r), not retried until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    /// Stops the client without waiting: requests still in flight fail as cancelled.
    public func shutdown() {
        client.shutdown(queue: .global()) { _ in }
    }

    /// Starts `request` in a detached task and hands back a handle that cancels it.
    public func send(
        _ request: WireRequest, completion: @escaping @Sendable (Result<HTTPReply, TransportError>) -> Void
    ) -> TransportTask {
        let host = request.url.host ?? "the server"
        let deadline = ExchangeDeadline()
        let task = Task.detached(priority: .userInitiated) { [client, limits] in
            let outcome: Result<HTTPReply, TransportError>
            do {
                outcome = .success(try await Self.exchange(request, client: client, limits: limits))
            } catch {
                outcome = .failure(deadline.hasPassed ? .timedOut : Self.failure(error, host: host, limits: limits))
            }
            deadline.disarm()
            DispatchQueue.global(qos: .userInitiated).async { completion(outcome) }
        }
        deadline.arm(after: request.timeout) { task.cancel() }
        return CancellableTask(task: task, deadline: deadline)
    }

    private static func exchange(
        _ request: WireRequest, client: HTTPClient, limits: TransportLimits
    ) async throws -> HTTPReply {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = request.method == .post ? .POST : .GET
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: .boundedSeconds(request.timeout))
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limits.maximumWireBytes {
            throw TransportError.tooLarge(limit: limits.maximumWireBytes)
        }
        let body = try await response.body.collect(upTo: limits.maximumBodyBytes)
        return HTTPReply(status: Int(response.status.code), body: Data(body.readableBytesView))
    }

    /// Maps what the client, SwiftNIO or the task may throw to a `TransportError`.
    static func failure(_ error: any Error, host: String, limits: TransportLimits) -> TransportError {
        switch error {
        case let transportError as TransportError:
            return transportError
        case is CancellationError:
            return .cancelled
        case is NIOTooManyBytesError, is NIOHTTPDecompression.DecompressionError:
            return .tooLarge(limit: limits.maximumBodyBytes)
        case let connection as NIOConnectionError:
            return connection.dnsAError != nil || connection.dnsAAAAError != nil
                ? .cannotFindHost(host: host) : .cannotConnect(host: host)
        case let clientError as HTTPClientError:
            return failure(clientError, host: host)
        case let channelError as ChannelError:
            if case .connectTimeout = channelError { return .timedOut }
            return .connectionLost(host: host)
        case is IOError:
            return .cannotConnect(host: host)
        default:
            return .other(host: host, detail: String(describing: error))
        }
    }

    private static func failure(_ error: HTTPClientError, host: String) -> TransportError {
        switch error {
        case .readTimeout, .writeTimeout, .connectTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
             .tlsHandshakeTimeout:
            return .timedOut
        case .cancelled, .alreadyShutdown:
            return .cancelled
        case .remoteConnectionClosed:
            return .connectionLost(host: host)
        case .redirectLimitReached, .redirectCycleDetected:
            return .tooManyRedirects(host: host)
        default:
            return .other(host: host, detail: String(describing: error))
        }
    }
}

/// The detached task of one request, cancelled through `TransportTask`.
private struct CancellableTask: TransportTask {
    let task: Task<Void, Never>
    let deadline: ExchangeDeadline

    func cancel() {
        deadline.disarm()
        task.cancel()
    }
}

/// A one-shot timer bounding a whole exchange: when it fires before the exchange ends, it cancels the request
/// and remembers why. (A timer firing after the end finds nothing to do.)
private final class ExchangeDeadline: Sendable {
    private enum State {
        case running
        case passed
        case ended
    }

    private let state = NIOLockedValueBox(State.running)

    /// Calls `expire` once `seconds` have passed, unless the exchange ends first.
    func arm(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + seconds) { [self] in
            let fired: Bool = state.withLockedValue { state in
                guard state == .running else { return false }
                state = .passed
                return true
            }
            if fired { expire() }
        }
    }

    /// Marks the exchange ended (answered or cancelled): the timer will do nothing.
    func disarm() {
        state.withLockedValue { state in
            if state == .running { state = .ended }
        }
    }

    /// Whether the timer fired first.
    var hasPassed: Bool { state.withLockedValue { $0 == .passed } }
}

private extension TimeAmount {
    /// Whole nanoseconds of `seconds`, clamped to a week so no configured value can overflow.
    static func boundedSeconds(_ seconds: TimeInterval) -> TimeAmount {
        let bounded = min(max(seconds, 0), 7 * 86_400)
        return .nanoseconds(Int64(bounded * 1_000_000_000))
    }
}
