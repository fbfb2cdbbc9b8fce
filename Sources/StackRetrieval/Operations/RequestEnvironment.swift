import Foundation
import StackAPI

/// What every request operation needs: how to build the URL, how to send it, and the gate to wait at.
public struct RequestEnvironment: Sendable {
    /// Builds the `WireRequest` (base URL, key, filter, headers; a write's form body) for an `APIRequest`.
    public var factory: RequestFactory
    public var transport: Transport
    /// The per-method backoff gate.
    public var gate: BackoffGate

    public init(factory: RequestFactory, transport: Transport, gate: BackoffGate) {
        self.factory = factory
        self.transport = transport
        self.gate = gate
    }
}
