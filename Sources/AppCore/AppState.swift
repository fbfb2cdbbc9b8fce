import StackAPI

/// Identifies one load; a result whose token is no longer current is dropped.
public struct LoadToken: Hashable, Sendable, CustomStringConvertible {
    public let raw: Int
    public init(_ raw: Int) { self.raw = raw }
    public var description: String { "#\(raw)" }
}

/// Terminal size in cells.
public struct Viewport: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Rows left for content between the header line and the status line.
    public var contentRows: Int { max(1, rows - 2) }

    /// Rows a list shows items in: the content rows under its column header.
    public var listRows: Int { max(1, contentRows - 1) }
}

/// A load in flight and whether its loading indicator is showing yet (only after 150 ms).
public struct PendingLoad: Hashable, Sendable {
    public var token: LoadToken
    public var page: Int
    /// A list's background prefetch is never followed by another without a key press.
    public var priority: LoadPriority = .userInitiated
    public var indicatorVisible = false
    /// `r`: what arrives replaces what is shown (a list's rows, a thread), which stays on screen until then.
    public var replacesItems = false
}

/// Why a paged list has no more rows to load.
public enum ListEnd: Hashable, Sendable {
    /// The API said `has_more: false`.
    case noMore
    /// Page 26 would need an API key.
    case pageLimit
    /// A page brought no item not already shown (the server repeated itself, whatever `has_more` said).
    case repeated
}

/// The status line: quota and the last message.
///
/// A message belongs to the screen and the action that made it, and goes with them (`StatusState.commandStarts`,
/// `actionEnded`, called by the root reducer only): an `.info` message is gone at the next command, any message is
/// gone once the screen that was on top when it was made no longer is (pushed over or popped), and a `.loadError`
/// stays through commands until its load is retried or replaced (`clearLoadError`). A `.pause` countdown lasts as
/// long as the pause, and `notice` stays until the next key press whatever the screen.
public struct StatusState: Hashable, Sendable {
    public var quotaRemaining: Int?
    public var quotaMax: Int?
    public var message: String?
    public var kind = StatusKind.info
    /// The message is an error (shown as one).
    public var isError: Bool { kind == .error || kind == .loadError }
    /// Shown beside `message` until the next key press (`Action.notice`): a config error outlives the errors it causes.
    public var notice: String?
    /// Methods paused by the API that a load waits for; their countdown is the message while it lasts.
    public var pauses: [APIPause] = []
    /// The screen on top when the message was made; nil while the action that made it is being reduced.
    var madeOn: TopOfStack?
    public init() {}

    /// Shows `message` as made by the action being reduced.
    mutating func show(_ message: String, _ kind: StatusKind) {
        self.message = message
        self.kind = kind
        madeOn = nil
    }

    /// Clears the message (a `notice` stays).
    mutating func clear() {
        message = nil
        kind = .info
        madeOn = nil
    }

    /// A command starts: an information message an earlier action left is old news.
    mutating func commandStarts() {
        if message != nil, madeOn != nil, kind == .info { clear() }
    }

    /// The action ends with `top` on top: a message it made belongs to that screen; an earlier one made on a screen
    /// that is no longer on top goes (a pause's countdown stays while the pause lasts).
    mutating func actionEnded(top: TopOfStack) {
        guard message != nil else { return }
        if madeOn == nil {
            madeOn = top
        } else if madeOn != top, kind != .pause {
            clear()
        }
    }
}

/// What the status line's message is.
public enum StatusKind: Hashable, Sendable {
    /// News about what was just done; gone at the next command.
    case info
    /// An error that stays until its screen leaves the top or another message replaces it (a browser or clipboard
    /// failure).
    case error
    /// A failed load's error, which a later successful load, or the retry, also clears.
    case loadError
    /// The countdown of a method the API paused; it lasts as long as the pause.
    case pause
}

/// The screen on top, as far as a status message cares: where it is on the stack and what it shows. Every push or
/// pop changes it (a pop-and-push in one action puts another kind of screen on top).
struct TopOfStack: Hashable, Sendable {
    var depth: Int
    var kind: ScreenKind
}

/// What every screen shares: the terminal's size, the keys, the status line, load tokens and the settings the
/// first list started from (its site, page size and key).
public struct SharedState: Hashable, Sendable {
    /// The settings of the list at the bottom of the stack when it was made (a site switch makes a new one).
    public var home: BrowseSettings
    public var viewport: Viewport
    public var keymap: Keymap
    public var status = StatusState()
    /// Searches on this site, oldest first: the store's from earlier runs, then this session's.
    public var searchHistory: [String] = []
    /// The `math` setting: how formulas of MathJax sites are typeset (or left as TeX).
    public var mathNotation = MathNotation.unicode
    /// True while formulas show as TeX source (the `$` key flips it).
    public var showsMathSource = false
    /// What each site's API site object said about MathJax (by API site parameter), once the site list was read.
    public var sitesWithMathJax: [String: Bool] = [:]
    /// The ids of the site's saved questions (marked in lists; `m` toggles).
    public var savedIDs: Set<Int> = []
    /// In-page finds submitted this session, oldest first.
    public var findHistory: [String] = []
    /// The widest a question's text is laid out (the config's `max_width`); a wider terminal centres it.
    public var maxTextWidth = SharedState.defaultMaxTextWidth
    /// `max_width`'s default: about the width people read comfortably.
    public static let defaultMaxTextWidth = 100
    /// The answer-only link being resolved to its question, if any.
    public var answerLookup: AnswerLookup?
    /// Read marks of the site's questions, for the lists' unread / read / updated markers.
    public var readMarks = ReadMarks()
    /// Whether loads are answered by the local store (`--offline`, or the network failed); the status line says so.
    public var isOffline = false
    /// Whether only the local store is asked, by choice (`--offline`, the sample site): a retry cannot reach the
    /// network then, so none is offered. (A network that failed sets `isOffline` alone: retrying may succeed.)
    public var storeOnly = false
    /// Whether the latest-questions list listens to the live source (`live`; off with `--offline`, `--no-live`).
    public var liveEnabled = false
    /// Tags whose new questions call the reader (`watch_tags`), lowercased.
    public var watchedTags: [String] = []
    /// Watched questions that arrived live and were not opened since: counted in the window title.
    public var watchedUnopened: Set<Int> = []
    /// What the live source is doing, for the status line; nil while none runs (or it has not connected yet).
    public var liveStatus: LiveStatus?
    /// The store's read of what it remembers of the site (`loadSiteMemory`), until it answers; a site switch cancels it.
    public var siteMemoryLoad: LoadToken?
    /// Who is logged in and what they did to posts this session (votes, bookmarks, accepts).
    public var account = AccountState()
    /// The last load token handed out.
    private(set) var lastToken = 0

