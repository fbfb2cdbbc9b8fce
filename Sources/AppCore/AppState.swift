import StackAPI

/// Identifies one load; a result whose token is no longer current is dropped.
public struct LoadToken: Hashable, Sendable, CustomStringConvertible {
    public let raw: Int
    public init(_ raw: Int) { self.raw = raw }
    public var description: String { "#\(raw)" }
}

/// What the question list shows: site, sort, tags, an optional search, page size.
public struct BrowseSettings: Hashable, Sendable {
    public var site: String
    public var sort: QuestionSort
    public var tagged: [String]
    /// Set when the list shows search results (`/search/advanced`) instead of `/questions`.
    public var searchQuery: String?
    public var pageSize: Int
    /// Whether an API key is configured (pages past 25 need one).
    public var hasAPIKey: Bool

    public init(site: String, sort: QuestionSort = .activity, tagged: [String] = [], searchQuery: String? = nil,
                pageSize: Int = 50, hasAPIKey: Bool = false) {
        self.site = site
        self.sort = sort
        self.tagged = tagged
        self.searchQuery = searchQuery
        self.pageSize = pageSize
        self.hasAPIKey = hasAPIKey
    }
}

/// The screens on the navigation stack.
public enum Screen: Hashable, Sendable {
    case questionList
    case answersFeed
    case question(id: Int)
    case picker
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
    /// A list's background prefetch is never followed by another without a key press.
    public var priority: LoadPriority = .userInitiated
    public var indicatorVisible = false
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

/// A paged, scrollable list of items with a cursor: the question list and the answers feed.
public struct PagedList<Item: Hashable & Sendable & Identifiable>: Hashable, Sendable where Item.ID == Int {
    public var items: [Item] = []
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

    /// The selected item, if any.
    public var selectedItem: Item? {
        items.indices.contains(selection) ? items[selection] : nil
    }
}

/// The question list's state.
public typealias QuestionListState = PagedList<Question>

extension PagedList where Item == Question {
    /// The questions loaded so far.
    public var questions: [Question] { items }
    /// The selected question, if any.
    public var selectedQuestion: Question? { selectedItem }
}

/// The question view's data: the list's summary at once, then the full thread, comments on demand.
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
    /// First line of each post in the rendered document (question and answers), by post id.
    public var anchors: [Int: Int] = [:]
    /// Scroll to this answer once the thread is laid out (opened from the answers feed).
    public var focusAnswerID: Int?
    public var showComments = false
    /// Comments by post id, once loaded.
    public var comments: [Int: [Comment]]?
    public var commentsPending: LoadToken?

    public init(questionID: Int, summary: Question?) {
        self.questionID = questionID
        self.summary = summary
    }

    /// The id of the post at the top of the view: the last post starting at or above the scroll position.
    public var postInView: Int? {
        anchors.filter { $0.value <= scroll }.max { $0.value < $1.value }?.key
    }
}

/// A one-line prompt at the bottom of the screen (search or tag filter) and its editor.
public struct PromptState: Hashable, Sendable {
    /// What the prompt is for.
    public enum Purpose: Hashable, Sendable {
        case search
        case tags
    }
    public var purpose: Purpose
    public var editor: LineEditor

    public init(purpose: Purpose, editor: LineEditor) {
        self.purpose = purpose
        self.editor = editor
    }

    /// The label shown before the text.
    public var label: String {
        switch purpose {
        case .search: "Search: "
        case .tags: "Tags (a;b, empty clears): "
        }
    }
}

/// A list to choose one entry from, narrowed by typing: sites, or a question's tags.
public struct PickerState: Hashable, Sendable {
    /// What choosing an entry does.
    public enum Purpose: Hashable, Sendable {
        case site
        case tag
    }
    /// One choice: the value used and the label shown.
    public struct Entry: Hashable, Sendable {
        public var value: String
        public var label: String
        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }
    public var purpose: Purpose
    public var entries: [Entry] = []
    public var filter = ""
    public var selection = 0
    public var pending: PendingLoad?
    public var error: APIError?

    public init(purpose: Purpose, entries: [Entry] = []) {
        self.purpose = purpose
        self.entries = entries
    }

    /// Entries whose label or value contains every word of the filter, case-insensitively.
    public var visibleEntries: [Entry] {
        let words = filter.lowercased().split(separator: " ")
        guard !words.isEmpty else { return entries }
        return entries.filter { entry in
            let haystack = (entry.label + " " + entry.value).lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
    }

    /// The title of the picker screen.
    public var title: String {
        switch purpose {
        case .site: "Switch site — type to filter, Enter to choose"
        case .tag: "Filter by tag — Enter to choose"
        }
    }
}

/// The status line: quota and the last message.
public struct StatusState: Hashable, Sendable {
    public var quotaRemaining: Int?
    public var quotaMax: Int?
    public var message: String?
    public var isError = false
    /// Methods paused by the API that a load waits for; their countdown is the message while it lasts.
    public var pauses: [APIPause] = []
    public init() {}
}

/// Everything the screens show; changed only by `Reducer.reduce`.
public struct AppState: Hashable, Sendable {
    public var settings: BrowseSettings
    public var keymap: Keymap
    public var screens: [Screen] = [.questionList]
    public var list = QuestionListState()
    public var feed = PagedList<Answer>()
    /// Question titles for the answers feed, by question id.
    public var feedTitles: [Int: String] = [:]
    public var thread: ThreadState?
    public var prompt: PromptState?
    public var picker: PickerState?
    public var status = StatusState()
    public var viewport: Viewport
    /// First visible line of the help screen.
    public var helpScroll = 0
    /// Searches submitted this session, oldest first.
    public var searchHistory: [String] = []
    public var isQuitting = false
    private var lastToken = 0

    public init(settings: BrowseSettings, viewport: Viewport, keymap: Keymap = .standard) {
        self.settings = settings
        self.viewport = viewport
        self.keymap = keymap
    }

    /// The screen on top of the stack.
    public var screen: Screen { screens.last ?? .questionList }

    /// A fresh token for a new load.
    public mutating func makeToken() -> LoadToken {
        lastToken += 1
        return LoadToken(lastToken)
    }
}
