/// Why a config file was not used: one line naming the file and, where it can, the line.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// The file is not there, cannot be read, or is not a config file at all; `reason` reads after the
        /// file name: `is a directory`, `permission denied`, `is over 1 MB, too large for a config file`.
        case unreadable(reason: String)
        /// Not valid TOML; the parser's own words.
        case syntax(String)
        /// A key the program does not know; `table` is nil at the top level.
        case unknownKey(String, table: String?, suggestion: String?)
        /// A value of the wrong TOML type, e.g. a string where an integer belongs.
        case wrongType(key: String, expected: String, found: String)
        /// A value of the right type that is not allowed, e.g. `page_size = 500`.
        case badValue(key: String, reason: String)
        /// A `[keys]` entry naming no `Command`.
        case unknownCommand(String, suggestion: String?)
        /// A key name `KeyName.parse` does not know, for `command`.
        case unknownKeyName(String, command: String)
        /// One key given to two commands in `[keys]`.
        case keyBoundTwice(key: String, commands: [String])
        /// A `[colors]` entry naming no colour role.
        case unknownColorRole(String, suggestion: String?)
        /// A colour that is neither a name nor 0–255, for `role`.
        case badColor(String, role: String)
    }

    /// The file name as shown (its last path component, e.g. `config.toml`).
    public var file: String
    /// The 1-based line, when the problem could be located.
    public var line: Int?
    public var kind: Kind

    public init(file: String, line: Int?, kind: Kind) {
        self.file = file
        self.line = line
        self.kind = kind
    }

    /// `config.toml:7: unknown command "moveDwn" in [keys]`.
    public var description: String {
        let location = line.map { "\(file):\($0)" } ?? file
        return "\(location): \(message)"
    }

    /// The problem without its location.
    public var message: String {
        switch kind {
        case .unreadable(let reason):
            return reason
        case .syntax(let text):
            return "not valid TOML: \(text)"
        case .unknownKey(let key, nil, let suggestion):
            return "unknown key \"\(key)\"" + Self.hint(suggestion, or: ConfigFile.topLevelKeys + ["[colors]", "[keys]"])
        case .unknownKey(let key, let table?, let suggestion):
            return "unknown key \"\(key)\" in [\(table)]" + Self.hint(suggestion, or: [])
        case .wrongType(let key, let expected, let found):
            return "\(key) must be \(expected), not \(found)"
        case .badValue(let key, let reason):
            return "\(key): \(reason)"
        case .unknownCommand(let name, let suggestion):
            return "unknown command \"\(name)\" in [keys]" + Self.hint(suggestion, or: [])
        case .unknownKeyName(let name, let command):
            return "unknown key name \"\(name)\" for \(command) in [keys] (e.g. \(KeyName.examples))"
        case .keyBoundTwice(let key, let commands):
            return "key \"\(key)\" is bound to both \(commands.joined(separator: " and ")) in [keys]"
        case .unknownColorRole(let name, let suggestion):
            return "unknown colour role \"\(name)\" in [colors]" + Self.hint(suggestion, or: ConfigFile.colorRoleNames)
        case .badColor(let value, let role):
            return "bad colour \"\(value)\" for \(role) in [colors] (a name such as red or bright-blue, default, or 0-255)"
        }
    }

    /// ` (did you mean "x"?)`, else ` (known: a, b, c)` when `known` is not empty, else nothing.
    private static func hint(_ suggestion: String?, or known: [String]) -> String {
        if let suggestion { return " (did you mean \"\(suggestion)\"?)" }
        return known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))"
    }
}
