import Foundation

/// A config file as loaded: what it says, or why it was ignored (then every setting is the default).
public struct LoadedConfig: Equatable, Sendable {
    /// The file's settings; empty when there was no file or it was malformed.
    public var config: ConfigFile
    /// The file looked for, when there is one.
    public var path: URL?
    /// Why the file was ignored, when it was.
    public var error: ConfigError?
    /// Whether a file was found and used.
    public var isUsed: Bool { path != nil && error == nil && exists }
    private var exists: Bool

    /// A loaded config from its parts.
    public init(config: ConfigFile = ConfigFile(), path: URL?, error: ConfigError? = nil, exists: Bool) {
        self.config = config
        self.path = path
        self.error = error
        self.exists = exists
    }

    /// The status-line message at start: the error and that the defaults are used; nil when all is well.
    public var startupMessage: String? {
        error.map { "\($0.description) — config ignored, using the defaults" }
    }
}

/// Reads the config file. Never writes it.
public enum ConfigLoader {
    /// Loads `explicitPath` (from `--config`), else the default location under `environment`.
    /// A missing default file means defaults, silently; a malformed one means defaults plus the error.
    public static func load(explicitPath: String?, environment: [String: String]) -> LoadedConfig {
        guard let path = explicitPath.map({ URL(fileURLWithPath: $0) }) ?? ConfigLocation.defaultPath(environment: environment) else {
            return LoadedConfig(path: nil, exists: false)
        }
        return load(path, required: explicitPath != nil)
    }

    /// Loads the file at `path`; when it does not exist that is an error only if `required`.
    public static func load(_ path: URL, required: Bool) -> LoadedConfig {
        let name = path.lastPathComponent
        guard FileManager.default.fileExists(atPath: path.path) else {
            let error = required ? ConfigError(file: path.path, line: nil, kind: .unreadable(reason: "no such file")) : nil
            return LoadedConfig(path: path, error: error, exists: false)
        }
        let text: String
        do {
            let data = try Data(contentsOf: path)
            guard let decoded = String(data: data, encoding: .utf8) else {
                return LoadedConfig(path: path, error: ConfigError(file: name, line: nil, kind: .unreadable(reason: "not UTF-8 text")), exists: true)
            }
            text = decoded
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            return LoadedConfig(path: path, error: ConfigError(file: name, line: nil, kind: .unreadable(reason: reason)), exists: true)
        }
        do {
            return LoadedConfig(config: try ConfigParser.parse(text, file: name), path: path, exists: true)
        } catch {
            return LoadedConfig(path: path, error: error, exists: true)
        }
    }
}
