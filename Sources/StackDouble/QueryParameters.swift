import Foundation

/// The query parameters of one API request, with validated, typed accessors.
struct QueryParameters {
    private var values: [String: String] = [:]

    /// Parses `a=1&b=x%20y` (`+` is a space); a later repeat of a name wins.
    init(query: String) {
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The raw value, nil when absent or empty.
    func string(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Every name present, for matching recorded requests.
    var all: [String: String] { values }

    /// An integer value; throws `bad_parameter` when present but not a number.
    func int(_ name: String) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else { throw APIFailure.badParameter("\(name): \"\(text)\" is not a number") }
        return value
    }

    /// `page`, 1 or more (default 1).
    func page() throws -> Int {
        let page = try int("page") ?? 1
        guard page >= 1 else { throw APIFailure.badParameter("page: must be 1 or more") }
        return page
    }

    /// `pagesize`, 0…100 (default 30).
    func pageSize() throws -> Int {
        let size = try int("pagesize") ?? 30
        guard (0...100).contains(size) else { throw APIFailure.badParameter("pagesize: must be between 0 and 100") }
        return size
    }

    /// One of `allowed` (default `fallback`).
    func choice<Value: RawRepresentable>(_ name: String, allowed: [Value], default fallback: Value) throws -> Value
    where Value.RawValue == String {
        guard let text = string(name) else { return fallback }
        guard let value = allowed.first(where: { $0.rawValue == text.lowercased() }) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw APIFailure.badParameter("\(name): \"\(text)\" is not one of \(names)")
        }
        return value
    }

    /// `true`/`false` (nil when absent).
    func bool(_ name: String) throws -> Bool? {
        guard let text = string(name)?.lowercased() else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw APIFailure.badParameter("\(name): \"\(text)\" is not true or false")
        }
    }

    /// A unix date (seconds) as a Date.
    func date(_ name: String) throws -> Date? {
        try int(name).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// `a;b;c` → `["a", "b", "c"]` (empty when absent).
    func list(_ name: String) -> [String] {
        (string(name) ?? "").split(separator: ";").map { String($0) }.filter { !$0.isEmpty }
    }

    /// Parses a path segment of `;`-separated ids (1…100 of them).
    static func ids(_ segment: String) throws -> [Int] {
        let parts = segment.split(separator: ";", omittingEmptySubsequences: true)
        let ids = parts.compactMap { Int($0) }
        guard !ids.isEmpty, ids.count == parts.count, ids.count <= 100 else {
            throw APIFailure.badParameter("ids: \"\(segment)\" is not a ;-separated list of 1 to 100 numbers")
        }
        return ids
    }
}
