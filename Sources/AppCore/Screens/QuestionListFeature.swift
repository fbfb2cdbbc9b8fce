import Foundation
import StackAPI

/// A question list: the site's questions, search results, or a tag-filtered list, each with its own settings.
public struct QuestionListState: Hashable, Sendable {
    public var settings: BrowseSettings
    public var rows = PagedList<Question>()
    /// When the local store got the rows shown, while they are its copy and the network's page is on its way.
    public var cachedAt: Date?
    /// Questions the live source brought that wait for `.` (`QuestionListFeature+Live`).
    public var live = LiveArrivals()

    public init(settings: BrowseSettings) {
        self.settings = settings
    }

    /// The questions loaded so far.
    public var questions: [Question] { rows.items }
}

extension QuestionListState: PagedScreen {
    /// `/questions`, or `/search/advanced` when the settings carry a search.
    func pageLoad(_ context: ScreenContext) -> PagedList<Question>.LoadEffect {
        { [settings] token, page, priority, reload in
            .load(token, .questions(settings: settings, page: page, priority: priority, reload: reload))
        }
    }

    var screen: ScreenState { .questions(self) }
    var kind: ScreenKind { .questionList }
    var commandsActedOn: Set<Command> {
        [.cycleSort, .nextUnread, .markScreenRead, .showLive, .watchTag, .open, .toggleAnswersFeed, .reload, .openInBrowser, .copyLink, .toggleSaved,
         .toggleBookmark]
    }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        QuestionListFeature.command(command, &self, context)
    }

    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? {
        switch result {
        case .questions(let page): QuestionListFeature.loaded(token, page, &self, context)
        case let .cachedQuestions(questions, fetchedAt): QuestionListFeature.cachedLoaded(token, questions, fetchedAt: fetchedAt, &self, context)
        case .readMarks(let marks): rows.readMarksLoaded(token, marks)
        default: nil
        }
    }

    func listedQuestion(_ id: Int) -> Question? { rows.items.first { $0.questionID == id } }
}

/// The question list's reducer.
enum QuestionListFeature {
    /// Loads page 1 of a new list. Offline, a sort only the API computes becomes activity, and the status line says so.
    static func start(_ list: inout QuestionListState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        start(&list, context, &out)
        return out
    }

    private static func start(_ list: inout QuestionListState, _ context: ScreenContext, _ out: inout Outcome) {
        if context.isOffline, list.settings.needsNetwork {
            out.setStatus("\(list.settings.sort.rawValue) needs the network: showing activity while offline", isError: false)
            list.settings.sort = .activity
        }
        list.requestNextPage(context, &out, priority: .userInitiated)
    }

    /// Drops the rows and what was loading for them (the page, their read marks), and loads page 1 again (in another
    /// sort, or offline in one the store computes).
    private static func restart(_ list: inout QuestionListState, _ context: ScreenContext, _ out: inout Outcome) {
        out.effects += list.loadTokens.map { .cancel($0) }
        list.rows = PagedList()
        list.cachedAt = nil
        list.live = LiveArrivals()
        start(&list, context, &out)
    }

    /// The app went offline: the list, when it is sorted by what only the API computes and shows no rows of it yet
    /// (or an error), starts over in activity rather than fail at every key. Rows already shown stay.
    static func wentOffline(_ list: inout QuestionListState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard list.settings.needsNetwork, list.rows.items.isEmpty || list.rows.error != nil else { return out }
        restart(&list, context, &out)
        return out
    }

