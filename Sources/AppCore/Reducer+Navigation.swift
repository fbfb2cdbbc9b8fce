import StackAPI

extension Reducer {
    // MARK: Back

    /// `h`/Left (and Esc with nothing loading) pop the top screen; on the first screen they do nothing and say
    /// so, and `q` (`quitAtRoot`) quits.
    static func back(_ state: inout AppState, quitAtRoot: Bool) -> [Effect] {
        if quitAtRoot, state.top.feature.standsForFirstScreen { return quit(&state) }
        if state.stack.count > 1 { return pop(&state) }
        if quitAtRoot { return quit(&state) }
        let quitKey = state.shared.keyName(.backOrQuit)
        let hint = quitKey.isEmpty ? "Already on the first screen" : "Already on the first screen — \(quitKey) quits"
        state.shared.setStatus(hint, isError: false)
        return []
    }

    /// Esc: cancels the top screen's loads, keeping what it shows; nil when it is loading nothing.
    static func cancelLoads(_ state: inout AppState) -> [Effect]? {
        updateFeature(state.stack.count - 1, &state) { $0.cancelLoads($1) }
    }

    // MARK: Push and pop

    static func push(_ screen: ScreenState, _ state: inout AppState) -> [Effect] {
        state.stack.append(screen)
        return []
    }

    /// Closes the top screen (never the first), cancelling what it was loading; the screen under it shows as it was.
    /// A message made on the closed screen goes with it (`StatusState.actionEnded`).
    static func pop(_ state: inout AppState) -> [Effect] {
        guard state.stack.count > 1 else { return [] }
        return state.stack.removeLast().loadTokens.map { .cancel($0) }
    }

    static func navigate(_ step: Navigation, _ state: inout AppState) -> [Effect] {
        switch step {
        case .pop:
            return pop(&state)
        case .retryBelow:
            return pop(&state) + handle(.reload, &state)
        case .openWaysForward(let reason):
            var ways = WaysForwardState(site: state.shared.site, reason: reason)
            let effects = run(&ways, &state) { WaysForwardFeature.start(&$0, $1) }
            return push(.waysForward(ways), &state) + effects
        case let .openQuestion(id, focus):
            var thread = QuestionState(questionID: id, summary: summary(of: id, state))
            let effects = run(&thread, &state) { QuestionFeature.open(focus: focus, &$0, $1) }
            return push(.question(thread), &state) + effects
        case .openAnswersFeed:
            var titles: [Int: String] = [:]
            for case .questions(let list) in state.stack {
                for question in list.rows.items { titles[question.questionID] = question.title }
            }
            var feed = AnswersFeedState(titles: titles)
            let effects = run(&feed, &state) { $0.start($1) }
            return push(.answersFeed(feed), &state) + effects
        case let .openTagPicker(tags, purpose):
            let watched = purpose == .watch ? state.shared.watchedTags : []
            let entries = tags.map { PickerState.Entry(value: $0, label: watched.contains($0.lowercased()) ? $0 + " · watched" : $0) }
            return push(.picker(PickerState(purpose: purpose, entries: entries)), &state)
        case .openLinkPicker(let picker):
            return push(.links(picker), &state)
        case let .openQuestionLink(questionID?, answerID):
            return navigate(.openQuestion(id: questionID, focus: answerID), &state)
        case let .openQuestionLink(nil, answerID?):
            let token = state.shared.makeToken()
            state.shared.answerLookup = AnswerLookup(token: token, answerID: answerID)
            state.shared.setStatus("Looking up answer \(answerID)…", isError: false)
            return [.load(token, .answerQuestion(answerID: answerID, site: state.shared.site))]
        case .openQuestionLink(nil, nil):
            return []
        case .browse(let change):
            return browse(change, &state)
        case .keepInbox(var inbox):
            // Its page loads went with the old stack; what it shows stays (r loads it again).
            _ = inbox.rows.load.giveUp()
            return push(.inbox(inbox), &state)
        }
    }

