import StackAPI

/// A question list: the site's questions, search results, or a tag-filtered list, each with its own settings.
public struct QuestionListState: Hashable, Sendable {
    public var settings: BrowseSettings
    public var rows = PagedList<Question>()

    public init(settings: BrowseSettings) {
        self.settings = settings
    }

    /// The questions loaded so far.
    public var questions: [Question] { rows.items }
}

/// The question list's reducer.
enum QuestionListFeature {
    /// Loads page 1 of a new list.
    static func start(_ list: inout QuestionListState, _ shared: inout SharedState) -> [Effect] {
        list.rows.requestNextPage(&shared, priority: .userInitiated, loader(list.settings))
    }

    static func command(_ command: Command, _ list: inout QuestionListState, _ shared: inout SharedState) -> Outcome {
        if let effects = list.rows.move(command, &shared, loader(list.settings)) { return Outcome(effects) }
        switch command {
        case .open:
            guard let question = list.rows.selectedItem else {
                shared.setStatus(list.rows.nothingSelected, isError: false)
                return Outcome()
            }
            return Outcome([], [.openQuestion(id: question.questionID, focus: nil)])
        case .reload:
            return Outcome(list.rows.reload(&shared, fresh: true, loader(list.settings)))
        case .cycleSort:
            list.settings.cycleSort()
            let effects: [Effect] = list.rows.pending.map { [.cancel($0.token)] } ?? []
            list.rows = PagedList()
            shared.clearStatus()
            return Outcome(effects + start(&list, &shared))
        case .toggleAnswersFeed:
            return Outcome([], [.openAnswersFeed])
        case .openInBrowser, .copyLink:
            let url = list.rows.selectedItem.map { SiteLinks.question($0, site: list.settings.site) }
            return Outcome(Reducer.linkCommand(command, url: url, &shared))
        default:
            return Outcome()
        }
    }

    static func loaded(_ token: LoadToken, _ result: Result<Page<Question>, APIError>, _ list: inout QuestionListState,
                       _ shared: inout SharedState) -> [Effect] {
        list.rows.pageLoaded(token, result, noun: "questions", &shared, loader(list.settings))
    }

    /// `/questions`, or `/search/advanced` when the settings carry a search.
    static func loader(_ settings: BrowseSettings) -> PagedList<Question>.LoadEffect {
        { token, page, priority, reload in
            .loadQuestions(token, settings: settings, page: page, priority: priority, reload: reload)
        }
    }
}
