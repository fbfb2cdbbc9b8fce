import Foundation

/// Where the store's single database file lives: `$XDG_DATA_HOME/stackterm/`, else `~/.local/share/stackterm/`.
public enum StoreLocation {
    public static let fileName = "stackterm.sqlite"

    /// `$XDG_DATA_HOME/stackterm` when that variable is an absolute path, else `$HOME/.local/share/stackterm` when
    /// `HOME` is; a relative or missing `HOME` is refused so the store never lands in the current directory.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(StoreError) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("stackterm", isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            let home = environment["HOME"] ?? ""
            let what = home.isEmpty ? "HOME is not set" : "HOME is not an absolute path (\(home))"
            throw .noDirectory(reason: what + " and XDG_DATA_HOME is not an absolute path either")
        }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/stackterm", isDirectory: true)
    }

    /// The database file under `defaultDirectory(environment:)`.
    public static func defaultFile(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(StoreError) -> URL {
        try defaultDirectory(environment: environment).appendingPathComponent(fileName)
    }
}