    /// The question of an answer-only link arrived: open it at that answer (unless another lookup replaced this one).
    static func answerQuestionLoaded(_ token: LoadToken, _ result: Result<Int, APIError>, _ state: inout AppState) -> [Effect] {
        guard let lookup = state.shared.answerLookup, lookup.token == token else { return [] }
        state.shared.answerLookup = nil
        switch result {
        case .success(let questionID):
            state.shared.clearStatus()
            return navigate(.openQuestion(id: questionID, focus: lookup.answerID), &state)
        case .failure(let error):
            state.shared.report(error)
            return []
        }
    }

    /// The question as a list on the stack has it (with its body when the list page carried bodies), if any.
    private static func summary(of id: Int, _ state: AppState) -> Question? {
        state.stack.reversed().lazy.compactMap { $0.feature.listedQuestion(id) }.first
    }

    // MARK: Lists by search, tags and site

    /// Pushes a list with the nearest list's settings changed; settings equal to the first list's pop back to it,
    /// as it was. Another site starts the stack over.
    static func browse(_ change: BrowseChange, _ state: inout AppState) -> [Effect] {
        var settings = state.settings
        switch change {
        case .search(let query): settings.searchQuery = query
        case .tags(let tags): settings.tagged = tags
        case .tag(let tag):
            settings.tagged = [tag]
            settings.searchQuery = nil
        case .site(let site):
            return switchSite(site, &state)
        }
        // A new search starts by relevance; a list without a search keeps no search sort, so it can match the first list.
        if case .search = change { settings.searchSort = .relevance }
        if settings.searchQuery == nil { settings.searchSort = state.shared.home.searchSort }
        if case .questions(let list) = state.top, list.settings == settings {
            // Esc cancelled its first page: asked again, it loads rather than saying it is showing an empty list.
            if list.rows.items.isEmpty, list.rows.pending == nil {
                return updateTop(.questions, &state) { list, context in QuestionListFeature.start(&list, context) }
            }
            state.shared.setStatus(unchanged(change), isError: false)
            return []
        }
        if case .questions(let root) = state.stack[0], root.settings == settings {
            var effects: [Effect] = []
            while state.stack.count > 1 { effects += pop(&state) }
            return effects
        }
        var list = QuestionListState(settings: settings)
        let effects = run(&list, &state) { QuestionListFeature.start(&$0, $1) }
        return push(.questions(list), &state) + effects
    }

    /// Why a prompt or picker left the list showing as it was.
    private static func unchanged(_ change: BrowseChange) -> String {
        switch change {
        case .search(nil): "No search to clear"
        case .search(let query?): "Already showing the search “\(query)”"
        case .tags([]): "No tag filter to clear"
        case .tags(let tags): "Already filtered by [\(tags.joined(separator: ";"))]"
        case .tag(let tag): "Already filtered by [\(tag)]"
        case .site(let site): "Already on \(site)"
        }
    }

    /// A new site: every screen belongs to the old one, so the stack starts over with the site's question list.
    private static func switchSite(_ site: String, _ state: inout AppState) -> [Effect] {
        var effects = (state.stack.flatMap(\.loadTokens) + [state.shared.siteMemoryLoad].compactMap { $0 }).map { Effect.cancel($0) }
        var settings = state.shared.home
        if case .questions(let root) = state.stack[0] { settings.sort = root.settings.sort }
        settings.site = site
        settings.searchQuery = nil
        settings.tagged = []
        state.shared.home = settings
        state.shared.readMarks = ReadMarks()
        state.shared.searchHistory = []
        state.shared.savedIDs = []
        var list = QuestionListState(settings: settings)
        state.shared.clearStatus()
        effects += run(&list, &state) { QuestionListFeature.start(&$0, $1) }
        effects.append(state.shared.loadSiteMemory())
        state.stack = [.questions(list)]
        return effects
    }
}
