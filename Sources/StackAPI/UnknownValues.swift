/// Whether an item arrived with an impossible value where the API always sends one: a date outside `APIDate`'s
/// range, or a score or count that was null, fractional or out of range. Decoding turned each into unknown (shown as
/// `?`); the app says so once per load instead of leaving the reader to wonder.
public protocol CarriesUnknownValues {
    /// True when a field the API always sends decoded as unknown.
    var hasUnknownValues: Bool { get }
}

extension Question: CarriesUnknownValues {
    public var hasUnknownValues: Bool {
        creationDate == nil || lastActivityDate == nil || score == nil || answerCount == nil
    }
}

extension Answer: CarriesUnknownValues {
    public var hasUnknownValues: Bool { creationDate == nil || score == nil }
}

extension Comment: CarriesUnknownValues {
    public var hasUnknownValues: Bool { creationDate == nil }
}

extension Collection where Element: CarriesUnknownValues {
    /// How many of the items carry an unknown value.
    public var unknownValueCount: Int { lazy.filter(\.hasUnknownValues).count }
}
