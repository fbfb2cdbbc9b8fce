import Foundation
import StackAPI

/// What counts as a valid value for each setting, shared by the command line and the config file.
public enum SettingRules {
    public static let defaultSite = "stackoverflow"
    /// The default number of questions per request in the browser.
    public static let defaultPageSize = 50
    /// Allowed `page_size` / `--page-size` values (the API's limit).
    public static let pageSizes = 1...100
    /// Allowed `max_width` values: the widest a question's text is laid out.
    public static let maxWidths = 20...1000
    public static let defaultStoreMaxMB = 1024
    /// Allowed `store_max_mb` values: 1 MB to 1 TB.
    public static let storeMaxMBs = 1...1_048_576
    /// Allowed `live_refresh_s` values: a second to a day.
    public static let liveRefreshSeconds = 1...86_400

    /// `live_refresh_s`'s default (`LivePollRhythm`): a poll a minute with an API key, every five minutes without.
    public static func defaultLiveRefreshSeconds(hasKey: Bool) -> Int {
        LivePollRhythm.defaultSeconds(hasKey: hasKey)
    }

    /// Whether `site` looks like an API site parameter (letters, digits, `.` and `-`), e.g. `stackoverflow`.
    public static func isValidSite(_ site: String) -> Bool {
        !site.isEmpty && site.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-".contains($0)) }
    }

    /// The API root `text` names, when it is an http(s) URL with a host.
    public static func baseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// Whether `text` is a socket address the live source can use: `ws://` or `wss://` with a host.
    public static func isLiveURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["ws", "wss"].contains(scheme),
              let host = url.host, !host.isEmpty else { return false }
        return true
    }

    /// Tags from `"a;b"`: split at `;`, trimmed, empty ones dropped.
    public static func tags(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The API key from the environment (`STACKTERM_API_KEY`), when set and not empty.
    public static func environmentAPIKey(_ environment: [String: String]) -> String? {
        environment["STACKTERM_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The application's Client Id from the environment (`STACKTERM_CLIENT_ID`), when set and not empty.
    public static func environmentClientID(_ environment: [String: String]) -> String? {
        environment["STACKTERM_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The login dialog's address `text` names (`auth_url`, `--auth-url`): an http(s) URL with a host, no `#`.
    public static func authURL(_ text: String) -> URL? {
        guard let url = baseURL(text), url.fragment == nil, url.user == nil else { return nil }
        return url
    }
}
