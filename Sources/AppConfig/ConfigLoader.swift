import Foundation

/// A config file as loaded: what it says, or why it was ignored (then every setting is the default).
public struct LoadedConfig: Equatable, Sendable {
    /// The file's settings; empty when there was no file or it was malformed.
    public var config: ConfigFile
    /// The file looked for, when there is one.
    public var path: URL?
    /// Why the file was ignored, when it was.
    public var error: ConfigError?
    /// Why no default file was looked for, or where it was looked for instead (`ConfigLocation.notice`).
    public var notice: String?
    public var isUsed: Bool { path != nil && error == nil && exists }
    private var exists: Bool

    public init(config: ConfigFile = ConfigFile(), path: URL?, error: ConfigError? = nil, exists: Bool, notice: String? = nil) {
        self.config = config
        self.path = path
        self.error = error
        self.exists = exists
        self.notice = notice
    }

    /// The status-line message at start: the error and that the defaults are used, or the notice; nil when all is well.
    public var startupMessage: String? {
        let parts = [notice, error.map { "\($0.description) — config ignored, using the defaults" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// Reads the config file. Never writes it.
public enum ConfigLoader {
    /// Loads `explicitPath` (from `--config`), else the default location under `environment`.
    /// A missing default file means defaults, silently; a malformed one means defaults plus the error;
    /// a default location from a relative or missing `XDG_CONFIG_HOME`/`HOME` adds a notice.
    public static func load(explicitPath: String?, environment: [String: String]) -> LoadedConfig {
        if let explicitPath { return load(URL(fileURLWithPath: explicitPath), required: true) }
        let notice = ConfigLocation.notice(environment: environment)
        guard let path = ConfigLocation.defaultPath(environment: environment) else {
            return LoadedConfig(path: nil, exists: false, notice: notice)
        }
        var loaded = load(path, required: false)
        loaded.notice = notice
        return loaded
    }

    /// Loads the file at `path`; when it does not exist that is an error only if `required`.
    /// A directory, FIFO, device, unreadable or over-large file is refused unopened or unread (`ConfigFileReader`).
    public static func load(_ path: URL, required: Bool) -> LoadedConfig {
        let name = path.lastPathComponent
        let data: Data
        switch ConfigFileReader.read(atPath: path.path) {
        case .missing:
            let error = required ? ConfigError(file: path.path, line: nil, kind: .unreadable(reason: "no such file")) : nil
            return LoadedConfig(path: path, error: error, exists: false)
        case .unusable(let reason):
            return LoadedConfig(path: path, error: ConfigError(file: name, line: nil, kind: .unreadable(reason: reason)), exists: true)
        case .contents(let contents):
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return LoadedConfig(path: path, error: ConfigError(file: name, line: nil, kind: .unreadable(reason: "is not UTF-8 text")), exists: true)
        }
        do {
            return LoadedConfig(config: try ConfigParser.parse(text, file: name), path: path, exists: true)
        } catch {
            return LoadedConfig(path: path, error: error, exists: true)
        }
    }
}
