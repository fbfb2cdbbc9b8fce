import Foundation
import StackAPI

/// The retrieval layer as the app sees it: hands out the `Loader` and can stop everything at once.
///
/// Bundles the `RequestFactory` (API root, key), the `Transport` and the `QueueManager` (queues and backoff gate).
/// The local store is the one cache (`Loader`, `LoadOperation`).
public final class Retrieval: Sendable {
    /// Builds the URLs (base URL, key).
    public let factory: RequestFactory
    public let transport: Transport
    /// Owns the queues and the backoff gate.
    public let queues: QueueManager

    /// Creates the layer; by default over the process's shared `HTTPClientTransport`.
    public init(factory: RequestFactory = RequestFactory(), transport: Transport? = nil, queues: QueueManager = QueueManager()) {
        self.factory = factory
        self.transport = transport ?? HTTPClientTransport.shared
        self.queues = queues
    }

    /// The loads of the app, answered by `local` (fresh, or offline) or the network; without a store, the network.
    public func loader(local: LocalDataManager?) -> Loader {
        Loader(environment: RequestEnvironment(factory: factory, transport: transport, gate: queues.gate), queues: queues, local: local)
    }

    /// Cancels every load, queued, waiting at the backoff gate or in flight. None of them delivers.
    public func cancelAll() {
        queues.cancelAll()
    }

    /// Closes the network connections without waiting, for a program that has already cancelled its loads.
    public func closeConnections() {
        transport.shutdown()
    }

    /// Seconds before a request to `method` may leave (backoff or throttle); 0 when it may leave now.
    public func remainingWait(for method: APIMethod) -> TimeInterval {
        queues.gate.remainingWait(for: method)
    }

    /// Methods our loads are waiting on because the API paused them, with the seconds left.
    public func pausedMethods() -> [APIMethod: TimeInterval] {
        queues.gate.pausedMethods()
    }

    /// Calls `observer` (on any thread) whenever a load starts or stops waiting at the backoff gate.
    public func onPausesChanged(_ observer: @escaping @Sendable () -> Void) {
        queues.gate.onWaitersChanged(observer)
    }

    /// Loads not yet finished, in both queues.
    public var operationCount: Int {
        queues.operationCount
    }
}
