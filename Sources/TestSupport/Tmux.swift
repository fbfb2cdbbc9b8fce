import Foundation

/// One thing to type into a tmux pane.
public enum TmuxInput: Equatable, Sendable {
    /// Literal text, typed as is (`send-keys -l`).
    case text(String)
    /// A tmux key name: `Enter`, `Escape`, `PageDown`, `Up`, `C-c`, `F1`…
    case key(String)
}

/// Why a tmux command failed.
public struct TmuxError: Error, CustomStringConvertible {
    /// The tmux arguments that failed.
    public let arguments: [String]
    public let status: Int32
    /// What tmux printed on stderr.
    public let message: String

    /// The failing command and tmux's message on one line.
    public var description: String {
        "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(message)"
    }
}

/// A program running in a detached tmux session on its own server socket, for end-to-end tests:
/// type keys, read the screen, resize, read the pane title and the exit status.
public final class TmuxSession {
    /// True when a `tmux` executable is on the PATH.
    public static var isAvailable: Bool { executable != nil }
    /// The message tests show when they skip because tmux is missing.
    public static let unavailableMessage = "SKIPPED: tmux is not installed (apt-get install tmux)"

    /// The server socket name (`tmux -L`).
    public let socketName: String
    /// Where the wrapper shell writes the program's exit status (tmux 3.3a under load sometimes marks a pane
    /// dead without ever filling `pane_dead_status`).
    private let statusFile: URL
    /// The default XDG_DATA_HOME of the pane: removed with the session.
    private let dataHome: URL
    /// Folders the caller made for this session, removed with it.
    private let ownedFolders: [URL]
    /// The pane the program runs in (e.g. `%0`).
    public private(set) var paneID = ""
    private var isKilled = false

    /// Starts `command` (program and arguments) in a `width`×`height` pane; the pane stays after the program
    /// exits so its status can be read. `environment` is added to the pane's (LANG defaults to C.UTF-8, and
    /// XDG_DATA_HOME to the session's own temporary folder, so a stackterm run there never touches the user's store).
    /// `ownedFolders` are removed when the session is killed.
    public init(command: [String], width: Int = 100, height: Int = 30, environment: [String: String] = [:],
                ownedFolders: [URL] = []) throws {
        precondition(!command.isEmpty, "TmuxSession needs a command")
        self.ownedFolders = ownedFolders
        socketName = "stackterm-test-\(UUID().uuidString.prefix(8).lowercased())"
        statusFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socketName).status")
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("\(socketName)-data")
        let variables = ["LANG": "C.UTF-8", "XDG_DATA_HOME": dataHome.path].merging(environment) { $1 }
        var arguments = ["start-server", ";", "set-option", "-wg", "remain-on-exit", "on", ";",
                         "set-option", "-g", "default-terminal", "tmux-256color", ";",
                         "set-option", "-g", "history-limit", "0", ";",
                         "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-P", "-F", "#{pane_id}"]
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        // The program runs under a shell that records its exit status ($0 is the status file).
        let wrapper = #""$@"; status=$?; echo "$status" > "$0"; exit "$status""#
        arguments += ["--", "/bin/sh", "-c", wrapper, statusFile.path] + command
        paneID = try run(arguments).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { kill() }

    /// Types each input in order.
    public func sendKeys(_ inputs: TmuxInput...) throws {
        for input in inputs {
            switch input {
            case .text(let text): try run(["send-keys", "-t", paneID, "-l", "--", text])
            case .key(let name): try run(["send-keys", "-t", paneID, name])
            }
        }
    }

    /// The visible screen, one string per row (tmux trims trailing spaces).
    public func capture() throws -> [String] {
        var lines = try run(["capture-pane", "-p", "-t", paneID]).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The screen with its colours and attributes as SGR escape sequences (`capture-pane -p -e`).
    public func captureWithEscapes() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", paneID])
    }

    /// The screen as one block of text for failure messages (or why it could not be read).
    public func screenDump() -> String {
        do { return try capture().joined(separator: "\n") } catch { return "\(error)" }
    }

    /// Polls the screen until some row contains `text`, or the status area says it; false after `timeout` seconds.
    public func waitFor(text: String, timeout: TimeInterval = 10) -> Bool {
        // A long status message wraps over the rows above the last one: it is read there as one text too.
        waitUntil(timeout: timeout) { lines in lines.contains { $0.contains(text) } || lines.statusSays(text) }
    }

    /// Polls the screen until `condition` holds for its rows; false after `timeout` seconds.
    public func waitUntil(timeout: TimeInterval = 10, _ condition: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let lines = try? capture(), condition(lines) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return false
    }

    /// Waits until the program has exited and returns its status; nil after `timeout` seconds.
    public func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            // A tmux query can fail while the server is busy; only a definite "dead" ends the wait.
            if !isKilled, let status = exitStatus { return status }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return nil
    }

    /// Resizes the window (and so the pane) to `width`×`height`.
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", paneID, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane's title, as programs set it with OSC 0/2.
    public func paneTitle() throws -> String {
        try format("#{pane_title}")
    }

    /// True while the program in the pane runs.
    public var isAlive: Bool {
        guard !isKilled, let dead = try? format("#{pane_dead}") else { return false }
        return dead == "0"
    }

    /// The program's exit status once it has exited (128 + N when signal N killed it; nil while it runs).
    public var exitStatus: Int32? {
        guard let text = try? String(contentsOf: statusFile, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
    public func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", paneID, format]).trimmingCharacters(in: .newlines)
    }

    /// Stops the program and the tmux server; safe to call more than once.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: statusFile)
        try? FileManager.default.removeItem(at: dataHome)
        for folder in ownedFolders { try? FileManager.default.removeItem(at: folder) }
    }

    // MARK: running tmux

    private static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `tmux -L socket -f /dev/null arguments…` and returns its stdout.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        guard let executable = Self.executable else {
            throw TmuxError(arguments: arguments, status: -1, message: Self.unavailableMessage)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["LANG"] = "C.UTF-8"
        let command = SpawnedCommand(executable: executable.path,
                                     arguments: ["-L", socketName, "-u", "-f", "/dev/null"] + arguments,
                                     environment: environment)
        let result = try command.run()
        guard result.status == 0 else {
            let message = String(decoding: result.errorOutput, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw TmuxError(arguments: arguments, status: result.status, message: message)
        }
        return String(decoding: result.output, as: UTF8.self)
    }
}
