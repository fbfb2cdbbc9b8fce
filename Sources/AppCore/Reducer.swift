import StackAPI

/// The pure core's root: routes an action to the screen it concerns, applies the moves on the view stack that
/// screen asks for, and returns the effects the runtime must perform.
///
/// Keys go to the open prompt, else to a picker on top (typing filters), else through the keymap to a command.
/// The root handles what is the same on every screen (quit, back, Esc, help, search, tags, site); the top
/// screen's own reducer (`QuestionListFeature`, `AnswersFeedFeature`, `QuestionFeature`, `PickerFeature`,
/// `HelpFeature`) handles the rest. A load's result goes to the screen on the stack that waits for its token,
/// wherever it is; a result no screen waits for is dropped.
public enum Reducer {
    /// Seconds a load may run before its loading indicator appears.
    public static let indicatorDelay = 0.15

    /// Applies `action` to `state`; returns the effects to run, in order. At the start, and whenever the site, sort or
    /// tag filter in view changes, the runtime is asked to remember them for the next launch, and the live source
    /// follows the list nearest the top (`followLive`). A status message made
    /// by the action belongs to the screen then on top; one made earlier on another screen goes (`StatusState`).
    public static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        let before = RememberedBrowse(state)
        let liveBefore = LiveSubscription(state)
        let watchedBefore = (site: state.shared.site, count: state.shared.watchedUnopened.count)
        let watchedTagsBefore = state.shared.watchedTags
        var effects = route(action, &state)
        effects += followLive(before: liveBefore, &state, starting: action == .start)
        effects += countWatched(before: watchedBefore, &state)
        state.status.actionEnded(top: state.topMark)
        let after = RememberedBrowse(state)
        if !state.isQuitting, action == .start || after != before { effects.append(.remember(.browse(after))) }
        effects += WatchedTags.remember(before: watchedTagsBefore, state)
        return effects
    }

    private static func route(_ action: Action, _ state: inout AppState) -> [Effect] {
        switch action {
        case .start:
            return start(&state)
        case .key(let key):
            state.status.notice = nil
            return handle(key, &state)
        case .command(let command):
            return handle(command, &state)
        case .resize(let viewport):
            state.viewport = viewport
            keepSelectionsVisible(&state)
            return updatePaged(state.stack.count - 1, &state) { $0.prefetchIfNeeded($1) } ?? []
        case let .loaded(token, result):
            return loaded(token, result, &state)
        case let .threadLaidOut(questionID, measure):
            return updateTop(.question, &state) { thread, context in
                if thread.questionID == questionID { QuestionFeature.laidOut(measure, &thread, context) }
                return Outcome()
            }
        case let .openQuestionLink(questionID, answerID):
            return apply(Outcome([], [.openQuestionLink(questionID: questionID, answerID: answerID)]), &state)
        case .loadingIndicatorDue(let token):
            showIndicator(token, &state)
            return []
        case .inboxCheckDue:
            return InboxCheck.start(&state)
        case let .edited(compose, result):
            return ComposeFlow.edited(compose, result, &state)
        case .terminate(let signal):
            return quit(&state, exitCode: 128 + signal)
        case let .notify(message, isError):
            state.shared.setStatus(message, isError: isError)
            return []
        case .notice(let message):
            state.status.notice = message
            return []
        case .apiPausesChanged(let pauses):
            apiPausesChanged(pauses, &state)
            return []
        case .liveActivity(let batch):
            return liveActivity(batch, &state)
        case .liveState(let status):
            liveState(status, &state)
            return []
        case let .livePolled(subscription, questions):
            return livePolled(subscription, questions, &state)
        case .offlineChanged(let offline):
            state.shared.isOffline = offline
            return offline ? updateTop(.questions, &state) { QuestionListFeature.wentOffline(&$0, $1) } : []
        case let .saveRefused(site, questionID, saved, refusal):
            return saveRefused(site: site, questionID: questionID, saved: saved, refusal, &state)
        case let .saveProgress(site, _, saved, progress):
            return saveProgress(site: site, saved: saved, progress, &state)
        }
    }

    /// The first list's first page, what the store remembers of the site, and a search the program started on.
    private static func start(_ state: inout AppState) -> [Effect] {
        let search = takeStartSearch(&state)
        var effects = update(0, .questions, &state) { QuestionListFeature.start(&$0, $1) }
        let site = state.shared.site
        effects.append(state.shared.loadSiteMemory())
        effects += InboxCheck.start(&state)
        if let search, let query = search.searchQuery {
            state.shared.searchHistory.append(query)
            effects.append(.remember(.search(site: site, query: query)))
            effects += openStartSearch(search, &state)
        }
        return effects
    }

    /// After a resize: every list on the stack keeps its cursor on screen.
    private static func keepSelectionsVisible(_ state: inout AppState) {
        let rows = state.viewport.listRows
        for index in state.stack.indices {
            updatePaged(index, &state) { list, _ in
                list.keepSelectionVisible(rows: rows)
                return Outcome()
            }
        }
    }

    // MARK: Keys and commands

    /// A key goes to the open prompt first, then to a picker on top; otherwise the keymap turns it into a command.
    static func handle(_ key: Key, _ state: inout AppState) -> [Effect] {
        if case .mouse(let event) = key { return state.prompt == nil ? mouse(event, &state) : [] }
        // Pasted text is typed into a prompt; over a list or a question it is no keys at all (a pasted page would
        // otherwise run a command per character).
        if case .paste = key { return state.prompt == nil ? [] : promptKey(key, &state) }
        // A redraw is asked for over anything, a prompt included (the screen it repairs may hold one) — unless it
        // was bound to a character, which a prompt types.
        let typed = if case .character = key { state.prompt != nil } else { false }
        if !typed, state.keymap.command(for: key) == .redraw { return handle(.redraw, &state) }
        if state.prompt != nil { return promptKey(key, &state) }
        if let effects = updateFeature(state.stack.count - 1, &state, { $0.key(key, $1) }) { return effects }
        guard let command = state.keymap.command(for: key) else { return unbound(key, &state) }
        return handle(command, &state)
    }

    /// What every screen does alike, then the top screen's own reducer. Every command starts by retiring the
    /// information message an earlier action left (`StatusState.commandStarts`).
    static func handle(_ command: Command, _ state: inout AppState) -> [Effect] {
        state.status.commandStarts()
        switch command {
        case .quit: return quit(&state)
        case .redraw: return [.redraw]
        case .toggleMathSource: return toggleMathSource(&state)
        case .back: return back(&state, quitAtRoot: false)
        case .backOrQuit: return back(&state, quitAtRoot: true)
        case .cancelOrBack: return cancelLoads(&state) ?? back(&state, quitAtRoot: false)
        case .help where state.screen != .help: return push(.help(HelpState()), &state)
        case .showInbox:
            return InboxFeature.toggle(&state)
        case .showSaved, .showBookmarks:
            let source: SavedListState.Source = command == .showSaved ? .store : .bookmarks
            if case .saved(let shown) = state.top, shown.source == source { return pop(&state) }
            if state.top.feature.isOverlay {
                state.shared.setStatus("\(state.shared.keyName(command)): close this screen first", isError: false)
                return []
            }
            if source == .bookmarks, let refusal = state.shared.account.refusal(command, storeOnly: state.shared.storeOnly) {
                state.shared.setStatus(refusal, isError: true)
                return []
            }
            var saved = SavedListState(site: state.shared.site, source: source)
            let effects = run(&saved, &state) { $0.start($1) }
            return push(.saved(saved), &state) + effects
        case .search, .filterTags, .pickSite:
            if state.top.feature.isOverlay {
                state.shared.setStatus("\(state.shared.keyName(command)): close this screen first", isError: false)
                return []
            }
            if command == .pickSite {
                var picker = PickerState(purpose: .site)
                let effects = run(&picker, &state) { PickerFeature.loadSites(&$0, $1) }
                return push(.picker(picker), &state) + effects
            }
            if command == .search, case .question = state.top { return openPrompt(.find, &state) }
            return openPrompt(command == .search ? .search : .tags, &state)
        default:
            if let reason = CommandScope.unavailable(command, on: state.top, state.shared) {
                state.shared.setStatus(reason, isError: false)
                return []
            }
            return updateFeature(state.stack.count - 1, &state) { $0.command(command, $1) } ?? []
        }
    }

    // MARK: Status and quitting

    /// Shows the longest pause as a countdown; when the pauses end, a countdown still showing is cleared.
    private static func apiPausesChanged(_ pauses: [APIPause], _ state: inout AppState) {
        let wasCountdown = state.status.message != nil && state.status.kind == .pause
        state.status.pauses = pauses
        if let longest = pauses.max(by: { $0.secondsLeft < $1.secondsLeft }) {
            state.status.show(longest.statusText(cancelKey: state.shared.keyName(.cancelOrBack)), .pause)
        } else if wasCountdown {
            state.shared.clearStatus()
        }
    }

    /// The only place the program decides to quit: every load is cancelled once, then the runtime exits.
    static func quit(_ state: inout AppState, exitCode: Int32 = 0) -> [Effect] {
        guard !state.isQuitting else { return [] }
        state.isQuitting = true
        return [.cancelAll, .quit(exitCode: exitCode)]
    }

    private static func showIndicator(_ token: LoadToken, _ state: inout AppState) {
        updateFeature(owner(of: token, state), &state) { screen, _ in
            screen.showIndicator(token)
            return nil
        }
    }

    /// `o` opens the link in the browser; `y` copies it with OSC 52 and shows it.
    static func linkCommand(_ command: Command, url: String?) -> Outcome {
        var outcome = Outcome()
        guard let url else {
            outcome.setStatus(command == .copyLink ? "Nothing to copy: nothing is selected" : "Nothing to open: nothing is selected",
                              isError: false)
            return outcome
        }
        if command == .copyLink {
            outcome.setStatus("Copied link: \(url)", isError: false)
            outcome.effects = [.copyToClipboard(url)]
        } else {
            outcome.setStatus("Opening \(url)", isError: false)
            outcome.effects = [.openURL(url)]
        }
        return outcome
    }
}
