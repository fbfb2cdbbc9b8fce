import Foundation

/// The instant that the ages on screen ("3h", "5y") are measured against: the real time, or — a test seam, read only
/// for this — a fixed instant named by `STACKTERM_NOW` (ISO 8601, e.g. `2036-12-06` or `2036-12-06T12:00:00Z`), so
/// an end-to-end test can show the same ages whatever day it runs. Freshness, backoffs and everything else the store
/// and the retrieval layer time keep the real clock.
public struct DisplayClock: Sendable {
    /// The environment variable of the test seam.
    public static let environmentVariable = "STACKTERM_NOW"

    /// The fixed instant, if any; nil: the real time.
    public let fixed: Date?

    /// The real clock.
    public static let real = DisplayClock(fixed: nil)

    /// The clock ages are measured against now.
    public var now: Date { fixed ?? Date() }

    /// The clock `environment` names (`STACKTERM_NOW`), or the real one when it names none; a value that is no date
    /// is reported through `warn` and the real clock is used.
    public static func from(environment: [String: String], warn: (String) -> Void) -> DisplayClock {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .real }
        guard let date = parse(text) else {
            warn("stackterm: \(environmentVariable)=\(text.prefix(40)) is no ISO 8601 date (e.g. 2036-12-06): "
                 + "ages are measured against the real clock")
            return .real
        }
        return DisplayClock(fixed: date)
    }

    /// A date (`2036-12-06`, midnight UTC) or a date and time (`2036-12-06T12:00:00Z`).
    static func parse(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }
}
