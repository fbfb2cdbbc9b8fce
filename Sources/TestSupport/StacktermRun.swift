import Foundation

/// The built `stackterm` run to its end the way scripts run it: stdin `/dev/null`, stdout and stderr captured, the
/// caller's environment with `changes` applied (a nil value removes a variable), SIGTERM after `timeout` seconds.
/// Unless `changes` names `XDG_DATA_HOME`, the run gets a store folder of its own, removed after it, so a run never
/// touches the user's store nor sees another run's.
public enum StacktermRun {
    /// How a run ended and what it printed.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public let status: Int32
        public let output: String
        public let errors: String

        /// `output` split into lines, without empty trailing ones.
        public var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// Runs `stackterm arguments…` and waits for it.
    public static func run(_ arguments: [String], environment changes: [String: String?] = [:],
                           timeout: TimeInterval = 300) throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        var ownData: TemporaryDirectory?
        if changes.index(forKey: "XDG_DATA_HOME") == nil {
            ownData = try TemporaryDirectory("stackterm-run")
            environment["XDG_DATA_HOME"] = ownData?.url.path
        }
        defer { ownData?.remove() }
        for (name, value) in changes { environment[name] = value }
        let result = try SpawnedCommand(executable: BuildProducts.executable("stackterm").path, arguments: arguments,
                                        environment: environment, timeout: timeout).run()
        return Outcome(status: result.status, output: String(decoding: result.output, as: UTF8.self),
                       errors: String(decoding: result.errorOutput, as: UTF8.self))
    }
}
