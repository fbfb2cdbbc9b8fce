import AppCore
import Foundation
import StackAPI
import TOMLKit

/// Reads a config file's TOML text into a `ConfigFile`, or explains the first problem with its line.
public enum ConfigParser {
    /// Parses `text`; `file` names it in errors (e.g. `config.toml`). Throws the problem on the earliest line.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> ConfigFile {
        if let problem = ConfigPrecheck.problem(in: text) {
            throw ConfigError(file: file, line: problem.line, kind: .syntax(problem.message))
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, kind: .syntax(plainWords(error.description)))
        } catch {
            throw ConfigError(file: file, line: nil, kind: .syntax(String(describing: error)))
        }
        var reader = ConfigReader(file: file, map: ConfigSourceMap(text))
        let config = reader.read(table)
        if let first = reader.errors.min(by: { ($0.line ?? .max) < ($1.line ?? .max) }) { throw first }
        return config
    }

    /// toml++'s message in the words of the mistake that causes it: a string left open runs into the line break
    /// ("unescaped control characters … are explicitly prohibited").
    static func plainWords(_ message: String) -> String {
        if message.contains("parsing string"), message.contains("control characters") {
            return "missing closing quote: a string must end on its line (\"…\")"
        }
        return message
    }
}

/// Walks a parsed TOML table, collecting a `ConfigFile` and every problem it finds.
struct ConfigReader {
    let file: String
    let map: ConfigSourceMap
    private(set) var errors: [ConfigError] = []

    init(file: String, map: ConfigSourceMap) {
        self.file = file
        self.map = map
    }

    mutating func read(_ table: TOMLTable) -> ConfigFile {
        var config = ConfigFile()
        for (key, value) in ordered(table, under: []) {
            switch key {
            case "site": config.settings.site = site(value)
            case "sort": config.settings.sort = sort(value)
            case "tagged": config.settings.tagged = tagged(value, key: "tagged")
            case "page_size": config.settings.pageSize = integer(value, key: "page_size", in: SettingRules.pageSizes)
            case "max_width": config.settings.maxWidth = integer(value, key: "max_width", in: SettingRules.maxWidths)
            case "browser_in_terminal": config.settings.browserInTerminal = boolean(value, key: "browser_in_terminal")
            case "mouse": config.settings.mouse = boolean(value, key: "mouse")
            case "live": config.settings.live = boolean(value, key: "live")
            case "live_url": config.settings.liveURL = liveURL(value)
            case "live_refresh_s":
                config.settings.liveRefreshSeconds = integer(value, key: "live_refresh_s", in: SettingRules.liveRefreshSeconds)
            case "watch_tags": config.settings.watchTags = tagged(value, key: "watch_tags")
            case "bell": config.settings.bell = boolean(value, key: "bell")
            case "math": config.settings.math = math(value)
            case "api_key": config.settings.apiKey = string(value, at: [key]).flatMap { $0.isEmpty ? nil : $0 }
            case "api_base_url": config.settings.apiBaseURL = baseURL(value)
            case "store_max_mb": config.settings.storeMaxMB = storeMaxMB(value)
            case "client_id": config.settings.clientID = clientID(value)
            case "auth_url": config.settings.authURL = authURL(value)
            case "colors": config.colors = subtable(value, at: key).map { colors($0) } ?? [:]
            case "keys": config.keys = subtable(value, at: key).map { keys($0) } ?? [:]
            default:
                let suggestion = Suggestion.closest(to: key, in: ConfigFile.topLevelKeys + ["colors", "keys"])
                fail([key], .unknownKey(key, table: nil, suggestion: suggestion))
            }
        }
        return config
    }

    // MARK: - Top-level settings

    private mutating func site(_ value: TOMLValueConvertible) -> String? {
        checkedString(value, key: "site", SettingRules.isValidSite, "is not an API site parameter such as stackoverflow")
    }

    private mutating func liveURL(_ value: TOMLValueConvertible) -> String? {
        checkedString(value, key: "live_url", SettingRules.isLiveURL, "is not a ws:// or wss:// address")
    }

