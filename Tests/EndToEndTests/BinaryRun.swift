import Foundation
import TestSupport

/// The built `stackterm` run to its end as a script runs it: stdin `/dev/null`, stdout and stderr to files, the
/// config looked for under `configHome` only and no API key from the environment.
struct BinaryRun {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Standard output's lines.
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Runs `stackterm arguments` with `environment` added, its output files in `folder`; a run that hangs (e.g. on a
    /// FIFO) is ended after two minutes, so the test fails instead of waiting for ever.
    init(_ arguments: [String], configHome folder: URL, environment extra: [String: String] = [:]) throws {
        let out = folder.appendingPathComponent("out-\(UUID().uuidString)")
        let err = folder.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = BuildProducts.executable("stackterm")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.path
        environment["STACKTERM_API_KEY"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { if process.isRunning { process.terminate() } }
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = try String(contentsOf: out, encoding: .utf8)
        stderr = try String(contentsOf: err, encoding: .utf8)
    }
}
