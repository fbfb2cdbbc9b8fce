import StackAPI

/// The pure core: applies an action to the state and returns the effects the runtime must perform.
public enum Reducer {
    /// Seconds a load may run before its loading indicator appears.
    public static let indicatorDelay = 0.15
    /// The last page reachable without an API key.
    public static let lastPageWithoutKey = 25

    /// Applies `action` to `state`; returns the effects to run, in order.
    public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .start:
            return requestNextPage(&state, priority: .userInitiated)
        case .command(let command):
            return handle(command, &state)
        case .resize(let viewport):
            state.viewport = viewport
            keepSelectionVisible(&state)
            clampThreadScroll(&state)
            return prefetchIfNeeded(&state)
        case .questionsLoaded(let token, let result):
            return questionsLoaded(token, result, &state)
        case .threadLoaded(let token, let result):
            return threadLoaded(token, result, &state)
        case .loadingIndicatorDue(let token):
            if state.list.pending?.token == token { state.list.pending?.indicatorVisible = true }
            if state.thread?.pending?.token == token { state.thread?.pending?.indicatorVisible = true }
            return []
        case .threadMeasured(let lines):
            state.thread?.contentLines = lines
            clampThreadScroll(&state)
            return []
        case .terminate:
            return quit(&state)
        case let .notify(message, isError):
            setStatus(&state, message, isError: isError)
            return []
        }
    }

    // MARK: Commands

    private static func handle(_ command: Command, _ state: inout AppState) -> [Effect] {
        if command == .quit { return quit(&state) }
        switch state.screen {
        case .help:
            if [.back, .cancelOrBack, .help].contains(command) { state.screens.removeLast() }
            return []
        case .questionList:
            return handleList(command, &state)
        case .question:
            return handleThread(command, &state)
        }
    }

    private static func handleList(_ command: Command, _ state: inout AppState) -> [Effect] {
        let count = state.list.questions.count
        let page = state.viewport.contentRows
        switch command {
        case .moveDown: return select(state.list.selection + 1, &state)
        case .moveUp: return select(state.list.selection - 1, &state)
        case .pageDown: return select(state.list.selection + page, &state)
        case .pageUp: return select(state.list.selection - page, &state)
        case .top: return select(0, &state)
        case .bottom: return select(count - 1, &state)
        case .open: return openSelected(&state)
        case .back, .quit: return quit(&state)
        case .cancelOrBack:
            guard let pending = state.list.pending else { return [] }
            state.list.pending = nil
            setStatus(&state, "Load cancelled — press r to retry", isError: false)
            return [.cancel(pending.token)]
        case .reload:
            var effects: [Effect] = state.list.pending.map { [.cancel($0.token)] } ?? []
            state.list = QuestionListState()
            clearStatus(&state)
            effects += requestNextPage(&state, priority: .userInitiated)
            return effects
        case .help:
            state.screens.append(.help)
            return []
        default:
            return []
        }
    }

    private static func handleThread(_ command: Command, _ state: inout AppState) -> [Effect] {
        guard var thread = state.thread else { state.screens.removeLast(); return [] }
        let page = state.viewport.contentRows
        let lastTop = max(0, thread.contentLines - page)
        switch command {
        case .moveDown: thread.scroll = min(thread.scroll + 1, lastTop)
        case .moveUp: thread.scroll = max(thread.scroll - 1, 0)
        case .pageDown: thread.scroll = min(thread.scroll + page, lastTop)
        case .pageUp: thread.scroll = max(thread.scroll - page, 0)
        case .top: thread.scroll = 0
        case .bottom: thread.scroll = lastTop
        case .open: break
        case .back: return closeThread(&state)
        case .cancelOrBack:
            guard let pending = thread.pending else { return closeThread(&state) }
            thread.pending = nil
            state.thread = thread
            setStatus(&state, "Load cancelled — press r to retry", isError: false)
            return [.cancel(pending.token)]
        case .reload:
            var effects: [Effect] = thread.pending.map { [.cancel($0.token)] } ?? []
            thread.error = nil
            let token = state.makeToken()
            thread.pending = PendingLoad(token: token, page: 1)
            state.thread = thread
            clearStatus(&state)
            effects += [.loadThread(token, questionID: thread.questionID, site: state.settings.site),
                        .scheduleLoadingIndicator(token, seconds: indicatorDelay)]
            return effects
        case .help:
            state.screens.append(.help)
        case .quit:
            return quit(&state)
        default:
            break
        }
        state.thread = thread
        return []
    }

    // MARK: List

    private static func select(_ index: Int, _ state: inout AppState) -> [Effect] {
        let count = state.list.questions.count
        state.list.selection = count == 0 ? 0 : min(max(index, 0), count - 1)
        keepSelectionVisible(&state)
        return prefetchIfNeeded(&state)
    }

    private static func keepSelectionVisible(_ state: inout AppState) {
        let rows = state.viewport.contentRows
        var list = state.list
        if list.selection < list.scrollOffset { list.scrollOffset = list.selection }
        if list.selection >= list.scrollOffset + rows { list.scrollOffset = list.selection - rows + 1 }
        list.scrollOffset = max(0, min(list.scrollOffset, max(0, list.questions.count - 1)))
        state.list = list
    }

    /// Requests the next page in the background when the selection is within one screen of the end.
    private static func prefetchIfNeeded(_ state: inout AppState) -> [Effect] {
        let remaining = state.list.questions.count - 1 - state.list.selection
        guard state.list.nextPage > 1, remaining < state.viewport.contentRows, state.list.error == nil else { return [] }
        return requestNextPage(&state, priority: .prefetch)
    }

    private static func requestNextPage(_ state: inout AppState, priority: LoadPriority) -> [Effect] {
        guard state.list.pending == nil, state.list.end == nil else { return [] }
        let page = state.list.nextPage
        if page > lastPageWithoutKey && !state.settings.hasAPIKey {
            state.list.end = .pageLimit
            setStatus(&state, APIError.pageLimit(page: page).summary, isError: false)
            return []
        }
        let token = state.makeToken()
        state.list.pending = PendingLoad(token: token, page: page)
        return [.loadQuestions(token, settings: state.settings, page: page, priority: priority),
                .scheduleLoadingIndicator(token, seconds: indicatorDelay)]
    }

    private static func questionsLoaded(_ token: LoadToken, _ result: Result<Page<Question>, APIError>, _ state: inout AppState) -> [Effect] {
        guard state.list.pending?.token == token else { return [] } // stale or cancelled
        let requestedPage = state.list.pending?.page ?? state.list.nextPage
        state.list.pending = nil
        switch result {
        case .success(let page):
            for question in page.items where !state.list.loadedIDs.contains(question.questionID) {
                state.list.loadedIDs.insert(question.questionID)
                state.list.questions.append(question)
            }
            state.list.nextPage = requestedPage + 1
            state.list.error = nil
            if !page.hasMore { state.list.end = .noMore }
            noteQuota(page.quotaRemaining, page.quotaMax, &state)
            if state.status.isError { clearStatus(&state) }
            return prefetchIfNeeded(&state)
        case .failure(.cancelled):
            return []
        case .failure(.pageLimit(let page)):
            state.list.end = .pageLimit
            setStatus(&state, APIError.pageLimit(page: page).summary, isError: false)
            return []
        case .failure(let error):
            state.list.error = error
            setStatus(&state, error.summary, isError: true)
            return []
        }
    }

    // MARK: Thread

    private static func openSelected(_ state: inout AppState) -> [Effect] {
        guard let question = state.list.selectedQuestion else { return [] }
        var effects: [Effect] = state.thread?.pending.map { [.cancel($0.token)] } ?? []
        let token = state.makeToken()
        var thread = ThreadState(questionID: question.questionID, summary: question)
        thread.pending = PendingLoad(token: token, page: 1)
        state.thread = thread
        state.screens.append(.question(id: question.questionID))
        effects += [.loadThread(token, questionID: question.questionID, site: state.settings.site),
                    .scheduleLoadingIndicator(token, seconds: indicatorDelay)]
        return effects
    }

    private static func closeThread(_ state: inout AppState) -> [Effect] {
        let effects: [Effect] = state.thread?.pending.map { [.cancel($0.token)] } ?? []
        state.thread = nil
        if state.screens.count > 1 { state.screens.removeLast() }
        return effects
    }

    private static func threadLoaded(_ token: LoadToken, _ result: Result<QuestionThread, APIError>, _ state: inout AppState) -> [Effect] {
        guard var thread = state.thread, thread.pending?.token == token else { return [] }
        thread.pending = nil
        switch result {
        case .success(let value):
            thread.thread = value
            thread.error = nil
            noteQuota(value.quotaRemaining, value.quotaMax, &state)
            if state.status.isError { clearStatus(&state) }
        case .failure(.cancelled):
            break
        case .failure(let error):
            thread.error = error
            setStatus(&state, error.summary, isError: true)
        }
        state.thread = thread
        return []
    }

    private static func clampThreadScroll(_ state: inout AppState) {
        guard var thread = state.thread else { return }
        thread.scroll = max(0, min(thread.scroll, thread.contentLines - state.viewport.contentRows))
        state.thread = thread
    }

    // MARK: Status and quitting

    private static func noteQuota(_ remaining: Int?, _ max: Int?, _ state: inout AppState) {
        if let remaining { state.status.quotaRemaining = remaining }
        if let max { state.status.quotaMax = max }
    }

    private static func setStatus(_ state: inout AppState, _ message: String, isError: Bool) {
        state.status.message = message
        state.status.isError = isError
    }

    private static func clearStatus(_ state: inout AppState) {
        state.status.message = nil
        state.status.isError = false
    }

    private static func quit(_ state: inout AppState) -> [Effect] {
        guard !state.isQuitting else { return [] }
        state.isQuitting = true
        return [.cancelAll, .quit(exitCode: 0)]
    }
}
