import StackAPI

/// The latest answers feed: its rows and the titles of their questions.
public struct AnswersFeedState: Hashable, Sendable {
    public var rows = PagedList<Answer>()
    /// Question titles by question id (answers carry none).
    public var titles: [Int: String] = [:]
    /// The loads of titles a page's answers need, until they answer.
    public var titleLoads: Set<LoadToken> = []

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
    var loadTokens: [LoadToken] { [rows.pending?.token].compactMap { $0 } + titleLoads.sorted { $0.raw < $1.raw } }
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
        let titles = shared.makeToken()
        feed.titleLoads.insert(titles)
        return [.loadQuestionTitles(titles, ids: missing, site: shared.site)] + effects
    }

    /// Titles the feed asked for (`token`) arrived; without them it shows "question #ID".
    static func titlesLoaded(_ token: LoadToken, _ result: Result<[Question], APIError>, _ feed: inout AnswersFeedState) {
        guard feed.titleLoads.remove(token) != nil, case .success(let questions) = result else { return }
        for question in questions { feed.titles[question.questionID] = question.title }
    }
}
