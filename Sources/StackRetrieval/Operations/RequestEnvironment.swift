import Foundation
import StackAPI

/// What every request operation needs: how to build the URL, how to send it, the gate to wait at,
/// and the cache that answers requests already answered.
public struct RequestEnvironment: Sendable {
    /// Builds the `HTTPGet` (base URL, key, filter, headers) for an `APIRequest`.
    public var factory: RequestFactory
    public var transport: Transport
    /// The per-method backoff gate.
    public var gate: BackoffGate
    /// Where decoded responses are kept and looked up; nil: nothing is cached.
    public var cache: ResponseCache?

    public init(factory: RequestFactory, transport: Transport, gate: BackoffGate, cache: ResponseCache? = nil) {
        self.factory = factory
        self.transport = transport
        self.gate = gate
        self.cache = cache
    }
}
