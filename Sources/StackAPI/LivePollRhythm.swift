/// How often the live list polls the API while the realtime socket cannot be had, by default: within the daily quota
/// the API allows (10,000 requests with a key, 300 per address without). `live_refresh_s` overrides it.
public enum LivePollRhythm {
    /// Seconds between two polls by default: one a minute with an API key, every five minutes without.
    public static func defaultSeconds(hasKey: Bool) -> Int {
        hasKey ? 60 : 300
    }
}
