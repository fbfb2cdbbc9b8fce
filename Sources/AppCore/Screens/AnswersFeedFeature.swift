import StackAPI

/// The latest answers feed: its rows and the titles of their questions.
public struct AnswersFeedState: Hashable, Sendable {
    public var rows = PagedList<Answer>()
    /// Question titles by question id (answers carry none).
    public var titles: [Int: String] = [:]

    public init(titles: [Int: String] = [:]) {
        self.titles = titles
    }
}

extension AnswersFeedState: PagedScreen {
    /// `/answers` on the site every screen loads from.
    func pageLoad(_ shared: SharedState) -> PagedList<Answer>.LoadEffect {
        let site = shared.site, pageSize = shared.home.pageSize
        return { token, page, priority, reload in
            .loadAnswersFeed(token, site: site, page: page, pageSize: pageSize, priority: priority, reload: reload)
        }
    }

    var screen: ScreenState { .answersFeed(self) }
    var kind: Screen { .answersFeed }
    var commandsActedOn: Set<Command> { [.open, .toggleAnswersFeed, .reload, .openInBrowser, .copyLink] }

    mutating func command(_ command: Command, _ shared: inout SharedState) -> Outcome {
        AnswersFeedFeature.command(command, &self, &shared)
    }
}

/// The answers feed's reducer.
enum AnswersFeedFeature {
    static func start(_ feed: inout AnswersFeedState, _ shared: inout SharedState) -> [Effect] {
        feed.requestNextPage(&shared, priority: .userInitiated)
    }

    static func command(_ command: Command, _ feed: inout AnswersFeedState, _ shared: inout SharedState) -> Outcome {
        if let effects = feed.listCommand(command, &shared) { return Outcome(effects) }
        switch command {
        case .open:
            guard let answer = feed.rows.selected(&shared) else { return Outcome() }
            return Outcome([], [.openQuestion(id: answer.questionID, focus: answer.answerID)])
        case .toggleAnswersFeed:
            return Outcome([], [.pop])
        case .openInBrowser, .copyLink:
            let url = feed.rows.selectedItem.map { SiteLinks.answer($0, site: shared.site) }
            return Outcome(Reducer.linkCommand(command, url: url, &shared))
        default:
            return Outcome()
        }
    }

    /// A page arrived; titles neither the lists nor earlier pages gave are asked for.
    static func loaded(_ token: LoadToken, _ result: Result<Page<Answer>, APIError>, _ feed: inout AnswersFeedState,
                       _ shared: inout SharedState) -> [Effect] {
        let isCurrent = feed.rows.pending?.token == token
        let before = shared.status.message
        let effects = feed.pageLoaded(token, result, noun: "answers", &shared)
        guard isCurrent, case .success(let page) = result else { return effects }
        shared.noteUnknownValues(page.items.unknownValueCount, "answers", before: before)
        let missing = Array(Set(page.items.map(\.questionID).filter { feed.titles[$0] == nil })).sorted()
        guard !missing.isEmpty else { return effects }
        return [.loadQuestionTitles(shared.makeToken(), ids: missing, site: shared.site)] + effects
    }

    static func titlesLoaded(_ questions: [Question], _ feed: inout AnswersFeedState) {
        for question in questions { feed.titles[question.questionID] = question.title }
    }
}