    /// The string at `key` when `isValid` accepts it; otherwise an error quoting it, followed by `problem`.
    private mutating func checkedString(_ value: TOMLValueConvertible, key: String, _ isValid: (String) -> Bool,
                                        _ problem: String) -> String? {
        guard let text = string(value, at: [key]) else { return nil }
        guard isValid(text) else {
            fail([key], .badValue(key: key, reason: "\"\(text)\" \(problem)"))
            return nil
        }
        return text
    }

    private mutating func math(_ value: TOMLValueConvertible) -> MathNotation? { choice(value, key: "math") }

    private mutating func sort(_ value: TOMLValueConvertible) -> QuestionSort? { choice(value, key: "sort") }

    /// One of a fixed set of words (`sort`, `math`); an error listing them otherwise.
    private mutating func choice<Value: RawRepresentable & CaseIterable>(_ value: TOMLValueConvertible, key: String) -> Value?
    where Value.RawValue == String {
        guard let text = string(value, at: [key]) else { return nil }
        guard let chosen = Value(rawValue: text) else {
            let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
            fail([key], .badValue(key: key, reason: "\"\(text)\" is not one of \(known)"))
            return nil
        }
        return chosen
    }

    /// Tags as `"a;b"` or `["a", "b"]` (`tagged`, `watch_tags`).
    private mutating func tagged(_ value: TOMLValueConvertible, key: String) -> [String]? {
        if let text = value.string { return SettingRules.tags(text) }
        guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
            fail([key], .wrongType(key: key, expected: "a string or an array of strings", found: Self.describe(value)))
            return nil
        }
        return array.compactMap(\.string).flatMap(SettingRules.tags)
    }

    /// An integer setting within `range` (`page_size`, `max_width`).
    private mutating func integer(_ value: TOMLValueConvertible, key: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = value.int else {
            fail([key], .wrongType(key: key, expected: "an integer", found: Self.describe(value)))
            return nil
        }
        guard range.contains(number) else {
            fail([key], .badValue(key: key, reason: "must be between \(range.lowerBound) and \(range.upperBound), not \(number)"))
            return nil
        }
        return number
    }

    private mutating func storeMaxMB(_ value: TOMLValueConvertible) -> Int? {
        guard let megabytes = value.int else {
            fail(["store_max_mb"], .wrongType(key: "store_max_mb", expected: "an integer (megabytes)", found: Self.describe(value)))
            return nil
        }
        guard SettingRules.storeMaxMBs.contains(megabytes) else {
            fail(["store_max_mb"], .badValue(key: "store_max_mb", reason: "must be between 1 and 1048576 megabytes, not \(megabytes)"))
            return nil
        }
        return megabytes
    }

    private mutating func boolean(_ value: TOMLValueConvertible, key: String) -> Bool? {
        guard let flag = value.bool else {
            fail([key], .wrongType(key: key, expected: "true or false", found: Self.describe(value)))
            return nil
        }
        return flag
    }

    // MARK: - Helpers

    /// A table's entries in the order the file writes them (TOMLKit sorts them by name).
    func ordered(_ table: TOMLTable, under parent: [String]) -> [(String, TOMLValueConvertible)] {
        Array(table).sorted { (map.line(for: parent + [$0.0]) ?? .max, $0.0) < (map.line(for: parent + [$1.0]) ?? .max, $1.0) }
    }

    mutating func string(_ value: TOMLValueConvertible, at path: [String]) -> String? {
        guard let text = value.string else {
            fail(path, .wrongType(key: path.joined(separator: "."), expected: "a string", found: Self.describe(value)))
            return nil
        }
        return text
    }

    private mutating func subtable(_ value: TOMLValueConvertible, at key: String) -> TOMLTable? {
        guard let table = value.table else {
            fail([key], .wrongType(key: key, expected: "a table ([\(key)])", found: Self.describe(value)))
            return nil
        }
        return table
    }

    mutating func fail(_ path: [String], _ kind: ConfigError.Kind) {
        errors.append(ConfigError(file: file, line: map.line(for: path), kind: kind))
    }

    /// "a string", "an integer", "an array" …: how errors name the type found.
    static func describe(_ value: TOMLValueConvertible) -> String {
        let name = value.type.description
        return ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }
}
