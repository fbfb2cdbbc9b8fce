import AppCore
import Foundation

/// Opens links in the user's browser without a shell and without blocking the UI.
///
/// The program comes from `$BROWSER` (a `:`-separated list of commands with arguments), else `xdg-open`,
/// else `sensible-browser` (see `BrowserCommand.resolve`). Only links `SafeLink` accepts are opened, in its
/// normalised form, as one argv element: `;`, `$(…)` and quotes in it are never interpreted. The program gets
/// our environment without the variables in `withheldVariables`; its output goes to `/dev/null` and it is never
/// waited for (see `DetachedProcess`).
public struct BrowserLauncher: Sendable {
    /// The environment the program is looked up in (`BROWSER`, `PATH`) and, less `withheldVariables`, handed to the browser.
    public let environment: [String: String]

    /// Secrets of ours a browser has no business with.
    public static let withheldVariables: Set<String> = ["STACKTERM_API_KEY"]

    /// A launcher using `environment` (the process's own by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The environment the browser starts with.
    public var childEnvironment: [String: String] {
        environment.filter { !Self.withheldVariables.contains($0.key) }
    }

    /// Checks `url` with `SafeLink`, then opens it (see `open(_:)` for a checked link).
    public func open(_ url: String) -> Result<String, LaunchError> {
        switch SafeLink.check(url) {
        case .success(let link): open(link)
        case .failure(let rejection): .failure(.unsafeLink(rejection))
        }
    }

    /// Starts the browser on `link` and returns at once: the program started (its file name, e.g. `xdg-open`),
    /// or why nothing was started.
    public func open(_ link: SafeLink) -> Result<String, LaunchError> {
        guard let command = BrowserCommand.resolve(url: link.url, environment: environment) else {
            return .failure(.noBrowser)
        }
        let program = URL(fileURLWithPath: command.executable).lastPathComponent
        switch DetachedProcess.start(executable: command.executable, arguments: command.arguments, environment: childEnvironment) {
        case .success:
            return .success(program)
        case .failure(let error):
            return .failure(.spawnFailed(program: program, reason: String(cString: strerror(error.code.rawValue))))
        }
    }
}
