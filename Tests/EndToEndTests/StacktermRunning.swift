import Foundation
import TestSupport
import XCTest

/// An end-to-end test that runs `stackterm` commands to their end (`print`, `import`, `store`, `--help`) in an
/// environment of its own: the one `stackterm(_:)` helper of these tests.
protocol StacktermRunning: XCTestCase {
    /// What every run sets (a value) or unsets (nil): the test's store, its config folder, no API key…
    var runEnvironment: [String: String?] { get }
}

extension StacktermRunning {
    /// Runs `stackterm arguments…` with `runEnvironment` and `extra` (which wins) to its end; a run that hangs (on a
    /// FIFO, say) is ended after `timeout` seconds, so the test fails instead of waiting for ever.
    func stackterm(_ arguments: [String], environment extra: [String: String?] = [:],
                   timeout: TimeInterval = 120) throws -> StacktermRun.Outcome {
        try StacktermRun.run(arguments, environment: runEnvironment.merging(extra) { _, given in given }, timeout: timeout)
    }
}
