import Foundation

/// The real `stackterm` binary in a tmux pane, run by a shell that records the tty settings before and after
/// and prints `EXIT=<status>` then `TTY-RESTORED` or `TTY-BROKEN` when it ends. Its local store lives in the
/// session's own temporary `XDG_DATA_HOME` unless `environment` names one, so sessions never share a store.
public enum StacktermSession {
    /// Starts stackterm against `baseURL` (`--site cardano` unless `arguments` names another) in a `width`×`height` pane;
    /// `environment` is set for stackterm alone (through `env`), so the recording shell keeps its own PATH;
    /// `STACKTERM_NOW` passes from the test run's environment unless `environment` names it.
    public static func launch(baseURL: String, arguments: [String] = [], width: Int = 100, height: Int = 30,
                              environment: [String: String] = [:]) throws -> TmuxSession {
        let binary = BuildProducts.executable("stackterm").path
        let site = arguments.contains("--site") ? [] : ["--site", "cardano"]
        let quoted = (["--api-base-url", baseURL] + site + arguments).map(shellQuoted).joined(separator: " ")
        var environment = environment
        // The display clock's test seam (`STACKTERM_NOW`) set on the test run reaches every stackterm it starts, so a
        // whole suite can be run as on another day.
        if environment["STACKTERM_NOW"] == nil, let now = ProcessInfo.processInfo.environment["STACKTERM_NOW"] {
            environment["STACKTERM_NOW"] = now
        }
        let assignments = environment.sorted { $0.key < $1.key }.map { shellQuoted("\($0.key)=\($0.value)") }.joined(separator: " ")
        let script = "stty -g > \"$T/before\"; /usr/bin/env \(assignments) \(shellQuoted(binary)) \(quoted); echo \"EXIT=$?\"; stty -g > \"$T/after\"; "
            + "cmp -s \"$T/before\" \"$T/after\" && echo TTY-RESTORED || echo TTY-BROKEN; sleep 30"
        let directory = try TemporaryDirectory("stackterm-e2e").url
        let variables = ["T": directory.path, "SWIFT_BACKTRACE": "interactive=no",
                         "XDG_DATA_HOME": directory.appendingPathComponent("data").path]
        return try TmuxSession(command: ["/bin/sh", "-c", script], width: width, height: height, environment: variables,
                               ownedFolders: [directory])
    }

    /// `value` in single quotes for /bin/sh.
    public static func shellQuoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
