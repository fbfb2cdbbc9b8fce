import AppCore
import Foundation
import Spawning

/// Opens links in the user's browser without a shell and without blocking the UI.
///
/// The program comes from `$BROWSER` (a `:`-separated list of commands with arguments), else `xdg-open`,
/// else `sensible-browser` (see `BrowserCommand.resolve`). Only links `SafeLink` accepts are opened, in its
/// normalised form, as one argv element: `;`, `$(…)` and quotes in it are never interpreted. The program gets
/// our environment without the variables in `withheldVariables`; its output goes to `/dev/null` and the UI never
/// waits for it (see `DetachedProcess`): a failure that shows only in its exit (`BROWSER=false`, an `xdg-open`
/// that finds no handler) is reported later, when it exits.
public struct BrowserLauncher: Sendable {
    /// The environment the program is looked up in (`BROWSER`, `PATH`) and, less `withheldVariables`, handed to the browser.
    public let environment: [String: String]

    /// Programs that draw on the terminal: they run in the foreground with the terminal handed over.
    public static let terminalPrograms: Set<String> = ["w3m", "lynx", "elinks", "links", "links2"]
    /// Run every browser in the foreground on the terminal (`browser_in_terminal = true` in the config).
    public let browserInTerminal: Bool

    /// Secrets of ours a browser has no business with.
    public static let withheldVariables: Set<String> = ["STACKTERM_API_KEY"]

    /// A launcher using `environment` (the process's own by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, browserInTerminal: Bool = false) {
        self.environment = environment
        self.browserInTerminal = browserInTerminal
    }

    /// `environment` less `withheldVariables`.
    public var childEnvironment: [String: String] {
        environment.filter { !Self.withheldVariables.contains($0.key) }
    }

    /// Checks `url` with `SafeLink`, then opens it (see `open(_:failed:)` for a checked link).
    public func open(_ url: String, failed: @escaping @Sendable (LaunchError) -> Void = { _ in }) -> Result<String, LaunchError> {
        switch SafeLink.check(url) {
        case .success(let link): open(link, failed: failed)
        case .failure(let rejection): .failure(.unsafeLink(rejection))
        }
    }

    /// Starts the browser on `link` and returns at once: the program started (its file name, e.g. `xdg-open`),
    /// or why nothing was started. When the program later exits with a non-zero status or is killed, `failed`
    /// hears it (`.exited`, `.signalled`) on the thread that waited for it; an exit with status 0 says nothing.
    public func open(_ link: SafeLink, failed: @escaping @Sendable (LaunchError) -> Void = { _ in }) -> Result<String, LaunchError> {
        guard let command = BrowserCommand.resolve(url: link.url, environment: environment) else {
            return .failure(.noBrowser)
        }
        let program = URL(fileURLWithPath: command.executable).lastPathComponent
        let configured = !(environment["BROWSER"] ?? "").isEmpty
        let started = DetachedProcess.start(executable: command.executable, arguments: command.arguments,
                                            environment: childEnvironment) { ending in
            if let error = LaunchError(program: program, ending: ending) { failed(configured ? error : error.unconfigured()) }
        }
        switch started {
        case .success:
            return .success(program)
        case .failure(let error):
            return .failure(.spawnFailed(program: program, reason: String(cString: strerror(error.code.rawValue))))
        }
    }

    /// True when `program` (a file name) runs in the foreground on the terminal.
    public func runsInTerminal(_ program: String) -> Bool {
        browserInTerminal || Self.terminalPrograms.contains(program)
    }

    /// Opens `link`: a terminal browser (see `runsInTerminal`) runs in the foreground inside `handOver` (curses
    /// suspended) and is waited for, and only a zero exit succeeds; any other starts detached as `open(_:failed:)`
    /// does, `failed` hearing of a later failed exit. Without `handOver` every browser starts detached.
    public func open(_ link: SafeLink, handOver: TerminalHandOver?,
                     failed: @escaping @Sendable (LaunchError) -> Void = { _ in }) -> Result<Opened, LaunchError> {
        guard let command = BrowserCommand.resolve(url: link.url, environment: environment) else {
            return .failure(.noBrowser)
        }
        let program = URL(fileURLWithPath: command.executable).lastPathComponent
        guard let handOver, runsInTerminal(program) else { return open(link, failed: failed).map { Opened.started($0) } }
        var result: Result<ChildEnding, POSIXError> = .failure(POSIXError(.EINVAL))
        handOver.perform {
            result = ForegroundProcess.run(executable: command.executable, arguments: command.arguments,
                                           environment: childEnvironment, input: handOver.input, output: handOver.output)
        }
        switch result {
        case .success(let ending):
            if let error = LaunchError(program: program, ending: ending) { return .failure(error) }
            return .success(.finished(program))
        case .failure(let error): return .failure(.spawnFailed(program: program, reason: String(cString: strerror(error.code.rawValue))))
        }
    }

    /// What opening a link did.
    public enum Opened: Hashable, Sendable {
        /// A browser was started beside the UI (its file name); it may still fail (see `open(_:handOver:failed:)`).
        case started(String)
        /// A terminal browser ran in the foreground and exited with status 0.
        case finished(String)
    }
}

/// The terminal a foreground browser runs on: its descriptors, and how to hand it over around a body (leave
/// curses, run the body, take the terminal back and redraw).
public struct TerminalHandOver {
    /// The terminal's input descriptor (the child's stdin).
    public let input: Int32
    /// The terminal's output descriptor (the child's stdout and stderr).
    public let output: Int32
    /// Runs its argument with the terminal handed over.
    public let perform: (() -> Void) -> Void

    public init(input: Int32, output: Int32, perform: @escaping (() -> Void) -> Void) {
        self.input = input
        self.output = output
        self.perform = perform
    }
}
