import AppCore
import Foundation
import Rendering
import StackAPI
import TOMLKit

/// Reads a config file's TOML text into a `ConfigFile`, or explains the first problem with its line.
public enum ConfigParser {
    /// Parses `text`; `file` names it in errors (e.g. `config.toml`). Throws the problem on the earliest line.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> ConfigFile {
        if let line = badTableHeaderLine(in: text) {
            throw ConfigError(file: file, line: line, kind: .syntax("a table name must start with a letter, digit, - or _, or a quote"))
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, kind: .syntax(error.description))
        } catch {
            throw ConfigError(file: file, line: nil, kind: .syntax(String(describing: error)))
        }
        var reader = ConfigReader(file: file, map: ConfigSourceMap(text))
        let config = reader.read(table)
        if let first = reader.errors.min(by: { ($0.line ?? .max) < ($1.line ?? .max) }) { throw first }
        return config
    }

    /// The first line holding a table header whose name starts with anything but a bare-key character
    /// (A-Z a-z 0-9 - _) or a quote — `[é]`, `[[ \u{0F}x]]`, `[!]`, a `[` ending its line — or nil. TOMLKit's
    /// toml++ asserts on those instead of reporting an error (an abort, found by fuzzing), so they never reach it.
    /// Such a line inside a multi-line string or array is refused too; no setting needs one.
    static func badTableHeaderLine(in text: String) -> Int? {
        var number = 0
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var scalars = line.drop { $0 == " " || $0 == "\t" }
            guard scalars.first == "[" else { continue }
            scalars = scalars.dropFirst()
            if scalars.first == "[" { scalars = scalars.dropFirst() }
            guard let first = scalars.first(where: { $0 != " " && $0 != "\t" }) else { return number }
            let startsName = ("a"..."z").contains(first) || ("A"..."Z").contains(first)
                || ("0"..."9").contains(first) || first == "-" || first == "_" || first == "\"" || first == "'"
            if !startsName { return number }
        }
        return nil
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
            case "tagged": config.settings.tagged = tagged(value)
            case "page_size": config.settings.pageSize = pageSize(value)
            case "api_key": config.settings.apiKey = string(value, at: [key]).flatMap { $0.isEmpty ? nil : $0 }
            case "api_base_url": config.settings.apiBaseURL = baseURL(value)
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
        guard let text = string(value, at: ["site"]) else { return nil }
        guard SettingRules.isValidSite(text) else {
            fail(["site"], .badValue(key: "site", reason: "\"\(text)\" is not an API site parameter such as stackoverflow"))
            return nil
        }
        return text
    }

    private mutating func sort(_ value: TOMLValueConvertible) -> QuestionSort? {
        guard let text = string(value, at: ["sort"]) else { return nil }
        guard let sort = QuestionSort(rawValue: text) else {
            let known = QuestionSort.allCases.map(\.rawValue).joined(separator: ", ")
            fail(["sort"], .badValue(key: "sort", reason: "\"\(text)\" is not one of \(known)"))
            return nil
        }
        return sort
    }

    private mutating func tagged(_ value: TOMLValueConvertible) -> [String]? {
        if let text = value.string { return SettingRules.tags(text) }
        guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
            fail(["tagged"], .wrongType(key: "tagged", expected: "a string or an array of strings", found: Self.describe(value)))
            return nil
        }
        return array.compactMap(\.string).flatMap(SettingRules.tags)
    }

    private mutating func pageSize(_ value: TOMLValueConvertible) -> Int? {
        guard let size = value.int else {
            fail(["page_size"], .wrongType(key: "page_size", expected: "an integer", found: Self.describe(value)))
            return nil
        }
        guard SettingRules.pageSizes.contains(size) else {
            fail(["page_size"], .badValue(key: "page_size", reason: "must be between 1 and 100, not \(size)"))
            return nil
        }
        return size
    }

    private mutating func baseURL(_ value: TOMLValueConvertible) -> URL? {
        guard let text = string(value, at: ["api_base_url"]) else { return nil }
        guard let url = SettingRules.baseURL(text) else {
            fail(["api_base_url"], .badValue(key: "api_base_url", reason: "\"\(text)\" is not an http(s) URL such as https://api.stackexchange.com/2.3"))
            return nil
        }
        return url
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
