import Foundation
import NIOConcurrencyHelpers
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why the double could not be started or talked to.
public enum DoubleProcessError: Error, CustomStringConvertible {
    /// The executable is not built beside the tests (`swift build` builds it).
    case notBuilt(path: String)
    /// The shared data folder is absent, so there is nothing to serve.
    case noSharedData
    /// It did not print `listening on 127.0.0.1:PORT` in time, or exited first.
    case didNotStart(reason: String, stderr: String)
    case controlFailed(request: String, reason: String)

    public var description: String {
        switch self {
        case .notBuilt(let path): return "stackexchange-double not built at \(path) (run swift build)"
        case .noSharedData: return "shared data not found (set STACKTERM_DATA or put ../shared/data beside the package)"
        case .didNotStart(let reason, let stderr): return "stackexchange-double did not start: \(reason); stderr: \(stderr)"
        case .controlFailed(let request, let reason): return "double control request \(request) failed: \(reason)"
        }
    }
}

/// The local API double (`stackexchange-double`) running as a child process on 127.0.0.1.
///
/// Thread-safe: control calls may come from any thread; `stop()` may be called more than once.
/// `@unchecked Sendable`: `Process` is not Sendable; it is only read after `init`, and `stop()` is guarded.
public final class DoubleProcess: @unchecked Sendable {
    public let port: Int
    private let process: Process
    private let stderrFile: URL
    private let stopped = NIOLockedValueBox(false)

    /// Seconds to wait for the `listening on` line.
    public static let startTimeout: TimeInterval = 20

    /// Starts the built double with `--port 0` plus `arguments` and waits until it prints its port.
    /// By default it serves the shared dumps and recorded files (`SharedData.root`).
    public init(arguments: [String] = []) throws {
        let executable = BuildProducts.executable("stackexchange-double")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw DoubleProcessError.notBuilt(path: executable.path)
        }
        var fullArguments = ["--port", "0"]
        if !arguments.contains("--dumps") || !arguments.contains("--recorded") {
            guard let root = SharedData.root else { throw DoubleProcessError.noSharedData }
            if !arguments.contains("--dumps") { fullArguments += ["--dumps", root.appendingPathComponent("dumps").path] }
            if !arguments.contains("--recorded") { fullArguments += ["--recorded", root.appendingPathComponent("api").path] }
        }
        fullArguments += arguments

        stderrFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("stackexchange-double-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let stdout = Pipe()
        process = Process()
        process.executableURL = executable
        process.arguments = fullArguments
        process.standardOutput = stdout
        let stderrHandle = try FileHandle(forWritingTo: stderrFile)
        process.standardError = stderrHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? stderrHandle.close() // the child holds its own copy

        let line = ListeningLine(stdout.fileHandleForReading)
        let outcome = line.wait(timeout: Self.startTimeout)
        switch outcome {
        case .port(let port):
            self.port = port
        case .failed(let reason):
            process.terminate()
            process.waitUntilExit()
            let stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: stderrFile)
            throw DoubleProcessError.didNotStart(reason: reason, stderr: stderr)
        }
    }

    /// `http://127.0.0.1:PORT/2.3`, the value for `--api-base-url`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/2.3")! }

    /// `http://127.0.0.1:PORT` + `pathAndQuery`, e.g. `url("/2.2/questions?site=cardano")`.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    }

    /// Sets fault injection through the control endpoint, e.g. `"delay_ms=30000"` or `"status=500&count=1"`.
    public func setFaults(_ query: String) throws {
        _ = try control("/_double/faults?\(query)")
    }

    public func clearFaults() throws {
        _ = try control("/_double/faults/clear")
    }

    /// API requests served so far, one line each: `"GET /2.3/questions?page=2&site=cardano"`.
    public func requestLog() throws -> [String] {
        let data = try control("/_double/log")
        guard let lines = try? JSONSerialization.jsonObject(with: data) as? [String] else {
            throw DoubleProcessError.controlFailed(request: "/_double/log", reason: "not a JSON array of strings")
        }
        return lines
    }

    public func clearRequestLog() throws {
        _ = try control("/_double/log/clear")
    }

    /// What the double wrote to stderr so far.
    public var standardError: String {
        (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
    }

    /// Terminates the process and waits for it.
    public func stop() {
        let alreadyStopped = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !alreadyStopped else { return }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: stderrFile)
    }

    deinit {
        stop()
    }

    /// A synchronous GET of a control endpoint; throws unless it answers 200.
    private func control(_ pathAndQuery: String) throws -> Data {
        let reply = try LoopbackHTTP.get(url(pathAndQuery), timeout: 10)
        guard reply.status == 200 else {
            let text = String(decoding: reply.body, as: UTF8.self)
            throw DoubleProcessError.controlFailed(request: pathAndQuery, reason: "HTTP \(reply.status): \(text)")
        }
        return reply.body
    }
}
