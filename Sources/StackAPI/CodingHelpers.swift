import Foundation

// Shared decoding and encoding rules for the models: unix-second dates, HTML-escaped short texts,
// and fields the API leaves out when they are empty or zero.
//
// Numbers are range-checked here, field by field: a date outside `APIDate.secondsRange`, a fractional
// or too-large integer, or one outside the field's range (a negative count) decodes as unknown (nil)
// and the rest of the item still decodes. `null` for a count is unknown too, while an absent count is
// the API's way of saying 0. A value of the wrong JSON type (a string for a number) is still an error
// naming its coding path: that is not the API's schema at all.

extension KeyedDecodingContainer {
    /// A date sent as unix seconds; nil when absent, null or not a plausible date (see `APIDate`).
    func decodeUnixDateIfPresent(forKey key: Key) throws -> Date? {
        try decodeNumber(Double.self, forKey: key).flatMap(APIDate.date(fromUnixSeconds:))
    }

    /// A whole number in `range`: `absent` when the key is missing, nil (unknown) when it is null,
    /// fractional, too large for `Int` or outside `range`.
    func decodeInteger(forKey key: Key, in range: ClosedRange<Int>, absent: Int? = nil) throws -> Int? {
        guard contains(key) else { return absent }
        return try decodeNumber(Int.self, forKey: key).flatMap { range.contains($0) ? $0 : nil }
    }

    /// A count the API omits when it is zero: 0 when absent, nil (unknown) when null, negative or not a whole `Int`.
    func decodeCount(forKey key: Key) throws -> Int? {
        try decodeInteger(forKey: key, in: 0...Int.max, absent: 0)
    }

    /// A count sent only with some filters: nil when absent, null, negative or not a whole `Int`.
    func decodeCountIfPresent(forKey key: Key) throws -> Int? {
        try decodeInteger(forKey: key, in: 0...Int.max)
    }

    /// A score, which may be negative: 0 when absent, nil (unknown) when null or not a whole `Int`.
    func decodeScore(forKey key: Key) throws -> Int? {
        try decodeInteger(forKey: key, in: Int.min...Int.max, absent: 0)
    }

    /// An optional id (accepted answer, user): nil when absent, null, not positive or not a whole `Int`.
    func decodeIDIfPresent(forKey key: Key) throws -> Int? {
        try decodeInteger(forKey: key, in: 1...Int.max)
    }

    /// A rate or duration in `0...limit`: `absent` when the key is missing, nil (unknown) when null or outside.
    func decodeNonNegative(forKey key: Key, upTo limit: Double = .greatestFiniteMagnitude, absent: Double? = nil) throws -> Double? {
        guard contains(key) else { return absent }
        return try decodeNumber(Double.self, forKey: key).flatMap { (0...limit).contains($0) ? $0 : nil }
    }

    /// The number at `key` as `Value`, or nil when absent, null or not representable (1.5 or 1e20 as an `Int`,
    /// 1e400 as a `Double`). Foundation's decoder reports those with its own error type (or `dataCorrupted`);
    /// a value of another JSON type is still thrown as `typeMismatch`.
    private func decodeNumber<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch let error as DecodingError {
            guard case .dataCorrupted = error else { throw error }
            return nil
        } catch {
            return nil
        }
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
    /// Writes a date as whole unix seconds, as the API sends it; leaves out an unknown or implausible date.
    mutating func encodeUnixDateIfPresent(_ date: Date?, forKey key: Key) throws {
        try encodeIfPresent(date.flatMap(APIDate.unixSeconds), forKey: key)
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
}
