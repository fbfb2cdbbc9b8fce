import StackAPI

/// Identifies one load; a result whose token is no longer current is dropped.
public struct LoadToken: Hashable, Sendable, CustomStringConvertible {
    public let raw: Int
    public init(_ raw: Int) { self.raw = raw }
    public var description: String { "#\(raw)" }
}

/// What the user chose to browse: site, sort, tags, page size.
public struct BrowseSettings: Hashable, Sendable {
    public var site: String
    public var sort: QuestionSort
    public var tagged: [String]
    public var pageSize: Int
    /// Whether an API key is configured (pages past 25 need one).
    public var hasAPIKey: Bool

    public init(site: String, sort: QuestionSort = .activity, tagged: [String] = [], pageSize: Int = 50, hasAPIKey: Bool = false) {
        self.site = site
        self.sort = sort
        self.tagged = tagged
        self.pageSize = pageSize
        self.hasAPIKey = hasAPIKey
    }
}

/// The screens on the navigation stack.
public enum Screen: Hashable, Sendable {
    case questionList
    case question(id: Int)
    case help
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
}

/// A load in flight and whether its loading indicator is showing yet (only after 150 ms).
public struct PendingLoad: Hashable, Sendable {
    public var token: LoadToken
    public var page: Int
    public var indicatorVisible = false
}

/// Why the question list has no more rows to load.
public enum ListEnd: Hashable, Sendable {
    /// The API said `has_more: false`.
    case noMore
    /// Page 26 would need an API key.
    case pageLimit
}

/// The question list screen's data and cursor.
public struct QuestionListState: Hashable, Sendable {
    public var questions: [Question] = []
    public var loadedIDs: Set<Int> = []
    /// The next page to request.
    public var nextPage = 1
    public var pending: PendingLoad?
    public var end: ListEnd?
    public var error: APIError?
    public var selection = 0
    /// The first visible row.
    public var scrollOffset = 0

    public init() {}

    /// The selected question, if any.
    public var selectedQuestion: Question? {
        questions.indices.contains(selection) ? questions[selection] : nil
    }
}

/// The question view's data: the list's summary at once, then the full thread.
public struct ThreadState: Hashable, Sendable {
    public var questionID: Int
    public var summary: Question?
    public var thread: QuestionThread?
    public var pending: PendingLoad?
    public var error: APIError?
    /// First visible line of the rendered document.
    public var scroll = 0
    /// Lines the rendered document has at the current width (reported by the renderer).
    public var contentLines = 0

    public init(questionID: Int, summary: Question?) {
        self.questionID = questionID
        self.summary = summary
    }
}

/// The status line: quota and the last message.
public struct StatusState: Hashable, Sendable {
    public var quotaRemaining: Int?
    public var quotaMax: Int?
    public var message: String?
    public var isError = false
    public init() {}
}

/// Everything the screens show; changed only by `reduce`.
public struct AppState: Hashable, Sendable {
    public var settings: BrowseSettings
    public var screens: [Screen] = [.questionList]
    public var list = QuestionListState()
    public var thread: ThreadState?
    public var status = StatusState()
    public var viewport: Viewport
    public var isQuitting = false
    private var lastToken = 0

    public init(settings: BrowseSettings, viewport: Viewport) {
        self.settings = settings
        self.viewport = viewport
    }

    /// The screen on top of the stack.
    public var screen: Screen { screens.last ?? .questionList }

    /// A fresh token for a new load.
    public mutating func makeToken() -> LoadToken {
        lastToken += 1
        return LoadToken(lastToken)
    }
}
