import Foundation
import NIOConcurrencyHelpers

/// The one way tests and benchmarks get the local API double: `shared()` for a process-wide double that each
/// caller gets back clean (no faults, empty request log), `dedicated(arguments:)` for one of their own (flags such as
/// `--copies 3`, or a double the test stops).
public enum DoubleFixture {
    /// Why tests that need the double must be skipped here, or nil when they can run.
    public static var skipReason: String? {
        SharedData.root == nil
            ? "SKIPPED: shared data not found (set STACKTERM_DATA or put ../shared/data beside the package)" : nil
    }

    private static let sharedDouble = NIOLockedValueBox<DoubleProcess?>(nil)

    /// The shared double, started on first use, with its faults and request log cleared.
    public static func shared() throws -> DoubleProcess {
        let double = try sharedDouble.withLockedValue { running in
            if let running { return running }
            let started = try DoubleProcess()
            running = started
            return started
        }
        try double.clearFaults()
        try double.clearRequestLog()
        return double
    }

    /// Stops the shared double (the next `shared()` starts a new one); call it when a test class or a benchmark run
    /// ends, so no child process outlives its parent.
    public static func stopShared() {
        let stopping = sharedDouble.withLockedValue { running in
            defer { running = nil }
            return running
        }
        stopping?.stop()
    }

    /// A double of the caller's own, started with `arguments` (serving the shared data unless they say otherwise).
    public static func dedicated(arguments: [String] = []) throws -> DoubleProcess {
        try DoubleProcess(arguments: arguments)
    }
}
