import AppCore
import Foundation
import StackAPI
import StackAuth
import StackRetrieval
import TextEngine

/// What the command line decided: what to browse, which API host, which key.
public struct RuntimeConfiguration: Sendable {
    public var settings: BrowseSettings
    public var baseURL: URL
    /// The API key; never printed or logged.
    public var apiKey: String?
    /// The effective key bindings (defaults, or remapped by the config file).
    public var keymap: Keymap
    /// A message for the status line at start, e.g. why the config file was ignored.
    public var startupMessage: String?
    /// The colours of the roles (from the config file, else the standard theme).
    public var theme: ColorTheme
    /// The widest a question's text is laid out (`max_width`), centred on a wider terminal.
    public var maxTextWidth: Int
    /// A question (and answer) to open at start, over the list (`stackterm URL`); its site is `settings.site`.
    public var startLink: QuestionLink?
    /// Run every browser in the foreground on the terminal (`browser_in_terminal`).
    public var browserInTerminal = false
    /// Report the mouse: the wheel scrolls, a click selects, a double click opens (`mouse`, default true).
    public var mouseEnabled = true
    /// The local store's manager (nil: it could not be opened, so nothing is kept and nothing works offline).
    public var local: LocalDataManager?
    /// Why there is no local store (`local` nil), naming its path and the reason; what a load that needs it says.
    public var storeProblem: String?
    /// Whether the site's latest-questions list stays current by itself (off: `--no-live`, `live = false`,
    /// `--offline`, the sample).
    public var live = false
    /// The live socket's address; nil with live on: the API host has no socket, and the list polls it.
    public var liveURL: String?
    /// Seconds between two polls of the API while the live socket cannot be had (`live_refresh_s`).
    public var liveRefreshSeconds = LiveConfiguration.refreshSecondsWithoutKey
    /// Tags whose new questions call the reader (`watch_tags`, lowercased).
    public var watchTags: [String] = []
    /// Whether a watched question rings the terminal bell (`bell`, default true).
    public var bell = true
    /// How formulas of MathJax sites show (`math`): `source` starts with the TeX, which `$` typesets.
    public var math = MathNotation.unicode
    /// The login (`stackterm login`): its token goes with the user's writes, its name to the status line; nil when
    /// nobody is logged in.
    public var login: StoredLogin?
    /// `--offline`: no request leaves; lists, questions and search come from the local store.
    public var offline: Bool
    /// What the ages on screen are measured against (the real clock, or the `STACKTERM_NOW` test seam).
    public var clock = DisplayClock.real

    public init(settings: BrowseSettings, baseURL: URL, apiKey: String?, keymap: Keymap = .standard,
                startupMessage: String? = nil, theme: ColorTheme = .standard,
                maxTextWidth: Int = SharedState.defaultMaxTextWidth, local: LocalDataManager? = nil, offline: Bool = false) {
        self.local = local
        self.offline = offline
        self.settings = settings
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.keymap = keymap
        self.startupMessage = startupMessage
        self.theme = theme
        self.maxTextWidth = maxTextWidth
    }
}
