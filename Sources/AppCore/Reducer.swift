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
            return requestNextPage(.questions, &state, priority: .userInitiated)
        case .key(let key):
            return handle(key, &state)
        case .command(let command):
            return handle(command, &state)
        case .resize(let viewport):
            state.viewport = viewport
            keepSelectionVisible(.questions, &state)
            keepSelectionVisible(.feed, &state)
            clampThreadScroll(&state)
            return prefetchIfNeeded(&state)
        case .questionsLoaded(let token, let result):
            return pageLoaded(.questions, \.list, token, result, &state)
        case .answersFeedLoaded(let token, let result):
            let titleEffects = state.feed.pending?.token == token ? requestFeedTitles(result, &state) : []
            return pageLoaded(.feed, \.feed, token, result, &state) + titleEffects
        case .questionTitlesLoaded(_, .success(let questions)):
            for question in questions { state.feedTitles[question.questionID] = question.title }
            return []
        case .questionTitlesLoaded(_, .failure):
            return [] // the feed shows "question #ID" instead
        case .threadLoaded(let token, let result):
            return threadLoaded(token, result, &state)
        case .commentsLoaded(let token, let result):
            return commentsLoaded(token, result, &state)
        case .sitesLoaded(let token, let result):
            return sitesLoaded(token, result, &state)
        case .loadingIndicatorDue(let token):
            showIndicator(token, &state)
            return []
        case .threadMeasured(let lines, let anchors):
            return threadMeasured(lines: lines, anchors: anchors, &state)
        case .terminate(let signal):
            return quit(&state, exitCode: 128 + signal)
        case let .notify(message, isError):
            setStatus(&state, message, isError: isError)
            return []
        case .apiPausesChanged(let pauses):
            apiPausesChanged(pauses, &state)
            return []
        }
    }

    // MARK: Keys and commands

    /// A key goes to the open prompt or picker first; otherwise the keymap turns it into a command.
    private static func handle(_ key: Key, _ state: inout AppState) -> [Effect] {
        if state.prompt != nil { return promptKey(key, &state) }
        if state.screen == .picker, let effects = pickerKey(key, &state) { return effects }
        guard let command = state.keymap.command(for: key) else { return [] }
        return handle(command, &state)
    }

    private static func handle(_ command: Command, _ state: inout AppState) -> [Effect] {
        if command == .quit { return quit(&state) }
        switch state.screen {
        case .help:
            return helpCommand(command, &state)
        case .picker:
            return pickerCommand(command, &state)
        case .questionList:
            return listCommand(command, .questions, &state)
        case .answersFeed:
            return listCommand(command, .feed, &state)
        case .question:
            return threadCommand(command, &state)
        }
    }

    /// Commands shared by the question list and the answers feed.
    private static func listCommand(_ command: Command, _ kind: ListKind, _ state: inout AppState) -> [Effect] {
        let page = state.viewport.contentRows
        let selection = kind == .questions ? state.list.selection : state.feed.selection
        let count = kind == .questions ? state.list.items.count : state.feed.items.count
        switch command {
        case .moveDown: return select(kind, selection + 1, &state)
        case .moveUp: return select(kind, selection - 1, &state)
        case .pageDown: return select(kind, selection + page, &state)
        case .pageUp: return select(kind, selection - page, &state)
        case .top: return select(kind, 0, &state)
        case .bottom: return select(kind, count - 1, &state)
        case .open: return kind == .questions ? openSelectedQuestion(&state) : openSelectedAnswer(&state)
        case .back:
            if kind == .feed { state.screens.removeLast(); return [] }
            return quit(&state)
        case .cancelOrBack:
            if let effects = cancelPending(kind, &state) { return effects }
            if kind == .feed { state.screens.removeLast() }
            return []
        case .reload: return reload(kind, &state, fresh: true)
        case .help: return openHelp(&state)
        case .toggleAnswersFeed: return toggleFeed(&state)
        case .cycleSort: return kind == .questions ? cycleSort(&state) : []
        case .filterTags: return openPrompt(.tags, &state)
        case .search: return openPrompt(.search, &state)
        case .pickSite: return openSitePicker(&state)
        case .openInBrowser, .copyLink: return linkCommand(command, url: selectedLink(kind, state), &state)
        case .filterByQuestionTag, .toggleComments, .copyCodeBlock, .quit: return []
        }
    }

    // MARK: Help

    static func openHelp(_ state: inout AppState) -> [Effect] {
        state.helpScroll = 0
        state.screens.append(.help)
        return []
    }

    /// The help screen scrolls with the movement keys and closes with back, Esc or `?`.
    private static func helpCommand(_ command: Command, _ state: inout AppState) -> [Effect] {
        let lastTop = max(0, state.keymap.bindings.count - state.viewport.contentRows)
        let page = state.viewport.contentRows
        switch command {
        case .back, .cancelOrBack, .help: state.screens.removeLast()
        case .moveDown: state.helpScroll = min(state.helpScroll + 1, lastTop)
        case .moveUp: state.helpScroll = max(state.helpScroll - 1, 0)
        case .pageDown: state.helpScroll = min(state.helpScroll + page, lastTop)
        case .pageUp: state.helpScroll = max(state.helpScroll - page, 0)
        case .top: state.helpScroll = 0
        case .bottom: state.helpScroll = lastTop
        default: break
        }
        return []
    }

    // MARK: Status and quitting

    static func noteQuota(_ remaining: Int?, _ max: Int?, _ state: inout AppState) {
        if let remaining { state.status.quotaRemaining = remaining }
        if let max { state.status.quotaMax = max }
    }

    static func setStatus(_ state: inout AppState, _ message: String, isError: Bool) {
        state.status.message = message
        state.status.isError = isError
    }

    /// Shows the longest pause as a countdown; when the pauses end, a countdown still showing is cleared.
    private static func apiPausesChanged(_ pauses: [APIPause], _ state: inout AppState) {
        let wasCountdown = state.status.message != nil
            && state.status.message == state.status.pauses.max(by: { $0.secondsLeft < $1.secondsLeft })?.statusText
        state.status.pauses = pauses
        if let longest = pauses.max(by: { $0.secondsLeft < $1.secondsLeft }) {
            setStatus(&state, longest.statusText, isError: false)
        } else if wasCountdown {
            clearStatus(&state)
        }
    }

    static func clearStatus(_ state: inout AppState) {
        state.status.message = nil
        state.status.isError = false
    }

    /// The status line after a failed load: the error's one-line summary, unless the load was cancelled.
    static func report(_ error: APIError, _ state: inout AppState) {
        guard error.isUserVisible else { return }
        setStatus(&state, error.summary, isError: true)
    }

    static func quit(_ state: inout AppState, exitCode: Int32 = 0) -> [Effect] {
        guard !state.isQuitting else { return [] }
        state.isQuitting = true
        return [.cancelAll, .quit(exitCode: exitCode)]
    }

    /// A load effect followed by the timer that reveals its loading indicator.
    static func load(_ effect: Effect, token: LoadToken) -> [Effect] {
        [effect, .scheduleLoadingIndicator(token, seconds: indicatorDelay)]
    }

    private static func showIndicator(_ token: LoadToken, _ state: inout AppState) {
        if state.list.pending?.token == token { state.list.pending?.indicatorVisible = true }
        if state.feed.pending?.token == token { state.feed.pending?.indicatorVisible = true }
        if state.thread?.pending?.token == token { state.thread?.pending?.indicatorVisible = true }
        if state.picker?.pending?.token == token { state.picker?.pending?.indicatorVisible = true }
    }
}
