import StackAPI

extension Reducer {
    static func openThread(_ questionID: Int, summary: Question?, focus: Int?, _ state: inout AppState) -> [Effect] {
        var effects: [Effect] = state.thread?.pending.map { [.cancel($0.token)] } ?? []
        let token = state.makeToken()
        var thread = ThreadState(questionID: questionID, summary: summary)
        thread.pending = PendingLoad(token: token, page: 1)
        thread.focusAnswerID = focus
        state.thread = thread
        state.screens.append(.question(id: questionID))
        effects += load(.loadThread(token, questionID: questionID, site: state.settings.site, reload: false), token: token)
        return effects
    }

    static func closeThread(_ state: inout AppState) -> [Effect] {
        var effects: [Effect] = state.thread?.pending.map { [.cancel($0.token)] } ?? []
        if let comments = state.thread?.commentsPending { effects.append(.cancel(comments)) }
        state.thread = nil
        if state.screens.count > 1 { state.screens.removeLast() }
        return effects
    }

    static func threadCommand(_ command: Command, _ state: inout AppState) -> [Effect] {
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
        case .back: return closeThread(&state)
        case .cancelOrBack:
            guard thread.pending != nil || thread.commentsPending != nil else { return closeThread(&state) }
            let effects = [thread.pending?.token, thread.commentsPending].compactMap { $0 }.map { Effect.cancel($0) }
            thread.pending = nil
            thread.commentsPending = nil
            state.thread = thread
            setStatus(&state, "Load cancelled — press r to retry", isError: false)
            return effects
        case .reload:
            var effects: [Effect] = thread.pending.map { [.cancel($0.token)] } ?? []
            thread.error = nil
            thread.comments = nil
            let token = state.makeToken()
            thread.pending = PendingLoad(token: token, page: 1)
            state.thread = thread
            clearStatus(&state)
            effects += load(.loadThread(token, questionID: thread.questionID, site: state.settings.site, reload: true), token: token)
            return effects
        case .help:
            state.thread = thread
            return openHelp(&state)
        case .toggleComments:
            state.thread = thread
            return toggleComments(&state)
        case .filterByQuestionTag:
            state.thread = thread
            return openTagPicker(&state)
        case .openInBrowser, .copyLink:
            state.thread = thread
            return linkCommand(command, url: linkInView(state), &state)
        case .copyCodeBlock:
            state.thread = thread
            return [.copyCodeBlock(top: thread.scroll, rows: page)]
        case .search:
            state.thread = thread
            return openPrompt(.search, &state)
        case .pickSite:
            state.thread = thread
            return openSitePicker(&state)
        case .open, .quit, .toggleAnswersFeed, .cycleSort, .filterTags:
            break
        }
        state.thread = thread
        return []
    }

    static func threadLoaded(_ token: LoadToken, _ result: Result<QuestionThread, APIError>, _ state: inout AppState) -> [Effect] {
        guard var thread = state.thread, thread.pending?.token == token else { return [] }
        thread.pending = nil
        switch result {
        case .success(let value):
            thread.thread = value
            thread.error = nil
            noteQuota(value.quotaRemaining, value.quotaMax, &state)
            if state.status.isError { clearStatus(&state) }
        case .failure(let error):
            if error.isUserVisible { thread.error = error }
            report(error, &state)
        }
        state.thread = thread
        if thread.showComments && thread.comments == nil && thread.thread != nil { return requestComments(&state) }
        return []
    }

    /// The renderer's measurements; the first time the focused answer is laid out, scroll to it.
    static func threadMeasured(lines: Int, anchors: [Int: Int], _ state: inout AppState) -> [Effect] {
        guard var thread = state.thread else { return [] }
        thread.contentLines = lines
        thread.anchors = anchors
        if let focus = thread.focusAnswerID, let line = anchors[focus] {
            thread.scroll = line
            thread.focusAnswerID = nil
        }
        state.thread = thread
        clampThreadScroll(&state)
        return []
    }

    static func clampThreadScroll(_ state: inout AppState) {
        guard var thread = state.thread else { return }
        thread.scroll = max(0, min(thread.scroll, thread.contentLines - state.viewport.contentRows))
        state.thread = thread
    }

    // MARK: Comments

    static func toggleComments(_ state: inout AppState) -> [Effect] {
        guard var thread = state.thread else { return [] }
        thread.showComments.toggle()
        state.thread = thread
        guard thread.showComments, thread.comments == nil, thread.commentsPending == nil, thread.thread != nil else { return [] }
        return requestComments(&state)
    }

    private static func requestComments(_ state: inout AppState) -> [Effect] {
        guard var thread = state.thread, let loaded = thread.thread else { return [] }
        let token = state.makeToken()
        thread.commentsPending = token
        state.thread = thread
        let ids = [loaded.question.questionID] + loaded.answers.map(\.answerID)
        return [.loadComments(token, postIDs: ids, site: state.settings.site)]
    }

    static func commentsLoaded(_ token: LoadToken, _ result: Result<[Int: [Comment]], APIError>, _ state: inout AppState) -> [Effect] {
        guard var thread = state.thread, thread.commentsPending == token else { return [] }
        thread.commentsPending = nil
        switch result {
        case .success(let comments): thread.comments = comments
        case .failure(let error): report(error, &state)
        }
        state.thread = thread
        return []
    }

    // MARK: Links

    /// The link of the answer at the top of the view, else of the question.
    static func linkInView(_ state: AppState) -> String? {
        guard let thread = state.thread else { return nil }
        let site = state.settings.site
        if let loaded = thread.thread, let post = thread.postInView, let answer = loaded.answers.first(where: { $0.answerID == post }) {
            return SiteLinks.answer(answer, site: site)
        }
        if let question = thread.thread?.question ?? thread.summary { return SiteLinks.question(question, site: site) }
        return SiteLinks.question(id: thread.questionID, site: site)
    }

    /// `o` opens the link in the browser; `y` copies it with OSC 52 and shows it.
    static func linkCommand(_ command: Command, url: String?, _ state: inout AppState) -> [Effect] {
        guard let url else { return [] }
        if command == .copyLink {
            setStatus(&state, "Copied link: \(url)", isError: false)
            return [.copyToClipboard(url)]
        }
        setStatus(&state, "Opening \(url)", isError: false)
        return [.openURL(url)]
    }
}
