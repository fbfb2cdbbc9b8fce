import Foundation
import StackAPI

/// Sends one `WireRequest` (a GET, or a write's POST) and reports the status and (decompressed) body, or why it failed. Knows nothing of the API.
public protocol Transport: Sendable {
    /// Starts `request`; `completion` runs once, off main, unless the task is cancelled
    /// (then it may still run with `.cancelled`).
    func send(
        _ request: WireRequest, completion: @escaping @Sendable (Result<HTTPReply, TransportError>) -> Void
    ) -> TransportTask

    /// Releases the transport's connections without waiting on the network (on quit).
    func shutdown()
}

extension Transport {
    /// Releases the transport's connections without waiting on the network; the default has nothing to release.
    public func shutdown() {}
}

/// A request in flight that can be cancelled.
public protocol TransportTask: Sendable {
    /// Stops the request; its completion reports `.cancelled` if it runs at all.
    func cancel()
}
