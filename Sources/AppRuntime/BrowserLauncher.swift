import Foundation

/// Opens links in the user's browser without a shell and without blocking the UI.
///
/// The program comes from `$BROWSER` (a `:`-separated list of commands with arguments), else `xdg-open`,
/// else `sensible-browser` (see `BrowserCommand.resolve`). The URL is one argv element, byte for byte:
/// `;`, `$(…)`, quotes, spaces and newlines in it are never interpreted. Only `http` and `https` links are
/// opened. The program's output goes to `/dev/null` and it is never waited for (see `DetachedProcess`).
public struct BrowserLauncher: Sendable {
    /// The environment the program is looked up in (`BROWSER`, `PATH`) and handed to the browser.
    public let environment: [String: String]

    /// A launcher using `environment` (the process's own by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Starts the browser on `url` and returns at once: the program started (its file name, e.g. `xdg-open`),
    /// or why nothing was started.
    public func open(_ url: String) -> Result<String, LaunchError> {
        guard Self.isWebAddress(url) else { return .failure(.unsupportedURL(url)) }
        guard let command = BrowserCommand.resolve(url: url, environment: environment) else {
            return .failure(.noBrowser)
        }
        let program = URL(fileURLWithPath: command.executable).lastPathComponent
        switch DetachedProcess.start(executable: command.executable, arguments: command.arguments, environment: environment) {
        case .success:
            return .success(program)
        case .failure(let error):
            return .failure(.spawnFailed(program: program, reason: String(cString: strerror(error.code.rawValue))))
        }
    }

    /// True for an `http://` or `https://` address with something after the scheme and no NUL byte
    /// (which could not travel in an argv element).
    public static func isWebAddress(_ url: String) -> Bool {
        guard !url.utf8.contains(0) else { return false }
        let lowered = url.lowercased()
        return ["http://", "https://"].contains { lowered.hasPrefix($0) && lowered.count > $0.count }
    }
}