    static func command(_ command: Command, _ list: inout QuestionListState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        if command == .reload, context.isOffline, list.settings.needsNetwork {
            restart(&list, context, &out)
            return out
        }
        if list.listCommand(command, context, &out) { return out }
        switch command {
        case .open:
            guard let question = list.rows.selected(&out) else { return out }
            out.navigation = [.openQuestion(id: question.questionID, focus: nil)]
        case .cycleSort:
            out.clearStatus()
            if !list.settings.cycleSort(offline: context.isOffline).isEmpty {
                out.setStatus(QuestionSort.onlineOnlySkipped, isError: false)
            }
            restart(&list, context, &out)
        case .toggleAnswersFeed:
            out.navigation = [.openAnswersFeed]
        case .nextUnread:
            nextUnread(&list, context, &out)
        case .markScreenRead:
            markScreenRead(list, context, &out)
        case .showLive:
            showLive(&list, context, &out)
        case .watchTag:
            guard let question = list.rows.selected(&out) else { return out }
            return WatchedTags.command(question.tags, context)
        case .toggleSaved:
            guard let question = list.rows.selected(&out) else { return out }
            SavedListFeature.toggle(question.questionID, context, &out)
        case .toggleBookmark:
            guard let question = list.rows.selected(&out) else { return out }
            let bookmarked = context.account.marks(of: question.questionID, site: context.site).bookmarked
            return PostWrites.bookmark(question.questionID, bookmarked: bookmarked, context)
        case .openInBrowser, .copyLink:
            let url = list.rows.selectedItem.map { SiteLinks.question($0, site: list.settings.site) }
            return Reducer.linkCommand(command, url: url)
        default:
            break
        }
        return out
    }

    /// Moves the cursor to the next question below it that was never read or changed since; says so when none is loaded.
    private static func nextUnread(_ list: inout QuestionListState, _ context: ScreenContext, _ out: inout Outcome) {
        let items = list.rows.items
        guard let index = items.indices.first(where: { $0 > list.rows.selection && context.readMarks.isUnreadOrUpdated(items[$0]) })
        else {
            out.setStatus("No unread question below" + (list.rows.end == nil ? " yet (more load as you scroll)" : ""), isError: false)
            return
        }
        out.clearStatus()
        list.rows.select(index, context, &out, list.pageLoad(context))
    }

    /// Marks every question on screen read, as they are now.
    private static func markScreenRead(_ list: QuestionListState, _ context: ScreenContext, _ out: inout Outcome) {
        let rows = list.rows
        let shown = rows.items.dropFirst(rows.scrollOffset).prefix(context.viewport.listRows)
        var marks: [Int: ReadState] = [:]
        for question in shown where context.readMarks.isUnreadOrUpdated(question) { marks[question.questionID] = ReadState(question) }
        out.setStatus(marks.isEmpty ? "Nothing new on screen" : "Marked \(marks.count) read", isError: false)
        guard !marks.isEmpty else { return }
        out.readMarks.merge(marks) { _, new in new }
        out.effects.append(.remember(.readMarks(site: context.site, marks)))
    }

    static func loaded(_ token: LoadToken, _ result: Result<Page<Question>, APIError>, _ list: inout QuestionListState,
                       _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        let isCurrent = list.rows.pending?.token == token
        let firstPage = list.rows.pending?.page == 1
        if isCurrent, case .success = result {
            list.cachedAt = nil
            // Page 1 from the network holds what had arrived live until now.
            if firstPage { list.live = LiveArrivals() }
        }
        let before = context.status.message
        list.pageLoaded(token, result, noun: "questions", context, &out)
        if isCurrent, case .success(let page) = result {
            out.noteUnknownValues(page.items.unknownValueCount, "questions", before: before, context)
            list.rows.askReadMarks(page.items, context, &out)
        }
        // The site's plain list can come from nowhere (no network, nothing of it in the store): the ways forward. (A
        // sort only the network computes is restarted in activity from the store instead, `wentOffline`.)
        if isCurrent, firstPage, case .failure(let error) = result, error.isUnreachable, list.rows.items.isEmpty,
           list.settings.searchQuery == nil, list.settings.tagged.isEmpty, !QuestionSort.onlineOnly.contains(list.settings.sort) {
            out.navigation.append(.openWaysForward(reason: error.summary(retryKey: nil)))
        }
        return out
    }

    /// The store's copy of page 1 paints at once while the network loads it; the network's page then replaces it,
    /// the cursor staying on the same question — or, when it never left the first row, on the new first row.
    static func cachedLoaded(_ token: LoadToken, _ questions: [Question], fetchedAt: Date, _ list: inout QuestionListState,
                             _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard list.rows.showCached(token, questions, rows: context.viewport.listRows) else { return out }
        list.cachedAt = fetchedAt
        list.rows.askReadMarks(questions, context, &out)
        return out
    }
}
