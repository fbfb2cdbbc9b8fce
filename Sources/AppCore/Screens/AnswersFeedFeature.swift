import StackAPI

/// The latest answers feed: its rows and the titles of their questions.
public struct AnswersFeedState: Hashable, Sendable {
    public var rows = PagedList<Answer>()
    /// Question titles by question id (answers carry none).
    public var titles: [Int: String] = [:]
    /// The loads of titles a page's answers need and the question ids each asks for, until they answer.
    public var titleLoads: [LoadToken: Set<Int>] = [:]

    public init(titles: [Int: String] = [:]) {
        self.titles = titles
    }
}

extension AnswersFeedState: PagedScreen {
    /// `/answers` on the site every screen loads from.
    func pageLoad(_ context: ScreenContext) -> PagedList<Answer>.LoadEffect {
        let site = context.site, pageSize = context.home.pageSize
        return { token, page, priority, reload in
            .load(token, .answersFeed(site: site, page: page, pageSize: pageSize, priority: priority, reload: reload))
        }
    }

    var screen: ScreenState { .answersFeed(self) }
    var kind: ScreenKind { .answersFeed }
    var loadTokens: [LoadToken] { [rows.pending?.token].compactMap { $0 } + titleLoads.keys.sorted { $0.raw < $1.raw } }
    var commandsActedOn: Set<Command> { [.open, .toggleAnswersFeed, .reload, .openInBrowser, .copyLink] }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        AnswersFeedFeature.command(command, &self, context)
    }

    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? {
        switch result {
        case .answersFeed(let page): return AnswersFeedFeature.loaded(token, page, &self, context)
        case .questionTitles(let questions):
            AnswersFeedFeature.titlesLoaded(token, questions, &self)
            return Outcome()
        default: return nil
        }
    }
}

/// The answers feed's reducer.
enum AnswersFeedFeature {
    static func command(_ command: Command, _ feed: inout AnswersFeedState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        if feed.listCommand(command, context, &out) { return out }
        switch command {
        case .open:
            guard let answer = feed.rows.selected(&out) else { return out }
            out.navigation = [.openQuestion(id: answer.questionID, focus: answer.answerID)]
        case .toggleAnswersFeed:
            out.navigation = [.pop]
        case .openInBrowser, .copyLink:
            let url = feed.rows.selectedItem.map { SiteLinks.answer($0, site: context.site) }
            return Reducer.linkCommand(command, url: url)
        default:
            break
        }
        return out
    }

    /// A page arrived; titles neither the lists nor earlier pages gave, nor a load on its way asks for, are asked for
    /// (before the page's own effects).
    static func loaded(_ token: LoadToken, _ result: Result<Page<Answer>, APIError>, _ feed: inout AnswersFeedState,
                       _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        let isCurrent = feed.rows.pending?.token == token
        let before = context.status.message
        feed.pageLoaded(token, result, noun: "answers", context, &out)
        guard isCurrent, case .success(let page) = result else { return out }
        out.noteUnknownValues(page.items.unknownValueCount, "answers", before: before, context)
        let asked = feed.titleLoads.values.reduce(into: Set<Int>()) { $0.formUnion($1) }
        let missing = Set(page.items.map(\.questionID).filter { feed.titles[$0] == nil }).subtracting(asked)
        guard !missing.isEmpty else { return out }
        let titles = out.makeToken(context)
        feed.titleLoads[titles] = missing
        out.effects.insert(.load(titles, .questionTitles(ids: missing.sorted(), site: context.site)), at: 0)
        return out
    }

    /// Titles the feed asked for (`token`) arrived; without them it shows "question #ID".
    static func titlesLoaded(_ token: LoadToken, _ result: Result<[Question], APIError>, _ feed: inout AnswersFeedState) {
        guard feed.titleLoads.removeValue(forKey: token) != nil, case .success(let questions) = result else { return }
        for question in questions { feed.titles[question.questionID] = question.title }
    }
}
