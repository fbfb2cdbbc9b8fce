import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and reports the body and response, or the transport error. Knows nothing of the API.
public protocol Transport: Sendable {
    /// Starts `request`; `completion` runs once, off main, unless the task is cancelled
    /// (then it may still run with `URLError.cancelled`).
    func send(
        _ request: URLRequest,
        completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), URLError>) -> Void
    ) -> TransportTask
}

/// A request in flight that can be cancelled.
public protocol TransportTask: Sendable {
    /// Stops the request; its completion reports `URLError.cancelled` if it runs at all.
    func cancel()
}
