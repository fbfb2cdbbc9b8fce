import Foundation

/// Where the config file lives: `$XDG_CONFIG_HOME/stackterm/config.toml`, else `$HOME/.config/stackterm/config.toml`.
///
/// Only absolute paths count: a relative or empty `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory
/// specification asks, and without an absolute `HOME` no file is read at all (never one relative to the
/// current directory).
public enum ConfigLocation {
    /// The config file's path under `environment`; nil when neither variable is an absolute path.
    public static func defaultPath(environment: [String: String]) -> URL? {
        if let xdg = absolute("XDG_CONFIG_HOME", environment) {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("stackterm/config.toml")
        }
        guard let home = absolute("HOME", environment) else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/stackterm/config.toml")
    }

    /// What the user should know about the environment's config folder, e.g. `XDG_CONFIG_HOME is not an
    /// absolute path — ignored`; nil when it is as expected.
    public static func notice(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty, !xdg.hasPrefix("/") {
            let consequence = defaultPath(environment: environment) == nil ? "no config file read" : "ignored"
            return "XDG_CONFIG_HOME is not an absolute path — \(consequence)"
        }
        guard defaultPath(environment: environment) == nil else { return nil }
        let home = environment["HOME"] ?? ""
        return (home.isEmpty ? "HOME is not set" : "HOME is not an absolute path") + " — no config file read"
    }

    private static func absolute(_ name: String, _ environment: [String: String]) -> String? {
        environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil }
    }
}
