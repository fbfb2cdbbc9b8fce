import AppCore
import Foundation
import StackAPI
import TextEngine

/// Settings each of which may be absent (a flag not given, a key not written in the config file).
public struct PartialSettings: Equatable, Sendable {
    /// `site` / `--site`: the site's API parameter.
    public var site: String?
    /// `sort` / `--sort`: the question list's order (default `activity`).
    public var sort: QuestionSort?
    /// `tagged` / `--tagged`: tags all questions must have.
    public var tagged: [String]?
    /// `page_size` / `--page-size`: questions per request (1–100).
    public var pageSize: Int?
    /// `api_key` / `--api-key`: the API key (never printed).
    public var apiKey: String?
    /// `api_base_url` / `--api-base-url`: the API root (default `https://api.stackexchange.com/2.3`).
    public var apiBaseURL: URL?
    /// `max_width`: the widest a question's text is laid out (20–1000).
    public var maxWidth: Int?
    /// `browser_in_terminal`: run every browser in the foreground on the terminal (as `w3m`, `lynx`… always are).
    public var browserInTerminal: Bool?
    /// `mouse`: report the mouse (wheel, click, double click); false leaves it to the terminal.
    public var mouse: Bool?
    /// `live` / `--no-live`: the latest-questions list listens to Stack Exchange's realtime socket (default true).
    public var live: Bool?
    /// `live_url` / `--live-url`: the socket's address (`ws://` or `wss://`; given, it turns live on).
    public var liveURL: String?
    /// `live_refresh_s`: seconds between two polls of the API while the live socket cannot be had.
    public var liveRefreshSeconds: Int?
    /// `watch_tags`: tags whose new questions (arriving live) ring the bell, notify and count in the window title.
    public var watchTags: [String]?
    /// `bell`: ring the terminal bell for a watched question (default true).
    public var bell: Bool?
    /// `math`: how formulas of MathJax sites show (`unicode`, `ascii` or `source`; default `unicode`).
    public var math: MathNotation?

    /// `store_max_mb`: the local store's size limit in megabytes (config file only).
    public var storeMaxMB: Int?
    /// `client_id` / `--client-id`: the Stack Apps application's Client Id, for `stackterm login`.
    public var clientID: String?
    /// `auth_url` / `--auth-url`: the login dialog's address (default Stack Exchange's own).
    public var authURL: URL?

    /// Settings as given; leave out the absent ones.
    public init(site: String? = nil, sort: QuestionSort? = nil, tagged: [String]? = nil, pageSize: Int? = nil,
                apiKey: String? = nil, apiBaseURL: URL? = nil, maxWidth: Int? = nil, storeMaxMB: Int? = nil) {
        self.site = site
        self.sort = sort
        self.tagged = tagged
        self.pageSize = pageSize
        self.apiKey = apiKey
        self.apiBaseURL = apiBaseURL
        self.maxWidth = maxWidth
        self.storeMaxMB = storeMaxMB
    }
}

/// What a config file says: its settings (absent means "use the default"), colours and key remaps.
public struct ConfigFile: Equatable, Sendable {
    public var settings: PartialSettings
    /// `[colors]`: colour roles given another colour.
    public var colors: [CellColor: TerminalColor]
    /// `[keys]`: commands given other keys (replacing their defaults).
    public var keys: [Command: [Key]]

    /// A config with the given parts; the empty config means "all defaults".
    public init(settings: PartialSettings = PartialSettings(), colors: [CellColor: TerminalColor] = [:],
                keys: [Command: [Key]] = [:]) {
        self.settings = settings
        self.colors = colors
        self.keys = keys
    }

    /// The top-level keys a config file may set, besides the `[colors]` and `[keys]` tables.
    public static let topLevelKeys = ["site", "sort", "tagged", "page_size", "api_key", "api_base_url", "max_width", "store_max_mb", "browser_in_terminal", "mouse", "live", "live_url", "live_refresh_s", "watch_tags", "bell", "math", "client_id", "auth_url"]
    /// The names of the colour roles `[colors]` may set.
    public static let colorRoleNames = CellColor.allCases.map(\.name)

    /// The keymap: `base` with this file's remaps (see `Keymap.remapped`).
    public func keymap(base: Keymap = .standard) -> Keymap {
        base.remapped(keys)
    }

    /// The colour theme: the standard one with this file's colours.
    public var theme: ColorTheme {
        ColorTheme(overrides: colors)
    }
}
