import Foundation

// Shared decoding and encoding rules for the models: unix-second dates, HTML-escaped short texts,
// and fields the API leaves out when they are empty or zero.

extension KeyedDecodingContainer {
    /// A date sent as unix seconds.
    func decodeUnixDate(forKey key: Key) throws -> Date {
        Date(timeIntervalSince1970: try decode(Double.self, forKey: key))
    }

    /// A date sent as unix seconds, or nil when absent or null.
    func decodeUnixDateIfPresent(forKey key: Key) throws -> Date? {
        try decodeIfPresent(Double.self, forKey: key).map(Date.init(timeIntervalSince1970:))
    }

    /// An HTML-escaped text (title, name, tag), decoded exactly once.
    func decodeEscaped(forKey key: Key) throws -> String {
        HTMLEntities.decode(try decode(String.self, forKey: key))
    }

    /// An HTML-escaped text, decoded exactly once, or nil when absent or null.
    func decodeEscapedIfPresent(forKey key: Key) throws -> String? {
        try decodeIfPresent(String.self, forKey: key).map(HTMLEntities.decode)
    }

    /// A list of HTML-escaped tags; the API omits an empty list.
    func decodeEscapedTags(forKey key: Key) throws -> [String] {
        (try decodeIfPresent([String].self, forKey: key) ?? []).map(HTMLEntities.decode)
    }

    /// A value the API omits when it equals `fallback` (zero counts, `false` flags).
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key, default fallback: Value) throws -> Value {
        try decodeIfPresent(type, forKey: key) ?? fallback
    }
}

extension KeyedEncodingContainer {
    /// Writes a date as whole unix seconds, as the API sends it.
    mutating func encodeUnixDate(_ date: Date, forKey key: Key) throws {
        try encode(unixSeconds(date), forKey: key)
    }

    /// Writes a date as whole unix seconds when present.
    mutating func encodeUnixDateIfPresent(_ date: Date?, forKey key: Key) throws {
        try encodeIfPresent(date.map(unixSeconds), forKey: key)
    }

    /// Writes a text HTML-escaped again, as the API sends it.
    mutating func encodeEscaped(_ text: String, forKey key: Key) throws {
        try encode(HTMLEntities.escape(text), forKey: key)
    }

    /// Writes a text HTML-escaped again when present.
    mutating func encodeEscapedIfPresent(_ text: String?, forKey key: Key) throws {
        try encodeIfPresent(text.map(HTMLEntities.escape), forKey: key)
    }

    /// Writes tags HTML-escaped again.
    mutating func encodeEscapedTags(_ tags: [String], forKey key: Key) throws {
        try encode(tags.map(HTMLEntities.escape), forKey: key)
    }

    private func unixSeconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
