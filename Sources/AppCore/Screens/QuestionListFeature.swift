import Foundation
import StackAPI

/// A question list: the site's questions, search results, or a tag-filtered list, each with its own settings.
public struct QuestionListState: Hashable, Sendable {
    public var settings: BrowseSettings
    public var rows = PagedList<Question>()
    /// When the local store got the rows shown, while they are its copy and the network's page is on its way.
    public var cachedAt: Date?

    public init(settings: BrowseSettings) {
        self.settings = settings
    }

    /// The questions loaded so far.
    public var questions: [Question] { rows.items }
}

extension QuestionListState: PagedScreen {
    /// `/questions`, or `/search/advanced` when the settings carry a search.
    func pageLoad(_ shared: SharedState) -> PagedList<Question>.LoadEffect {
        { [settings] token, page, priority, reload in
            .loadQuestions(token, settings: settings, page: page, priority: priority, reload: reload)
        }
    }

    var screen: ScreenState { .questions(self) }
    var kind: Screen { .questionList }
    var commandsActedOn: Set<Command> {
        [.cycleSort, .nextUnread, .markScreenRead, .open, .toggleAnswersFeed, .reload, .openInBrowser, .copyLink, .toggleSaved]
    }

    mutating func command(_ command: Command, _ shared: inout SharedState) -> Outcome {
        QuestionListFeature.command(command, &self, &shared)
    }

    func listedQuestion(_ id: Int) -> Question? { rows.items.first { $0.questionID == id } }
}

/// The question list's reducer.
enum QuestionListFeature {
    /// Loads page 1 of a new list. Offline, a sort only the API computes becomes activity, and the status line says so.
    static func start(_ list: inout QuestionListState, _ shared: inout SharedState) -> [Effect] {
        if shared.isOffline, list.settings.needsNetwork {
            shared.setStatus("\(list.settings.sort.rawValue) needs the network: showing activity while offline", isError: false)
            list.settings.sort = .activity
        }
        return list.requestNextPage(&shared, priority: .userInitiated)
    }

    /// Drops the rows and what was loading, and loads page 1 again (in another sort, or offline in one the store computes).
    private static func restart(_ list: inout QuestionListState, _ shared: inout SharedState) -> [Effect] {
        let effects: [Effect] = list.rows.pending.map { [.cancel($0.token)] } ?? []
        list.rows = PagedList()
        list.cachedAt = nil
        return effects + start(&list, &shared)
    }

    /// The app went offline: the list, when it is sorted by what only the API computes and shows no rows of it yet
    /// (or an error), starts over in activity rather than fail at every key. Rows already shown stay.
    static func wentOffline(_ list: inout QuestionListState, _ shared: inout SharedState) -> [Effect] {
        guard list.settings.needsNetwork, list.rows.items.isEmpty || list.rows.error != nil else { return [] }
        return restart(&list, &shared)
    }

    static func command(_ command: Command, _ list: inout QuestionListState, _ shared: inout SharedState) -> Outcome {
        if command == .reload, shared.isOffline, list.settings.needsNetwork { return Outcome(restart(&list, &shared)) }
        if let effects = list.listCommand(command, &shared) { return Outcome(effects) }
        switch command {
        case .open:
            guard let question = list.rows.selected(&shared) else { return Outcome() }
            return Outcome([], [.openQuestion(id: question.questionID, focus: nil)])
        case .cycleSort:
            shared.clearStatus()
            if !list.settings.cycleSort(offline: shared.isOffline).isEmpty {
                shared.setStatus(QuestionSort.onlineOnlySkipped, isError: false)
            }
            return Outcome(restart(&list, &shared))
        case .toggleAnswersFeed:
            return Outcome([], [.openAnswersFeed])
        case .nextUnread:
            return Outcome(nextUnread(&list, &shared))
        case .markScreenRead:
            return Outcome(markScreenRead(list, &shared))
        case .toggleSaved:
            guard let question = list.rows.selected(&shared) else { return Outcome() }
            return Outcome(SavedListFeature.toggle(question.questionID, &shared))
        case .openInBrowser, .copyLink:
            let url = list.rows.selectedItem.map { SiteLinks.question($0, site: list.settings.site) }
            return Outcome(Reducer.linkCommand(command, url: url, &shared))
        default:
            return Outcome()
        }
    }

    /// Moves the cursor to the next question below it that was never read or changed since; says so when none is loaded.
    private static func nextUnread(_ list: inout QuestionListState, _ shared: inout SharedState) -> [Effect] {
        let items = list.rows.items
        guard let index = items.indices.first(where: { $0 > list.rows.selection && shared.readMarks.isUnreadOrUpdated(items[$0]) })
        else {
            shared.setStatus("No unread question below" + (list.rows.end == nil ? " yet (more load as you scroll)" : ""), isError: false)
            return []
        }
        shared.clearStatus()
        return list.select(index, &shared)
    }

    /// Marks every question on screen read, as they are now.
    private static func markScreenRead(_ list: QuestionListState, _ shared: inout SharedState) -> [Effect] {
        let rows = list.rows
        let shown = rows.items.dropFirst(rows.scrollOffset).prefix(shared.viewport.listRows)
        var marks: [Int: ReadState] = [:]
        for question in shown where shared.readMarks.isUnreadOrUpdated(question) { marks[question.questionID] = ReadState(question) }
        shared.setStatus(marks.isEmpty ? "Nothing new on screen" : "Marked \(marks.count) read", isError: false)
        guard !marks.isEmpty else { return [] }
        shared.readMarks.byQuestion.merge(marks) { _, new in new }
        return [.markRead(site: shared.site, marks)]
    }

    static func loaded(_ token: LoadToken, _ result: Result<Page<Question>, APIError>, _ list: inout QuestionListState,
                       _ shared: inout SharedState) -> [Effect] {
        let isCurrent = list.rows.pending?.token == token
        if isCurrent, case .success = result { list.cachedAt = nil }
        let before = shared.status.message
        var effects = list.pageLoaded(token, result, noun: "questions", &shared)
        if isCurrent, case .success(let page) = result {
            shared.noteUnknownValues(page.items.unknownValueCount, "questions", before: before)
            effects += list.rows.askReadMarks(page.items, &shared)
        }
        return effects
    }

    /// The store's copy of page 1 paints at once while the network loads it; the network's page then replaces it,
    /// the cursor staying on the same question.
    static func cachedLoaded(_ token: LoadToken, _ questions: [Question], fetchedAt: Date, _ list: inout QuestionListState,
                             _ shared: inout SharedState) -> [Effect] {
        guard list.rows.showCached(token, questions, rows: shared.viewport.listRows) else { return [] }
        list.cachedAt = fetchedAt
        return list.rows.askReadMarks(questions, &shared)
    }
}
