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
    /// `r`: the page replaces the list's rows when it arrives; until then the old rows stay on screen.
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
public struct StatusState: Hashable, Sendable {
    public var quotaRemaining: Int?
    public var quotaMax: Int?
    public var message: String?
    public var kind = StatusKind.info
    /// The message is an error (shown as one).
    public var isError: Bool { kind != .info }
    /// Shown beside `message` until the next key press (`Action.notice`): a config error outlives the errors it causes.
    public var notice: String?
    /// Methods paused by the API that a load waits for; their countdown is the message while it lasts.
    public var pauses: [APIPause] = []
    public init() {}
}

/// What the status line's message is.
public enum StatusKind: Hashable, Sendable {
    case info
    /// An error that stays until a key or another message replaces it (a browser or clipboard failure).
    case error
    /// A failed load's error, which a later successful load also clears.
    case loadError
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
    private var lastToken = 0

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

    public mutating func setStatus(_ message: String, isError: Bool) {
        status.message = message
        status.kind = isError ? .error : .info
    }

    /// Clears the status line's message (a `notice` stays).
    public mutating func clearStatus() {
        status.message = nil
        status.kind = .info
    }

    /// After a load whose `count` `noun` carried impossible values (shown as `?`): says so, unless the load already
    /// left a message of its own (`before` is the message the load found).
    mutating func noteUnknownValues(_ count: Int, _ noun: String, before: String?) {
        guard count > 0, status.message == before else { return }
        let what = count == 1 ? "1 \(noun.dropLast())" : "\(count) \(noun)"
        setStatus("The server sent impossible dates or numbers in \(what): shown as ?", isError: false)
    }

    /// The status line after a failed load: the error's one-line summary, unless the load was cancelled.
    mutating func report(_ error: APIError) {
        guard error.isUserVisible else { return }
        status.message = error.summary(retryKey: keyName(.reload))
        status.kind = .loadError
    }

    /// After a successful load: clears the error an earlier load left, and only that.
    mutating func clearLoadError() {
        if status.kind == .loadError { clearStatus() }
    }

    /// Esc cancelled a load: says so and how to retry (with the effective reload key).
    mutating func noteCancelled() {
        let key = keyName(.reload)
        setStatus(key.isEmpty ? "Load cancelled" : "Load cancelled — press \(key) to retry", isError: false)
    }

    mutating func noteQuota(_ remaining: Int?, _ max: Int?) {
        if let remaining { status.quotaRemaining = remaining }
        if let max { status.quotaMax = max }
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
    /// What kind of screen is showing.
    public var screen: Screen { top.kind }
    /// The kinds of the screens on the stack, bottom first.
    public var screens: [Screen] { stack.map(\.kind) }

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
    public var thread: ThreadState? {
        for case .question(let thread) in stack.reversed() { return thread }
        return nil
    }
    /// The picker nearest the top, if one is open.
    public var picker: PickerState? {
        for case .picker(let picker) in stack.reversed() { return picker }
        return nil
    }
}
