import CSupport
import Foundation

/// A child process on a pseudo-terminal: what the bench uses to time the real `stackterm` binary.
final class PTYProcess {
    private let master: Int32
    private let process = Process()
    private var output = Data()
    /// The store folder made for this process alone (removed with it); nil when the caller named one.
    private let ownDataHome: URL?

    /// Starts `executable` with `arguments` on a new pty of `columns`×`rows`, with `extra` added to its environment.
    init(executable: URL, arguments: [String], columns: UInt16, rows: UInt16, environment extra: [String: String] = [:]) throws {
        var path = [CChar](repeating: 0, count: 256)
        master = stackterm_open_pty(rows, columns, &path, Int32(path.count))
        guard master >= 0 else { throw BenchError.pty("cannot open a pseudo-terminal (errno \(errno))") }
        let slaveName = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(slaveName, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw BenchError.pty("cannot open \(slaveName)") }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        // Never the user's own store, nor one an earlier launch filled (a page found fresh there would be shown without
        // a request): each process starts from an empty store of its own unless `extra` names one.
        if extra["XDG_DATA_HOME"] == nil {
            let own = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-bench-data-\(getpid())-\(UUID().uuidString)")
            environment["XDG_DATA_HOME"] = own.path
            ownDataHome = own
        } else {
            ownDataHome = nil
        }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        close(master)
        if let ownDataHome { try? FileManager.default.removeItem(at: ownDataHome) }
    }

    var pid: Int32 { process.processIdentifier }

    /// Reads output until it contains `text`; true if it did within `timeout` seconds.
    func waitForOutput(containing text: String, timeout: TimeInterval) -> Bool {
        let needle = Data(text.utf8)
        let deadline = Measure.now() + timeout
        while Measure.now() < deadline {
            drain()
            if output.range(of: needle) != nil { return true }
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&fds, 1, 5)
        }
        return false
    }

    /// Forgets the output so far, including what is still waiting unread on the pty.
    func clearOutput() { drain(); output.removeAll() }

    /// Types `text` into the terminal.
    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
    }

    /// Writes all of `text` into the terminal as a paste does, as fast as the terminal takes it (the output read
    /// meanwhile, so neither side waits on the other); false when it could not all be written within `timeout`.
    func paste(_ text: String, timeout: TimeInterval) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        let deadline = Measure.now() + timeout
        while sent < bytes.count, Measure.now() < deadline {
            let written = bytes[sent...].withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
            if written > 0 { sent += written; continue }
            drain()
            var fds = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
            _ = poll(&fds, 1, 5)
        }
        return sent == bytes.count
    }

    /// Waits for the child to exit; returns its status, or nil after `timeout`.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Measure.now() + timeout
        while process.isRunning {
            drain()
            if Measure.now() > deadline { return nil }
            usleep(200)
        }
        return process.terminationStatus
    }

    /// Resident memory of the child in MiB (from /proc), or nil.
    func residentMiB() -> Double? {
        statusField("VmRSS:").map { $0 / 1024 }
    }

    /// Peak resident memory of the child in MiB (`VmHWM`), or nil.
    func peakResidentMiB() -> Double? {
        statusField("VmHWM:").map { $0 / 1024 }
    }

    /// CPU seconds (user + system) the child has used so far, from `/proc/PID/stat`.
    func cpuSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards) else { return nil }
        // Fields after the command name start at field 3 (state); utime and stime are fields 14 and 15.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Context switches so far of each of the child's threads, by thread id: each sleep that ends is one.
    func contextSwitches() -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var byThread: [String: Int] = [:]
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else {
                continue
            }
            let switches = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") }
            byThread[task] = switches.reduce(0, +)
        }
        return byThread
    }

    /// Context switches between two `contextSwitches()` readings (threads that ended meanwhile count what they had).
    static func switches(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { total, entry in total + max(0, entry.value - (before[entry.key] ?? 0)) }
    }

    private func statusField(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return Double(line.split(separator: " ").dropFirst().first ?? "")
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { return }
            output.append(contentsOf: buffer[0..<count])
        }
    }
}

/// Why a benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
    case pty(String)
    case timeout(String)
    case failed(String)

    var description: String {
        switch self {
        case .pty(let reason): "pty: \(reason)"
        case .timeout(let what): "timed out waiting for \(what)"
        case .failed(let why): why
        }
    }
}
