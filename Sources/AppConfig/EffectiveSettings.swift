import AppCore
import Foundation
import StackAPI
import TextEngine

/// The flags given on the command line, nil where absent.
public typealias CommandLineSettings = PartialSettings

/// What the program runs with: each setting from the first of command-line flag, environment
/// (`STACKTERM_API_KEY` and `STACKTERM_CLIENT_ID` only), config file, built-in default.
public struct EffectiveSettings: Equatable, Sendable {
    /// The site's API parameter.
    public var site: String
    public var sort: QuestionSort
    /// Tags every listed question has.
    public var tagged: [String]
    /// Questions per request in the browser.
    public var pageSize: Int
    /// The API key; never printed or logged.
    public var apiKey: String?
    public var apiBaseURL: URL
    /// The widest a question's text is laid out (`max_width`, default 100).
    public var maxWidth: Int
    /// The local store's size limit in megabytes (`store_max_mb`).
    public var storeMaxMB: Int
    /// Run every browser in the foreground on the terminal (`browser_in_terminal`, default false).
    public var browserInTerminal: Bool
    /// Report the mouse (`mouse`, default true).
    public var mouse: Bool
    /// Whether the latest list follows new activity by itself (`live`, default true; `--no-live` turns it off, and
    /// `--live-url` on).
    public var live: Bool
    /// The live socket's address, nil when live is off or there is none: `--live-url` or `live_url` name it; the
    /// default is Stack Exchange's socket, but only for Stack Exchange's API (an `api_base_url` of another host has
    /// no socket unless one is named, and live then polls that API).
    public var liveURL: String?
    /// Seconds between two polls of the API while the live socket cannot be had (`live_refresh_s`; default 60 with
    /// an API key, 300 without).
    public var liveRefreshSeconds: Int
    /// Tags whose new questions call the reader (`watch_tags`, lowercased; default none).
    public var watchTags: [String]
    /// Ring the bell for a watched question (`bell`, default true).
    public var bell: Bool
    /// How formulas of MathJax sites show (`math`, default `unicode`).
    public var math: MathNotation
    /// The Stack Apps application's Client Id for `stackterm login` (`--client-id`, `STACKTERM_CLIENT_ID`,
    /// `client_id`); nil when none is set.
    public var clientID: String?
    /// The login dialog's address (`--auth-url`, `auth_url`); nil for Stack Exchange's own.
    public var authURL: URL?
    /// The key bindings: the defaults with the config file's remaps.
    public var keymap: Keymap
    /// The colours: the standard theme with the config file's colours.
    public var theme: ColorTheme
    /// False when `NO_COLOR` is set to anything but the empty string, whatever the config says.
    public var colorsEnabled: Bool

    /// Resolves every setting from `commandLine`, `environment` and `config`, in that order of precedence.
    public init(commandLine: CommandLineSettings, environment: [String: String], config: ConfigFile) {
        let file = config.settings
        site = commandLine.site ?? file.site ?? SettingRules.defaultSite
        sort = commandLine.sort ?? file.sort ?? .activity
        tagged = commandLine.tagged ?? file.tagged ?? []
        pageSize = commandLine.pageSize ?? file.pageSize ?? SettingRules.defaultPageSize
        apiKey = commandLine.apiKey ?? SettingRules.environmentAPIKey(environment) ?? file.apiKey
        apiBaseURL = commandLine.apiBaseURL ?? file.apiBaseURL ?? RequestFactory.stackExchangeBaseURL
        maxWidth = commandLine.maxWidth ?? file.maxWidth ?? SharedState.defaultMaxTextWidth
        storeMaxMB = file.storeMaxMB ?? SettingRules.defaultStoreMaxMB
        browserInTerminal = file.browserInTerminal ?? false
        mouse = file.mouse ?? true
        let namedSocket = commandLine.liveURL ?? file.liveURL
        live = commandLine.live ?? (commandLine.liveURL != nil ? true : nil) ?? file.live ?? true
        let defaultSocket = apiBaseURL == RequestFactory.stackExchangeBaseURL ? LiveMessage.socketURL : nil
        liveURL = live ? namedSocket ?? defaultSocket : nil
        liveRefreshSeconds = file.liveRefreshSeconds ?? SettingRules.defaultLiveRefreshSeconds(hasKey: apiKey != nil)
        watchTags = (file.watchTags ?? []).map { $0.lowercased() }
        bell = file.bell ?? true
        math = file.math ?? .unicode
        clientID = commandLine.clientID ?? SettingRules.environmentClientID(environment) ?? file.clientID
        authURL = commandLine.authURL ?? file.authURL
        keymap = config.keymap()
        theme = config.theme
        colorsEnabled = !Self.noColor(environment)
    }

    /// True when `NO_COLOR` is present and not empty (no-color.org).
    public static func noColor(_ environment: [String: String]) -> Bool {
        guard let value = environment["NO_COLOR"] else { return false }
        return !value.isEmpty
    }
}
