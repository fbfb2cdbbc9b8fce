import StackAPI

/// The two paged lists: questions (or search results) and the latest answers feed.
enum ListKind: Hashable, Sendable {
    case questions
    case feed

    /// What the list holds, for messages.
    var noun: String { self == .questions ? "questions" : "answers" }
}

extension Reducer {
    // MARK: Cursor

    static func select(_ kind: ListKind, _ index: Int, _ state: inout AppState) -> [Effect] {
        switch kind {
        case .questions: moveCursor(&state.list, to: index)
        case .feed: moveCursor(&state.feed, to: index)
        }
        keepSelectionVisible(kind, &state)
        return prefetchIfNeeded(&state)
    }

    private static func moveCursor<Item>(_ list: inout PagedList<Item>, to index: Int) {
        list.selection = list.items.isEmpty ? 0 : min(max(index, 0), list.items.count - 1)
    }

    static func keepSelectionVisible(_ kind: ListKind, _ state: inout AppState) {
        let rows = state.viewport.contentRows
        switch kind {
        case .questions: scroll(&state.list, rows: rows)
        case .feed: scroll(&state.feed, rows: rows)
        }
    }

    private static func scroll<Item>(_ list: inout PagedList<Item>, rows: Int) {
        if list.selection < list.scrollOffset { list.scrollOffset = list.selection }
        if list.selection >= list.scrollOffset + rows { list.scrollOffset = list.selection - rows + 1 }
        list.scrollOffset = max(0, min(list.scrollOffset, max(0, list.items.count - 1)))
    }

    // MARK: Paging

    /// Requests the next page in the background when the visible list's selection is within one screen of its end.
    static func prefetchIfNeeded(_ state: inout AppState) -> [Effect] {
        switch state.screen {
        case .questionList where needsNextPage(state.list, rows: state.viewport.contentRows):
            return requestNextPage(.questions, &state, priority: .prefetch)
        case .answersFeed where needsNextPage(state.feed, rows: state.viewport.contentRows):
            return requestNextPage(.feed, &state, priority: .prefetch)
        default:
            return []
        }
    }

    private static func needsNextPage<Item>(_ list: PagedList<Item>, rows: Int) -> Bool {
        list.nextPage > 1 && list.error == nil && list.items.count - 1 - list.selection < rows
    }

    static func requestNextPage(_ kind: ListKind, _ state: inout AppState, priority: LoadPriority, reload: Bool = false) -> [Effect] {
        let (pending, end, page) = kind == .questions
            ? (state.list.pending, state.list.end, state.list.nextPage)
            : (state.feed.pending, state.feed.end, state.feed.nextPage)
        guard pending == nil, end == nil else { return [] }
        if page > lastPageWithoutKey && !state.settings.hasAPIKey {
            if kind == .questions { state.list.end = .pageLimit } else { state.feed.end = .pageLimit }
            setStatus(&state, APIError.pageLimit(page: page).summary, isError: false)
            return []
        }
        let token = state.makeToken()
        let effect: Effect
        switch kind {
        case .questions:
            state.list.pending = PendingLoad(token: token, page: page, priority: priority)
            effect = .loadQuestions(token, settings: state.settings, page: page, priority: priority, reload: reload)
        case .feed:
            state.feed.pending = PendingLoad(token: token, page: page, priority: priority)
            effect = .loadAnswersFeed(token, site: state.settings.site, page: page, pageSize: state.settings.pageSize,
                                      priority: priority, reload: reload)
        }
        return load(effect, token: token)
    }

    static func pageLoaded<Item>(_ kind: ListKind, _ path: WritableKeyPath<AppState, PagedList<Item>>, _ token: LoadToken,
                                 _ result: Result<Page<Item>, APIError>, _ state: inout AppState) -> [Effect] {
        guard let pending = state[keyPath: path].pending, pending.token == token else { return [] } // stale or cancelled
        state[keyPath: path].pending = nil
        switch result {
        case .success(let page):
            var list = state[keyPath: path]
            let countBefore = list.items.count
            for item in page.items where !list.loadedIDs.contains(item.id) {
                list.loadedIDs.insert(item.id)
                list.items.append(item)
            }
            list.nextPage = pending.page + 1
            list.error = nil
            let repeated = page.hasMore && list.items.count == countBefore && countBefore > 0
            if !page.hasMore || list.items.count == countBefore { list.end = repeated ? .repeated : .noMore }
            state[keyPath: path] = list
            noteQuota(page.quotaRemaining, page.quotaMax, &state)
            if repeated {
                setStatus(&state, "The server sent no new \(kind.noun) — end of list", isError: false)
            } else if state.status.isError {
                clearStatus(&state)
            }
            // A prefetched page never starts another: the reader's next key press may.
            return pending.priority == .prefetch ? [] : prefetchIfNeeded(&state)
        case .failure(.pageLimit(let page)):
            state[keyPath: path].end = .pageLimit
            setStatus(&state, APIError.pageLimit(page: page).summary, isError: false)
            return []
        case .failure(let error):
            if error.isUserVisible { state[keyPath: path].error = error }
            report(error, &state)
            return []
        }
    }

