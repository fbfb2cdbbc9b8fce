import Foundation

/// The local API double (`stackexchange-double`) running as a child process on 127.0.0.1.
/// Contract stub: the double helper implements the bodies.
public final class DoubleProcess: @unchecked Sendable {
    /// The port it listens on.
    public private(set) var port: Int = 0

    /// Starts the built double with `--port 0` plus `arguments` and waits until it prints its port.
    /// By default it serves the shared dumps and recorded files (`SharedData.root`).
    public init(arguments: [String] = []) throws {
        fatalError("implemented by the double helper")
    }

    /// `http://127.0.0.1:PORT/2.3`, the value for `--api-base-url`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/2.3")! }

    /// Sets fault injection through the control endpoint, e.g. `"delay_ms=30000"` or `"status=500&count=1"`.
    public func setFaults(_ query: String) throws {
        fatalError("implemented by the double helper")
    }

    /// Removes every fault.
    public func clearFaults() throws {
        fatalError("implemented by the double helper")
    }

    /// API requests served so far, one line each: `"GET /2.3/questions?page=2&site=cardano"`.
    public func requestLog() throws -> [String] {
        fatalError("implemented by the double helper")
    }

    /// Terminates the process and waits for it.
    public func stop() {
        fatalError("implemented by the double helper")
    }

    deinit {}
}