    public init(home: BrowseSettings, viewport: Viewport, keymap: Keymap) {
        self.home = home
        self.viewport = viewport
        self.keymap = keymap
    }

    /// The site every screen loads from.
    public var site: String { home.site }

    /// A token no earlier load had.
    public mutating func makeToken() -> LoadToken {
        lastToken += 1
        return LoadToken(lastToken)
    }

    /// Counts the `count` tokens a screen's outcome took (`Outcome.makeToken`) as handed out.
    mutating func takeTokens(_ count: Int) {
        lastToken += count
    }

    /// Asks the store what it remembers of the site; the answer is matched by the token kept in `siteMemoryLoad`.
    mutating func loadSiteMemory() -> Effect {
        let token = makeToken()
        siteMemoryLoad = token
        return .load(token, .siteMemory(site: site))
    }

    /// Shows `message` on the status line, as an error or as information (see `StatusState` for when it goes).
    public mutating func setStatus(_ message: String, isError: Bool) {
        status.show(message, isError ? .error : .info)
    }

    /// Clears the status line's message (a `notice` stays).
    public mutating func clearStatus() {
        status.clear()
    }

    /// The status line after a failed load: the error's one-line summary, unless the load was cancelled.
    mutating func report(_ error: APIError) {
        guard error.isUserVisible else { return }
        status.show(error.summary(retryKey: keyName(.reload)), .loadError)
    }

    /// How the status line names `command`'s first key in the effective keymap ("" when it has none).
    public func keyName(_ command: Command) -> String {
        keymap.keys(for: command).first?.label ?? ""
    }
}

/// An answer-only link (`…/a/ID`) waiting for the id of its question.
public struct AnswerLookup: Hashable, Sendable {
    /// The load of the answer (a result with another token is dropped).
    public var token: LoadToken
    /// The answer to open its question at.
    public var answerID: Int
}

/// Everything the program shows: the view stack (never empty; its bottom is a question list), the shared part,
/// and the prompt open over the top screen. Changed only by `Reducer.reduce`.
public struct AppState: Hashable, Sendable {
    public var shared: SharedState
    /// The screens, bottom first; the last one is showing.
    public var stack: [ScreenState]
    /// The one-line prompt (search, tags) open over the top screen.
    public var prompt: PromptState?
    public var isQuitting = false

    public init(settings: BrowseSettings, viewport: Viewport, keymap: Keymap = .standard) {
        shared = SharedState(home: settings, viewport: viewport, keymap: keymap)
        stack = [.questions(QuestionListState(settings: settings))]
    }

    public var viewport: Viewport {
        get { shared.viewport }
        set { shared.viewport = newValue }
    }
    public var keymap: Keymap { shared.keymap }
    public var status: StatusState {
        get { shared.status }
        set { shared.status = newValue }
    }
    public var searchHistory: [String] { shared.searchHistory }

    public var top: ScreenState { stack[stack.count - 1] }
    /// The top screen as a status message knows it (it changes with every push and pop).
    var topMark: TopOfStack { TopOfStack(depth: stack.count, kind: screen) }
    /// What kind of screen is showing.
    public var screen: ScreenKind { top.kind }
    /// The kinds of the screens on the stack, bottom first.
    public var screens: [ScreenKind] { stack.map(\.kind) }

    /// The question list nearest the top (the one showing, or the one under the screens opened from it).
    public var questionList: QuestionListState? {
        for case .questions(let list) in stack.reversed() { return list }
        return nil
    }
    /// The settings of `questionList`.
    public var settings: BrowseSettings { questionList?.settings ?? shared.home }
    /// The rows of `questionList`.
    public var list: PagedList<Question> { questionList?.rows ?? PagedList() }
    /// The answers feed nearest the top, if one is open.
    public var answersFeed: AnswersFeedState? {
        for case .answersFeed(let feed) in stack.reversed() { return feed }
        return nil
    }
    /// The rows of `answersFeed`.
    public var feed: PagedList<Answer> { answersFeed?.rows ?? PagedList() }
    /// The question view nearest the top, if one is open.
    public var thread: QuestionState? {
        for case .question(let thread) in stack.reversed() { return thread }
        return nil
    }
    /// The picker nearest the top, if one is open.
    public var picker: PickerState? {
        for case .picker(let picker) in stack.reversed() { return picker }
        return nil
    }
}
