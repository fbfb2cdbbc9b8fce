import Foundation

/// Where the config file lives: `$XDG_CONFIG_HOME/stackterm/config.toml`, else `~/.config/stackterm/config.toml`.
public enum ConfigLocation {
    /// The config file's path under `environment`; nil only when neither `XDG_CONFIG_HOME` nor a home folder is known.
    ///
    /// A relative or empty `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory specification asks.
    public static func defaultPath(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("stackterm/config.toml")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        guard home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config/stackterm/config.toml")
    }
}