    /// Esc on a list: cancels its load, or nil when nothing is loading.
    static func cancelPending(_ kind: ListKind, _ state: inout AppState) -> [Effect]? {
        let pending = kind == .questions ? state.list.pending : state.feed.pending
        guard let pending else { return nil }
        if kind == .questions { state.list.pending = nil } else { state.feed.pending = nil }
        setStatus(&state, "Load cancelled — press r to retry", isError: false)
        return [.cancel(pending.token)]
    }

    /// Starts a list over from page 1, cancelling what it was loading; `fresh` (the user pressed `r`) skips caches.
    static func reload(_ kind: ListKind, _ state: inout AppState, fresh: Bool = false) -> [Effect] {
        let pending = kind == .questions ? state.list.pending : state.feed.pending
        var effects: [Effect] = pending.map { [.cancel($0.token)] } ?? []
        if kind == .questions { state.list = QuestionListState() } else { state.feed = PagedList<Answer>() }
        clearStatus(&state)
        effects += requestNextPage(kind, &state, priority: .userInitiated, reload: fresh)
        return effects
    }

    /// `a`: from the questions to the latest answers feed (loading it the first time) and back.
    static func toggleFeed(_ state: inout AppState) -> [Effect] {
        if state.screen == .answersFeed {
            state.screens.removeLast()
            return []
        }
        state.screens.append(.answersFeed)
        if state.feed.items.isEmpty && state.feed.pending == nil { return reload(.feed, &state) }
        return []
    }

    /// `s`: the next sort; the old load is cancelled and the list starts over.
    static func cycleSort(_ state: inout AppState) -> [Effect] {
        let sorts = QuestionSort.allCases
        let index = sorts.firstIndex(of: state.settings.sort) ?? 0
        state.settings.sort = sorts[(index + 1) % sorts.count]
        return reload(.questions, &state)
    }

    /// Applies new list settings (tags, search, site) and starts the question list over.
    static func browse(_ change: (inout BrowseSettings) -> Void, _ state: inout AppState) -> [Effect] {
        change(&state.settings)
        state.screens = [.questionList]
        var effects = state.thread?.pending.map { [Effect.cancel($0.token)] } ?? []
        state.thread = nil
        effects += reload(.questions, &state)
        return effects
    }

    /// Titles the feed page needs that neither the question list nor earlier pages gave.
    static func requestFeedTitles(_ result: Result<Page<Answer>, APIError>, _ state: inout AppState) -> [Effect] {
        guard case .success(let page) = result else { return [] }
        for question in state.list.items where state.feedTitles[question.questionID] == nil {
            state.feedTitles[question.questionID] = question.title
        }
        let missing = Array(Set(page.items.map(\.questionID).filter { state.feedTitles[$0] == nil })).sorted()
        guard !missing.isEmpty else { return [] }
        return [.loadQuestionTitles(state.makeToken(), ids: missing, site: state.settings.site)]
    }

    // MARK: Opening

    static func openSelectedQuestion(_ state: inout AppState) -> [Effect] {
        guard let question = state.list.selectedQuestion else { return [] }
        return openThread(question.questionID, summary: question, focus: nil, &state)
    }

    static func openSelectedAnswer(_ state: inout AppState) -> [Effect] {
        guard let answer = state.feed.selectedItem else { return [] }
        return openThread(answer.questionID, summary: nil, focus: answer.answerID, &state)
    }

    /// The link of the selected question or answer.
    static func selectedLink(_ kind: ListKind, _ state: AppState) -> String? {
        switch kind {
        case .questions:
            return state.list.selectedQuestion.map { SiteLinks.question($0, site: state.settings.site) }
        case .feed:
            return state.feed.selectedItem.map { SiteLinks.answer($0, site: state.settings.site) }
        }
    }
}
