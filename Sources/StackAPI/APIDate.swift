import Foundation

/// The dates the models believe: whole unix seconds from 2000-01-01 to 9999-12-31 (UTC).
///
/// Every date the API sends lies in this range, and ISO 8601 writes all of it with four-digit years.
/// A date outside it, a fractional or non-finite one, decodes as unknown (nil) instead of trapping later
/// in an `Int` conversion or printing the year 506713.
public enum APIDate {
    /// 2000-01-01T00:00:00Z ... 9999-12-31T23:59:59Z as unix seconds.
    public static let secondsRange: ClosedRange<Int64> = 946_684_800...253_402_300_799

    /// The date `seconds` after the epoch, or nil when it is not a whole number of seconds in `secondsRange`.
    public static func date(fromUnixSeconds seconds: Double) -> Date? {
        guard let whole = Int64(exactly: seconds), secondsRange.contains(whole) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Whole unix seconds of `date` (rounded down), or nil when it lies outside `secondsRange`.
    public static func unixSeconds(_ date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard let whole = Int64(exactly: seconds), secondsRange.contains(whole) else { return nil }
        return whole
    }

    /// Whole unix seconds of `date`, moved into `secondsRange` when it lies outside (for request parameters).
    public static func clampedUnixSeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970
        guard !seconds.isNaN else { return secondsRange.lowerBound }
        if seconds <= Double(secondsRange.lowerBound) { return secondsRange.lowerBound }
        if seconds >= Double(secondsRange.upperBound) { return secondsRange.upperBound }
        return Int64(seconds.rounded(.down))
    }
}
