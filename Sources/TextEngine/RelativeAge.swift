import Foundation

/// Short relative ages for list columns: "now", "5m", "3h", "2d", "4mo", "3y"; `?` for an unknown date.
public enum RelativeAge {
    /// The age of `date` as seen at `now`, 3 columns wide for ages under a century.
    public static func short(_ date: Date?, now: Date) -> String {
        guard let seconds = seconds(from: date, to: now) else { return UnknownValue.mark }
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h"
        case ..<(86_400 * 31): return "\(seconds / 86_400)d"
        case ..<(86_400 * 365): return "\(seconds / (86_400 * 30))mo"
        default: return "\(seconds / (86_400 * 365))y"
        }
    }

    /// A longer form for the question view: "3 days ago", "2 years ago".
    public static func long(_ date: Date?, now: Date) -> String {
        guard let seconds = seconds(from: date, to: now) else { return UnknownValue.mark }
        func plural(_ n: Int, _ unit: String) -> String { Plural.count(n, unit) + " ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return plural(seconds / 60, "minute")
        case ..<86_400: return plural(seconds / 3600, "hour")
        case ..<(86_400 * 31): return plural(seconds / 86_400, "day")
        case ..<(86_400 * 365): return plural(seconds / (86_400 * 30), "month")
        default: return plural(seconds / (86_400 * 365), "year")
        }
    }

    /// Whole seconds from `date` to `now`, 0 for a date in the future, nil for an unknown date.
    /// Any pair of `Date`s converts without trapping (the span is clamped to a million years).
    private static func seconds(from date: Date?, to now: Date) -> Int? {
        guard let date else { return nil }
        let span = now.timeIntervalSince(date)
        guard !span.isNaN else { return nil }
        return Int(min(max(span, 0), 86_400 * 365 * 1_000_000))
    }
}
