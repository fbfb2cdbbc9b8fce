import Foundation

/// Short relative ages for list columns: "now", "5m", "3h", "2d", "4mo", "3y".
public enum RelativeAge {
    /// The age of `date` as seen at `now`, at most 3 columns wide.
    public static func short(_ date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
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
    public static func long(_ date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        func plural(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return plural(seconds / 60, "minute")
        case ..<86_400: return plural(seconds / 3600, "hour")
        case ..<(86_400 * 31): return plural(seconds / 86_400, "day")
        case ..<(86_400 * 365): return plural(seconds / (86_400 * 30), "month")
        default: return plural(seconds / (86_400 * 365), "year")
        }
    }
}
