import StackAPI

/// The question view's data: the list's summary (with its body) at once, then the full thread, comments on demand.
public struct QuestionState: Hashable, Sendable {
    public var questionID: Int
    public var summary: Question?
    /// The thread as last loaded; it stays shown while `r` loads it again.
    public var thread: QuestionThread?
    /// The thread's load under way, or why the last one failed.
    public internal(set) var load: LoadStatus = .idle
    /// First visible line of the laid-out document.
    public var scroll = 0
    /// The post `]`/`[` last went to and the scroll it left (see `currentPost(rows:)`).
    public var postMark: PostMark?
    /// The laid-out document's measurements at the current width (from the layout step), once laid out.
    public var measure: ThreadMeasure?
    /// What the reader has at the top of the view; a new layout (resize, comments, answers) scrolls back to it.
    public var anchor: ContentAnchor?
    /// Scroll to this answer once the thread is laid out (opened from the answers feed).
    public var focusAnswerID: Int?
    public var showComments = false
    /// The comments of every post, by post id (loaded when first shown).
    public var postComments: Remote<[Int: [Comment]]> = .idle
    /// The in-page find (`/` in a question) whose matches are highlighted, if any.
    public var find: ThreadFind?
    /// The read mark the question had before this opening (`.loaded(nil)`: never read), from the session's marks at
    /// once, else from the store.
    public var lastReadMark: Remote<ReadState?> = .idle
    /// Questions the store knows are linked with this one (duplicates, related), shown under the question.
    public var linked: Remote<[LinkedQuestion]> = .idle
    /// The load of the logged-in user's marks on this thread's posts, until it answers.
    public internal(set) var marksLoad: LoadToken?
    /// The answer or comment being written here, if any.
    public var compose: ComposeState?
    /// What the logged-in user did to this thread's posts this session (votes, the bookmark, an accept), by post id.
    public var myMarks: [Int: PostMarks] = [:]
    /// Whether the status line already said how many answers are new.
    var newsAnnounced = false
    /// `r` was pressed: the next comments load skips what the store holds fresh.
    var commentsReload = false

    public init(questionID: Int, summary: Question?) {
        self.questionID = questionID
        self.summary = summary
    }

    /// The thread's load under way, if any.
    public var pending: PendingLoad? { load.pending }
    /// Why the thread could not be loaded, until it is asked for again.
    public var error: APIError? { load.error }

    /// Lines the laid-out document has (0 until laid out).
    public var contentLines: Int { measure?.lineCount ?? 0 }

    /// The id of the post at the top of the view.
    public var postInView: Int? { measure?.post(atLine: scroll) }

    /// The question as far as it is known: the thread's, else the list's summary.
    public var question: Question? { thread?.question ?? summary }

    /// Comments by post id, once loaded.
    public var comments: [Int: [Comment]]? { postComments.value }
    /// The read mark from before this opening, once known (nil: never read, or not known yet).
    public var lastRead: ReadState? { lastReadMark.value ?? nil }
    /// Whether `lastRead` is known.
    public var lastReadKnown: Bool { lastReadMark.value != nil }
    /// The linked questions, once the store named them.
    public var related: [LinkedQuestion] { linked.value ?? [] }
}

extension QuestionState: ScreenFeature {
    var kind: ScreenKind { .question(id: questionID) }
    var screen: ScreenState { .question(self) }
    var loadTokens: [LoadToken] { [pending?.token, postComments.token, lastReadMark.token, linked.token, marksLoad].compactMap { $0 } }
    var commandsActedOn: Set<Command> {
        // Enter sends a preview shown in the thread.
        let send: Set<Command> = if case .previewed = compose?.stage { [.open] } else { [] }
        return send.union([.filterByQuestionTag, .watchTag, .toggleComments, .copyCodeBlock, .followLink, .nextAnswer, .previousAnswer,
                           .nextCodeBlock, .previousCodeBlock, .findNext, .findPrevious, .reload, .openInBrowser, .copyLink,
                           .toggleSaved, .upvote, .downvote, .toggleBookmark, .acceptAnswer, .writeAnswer, .writeComment])
    }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        QuestionFeature.command(command, &self, context)
    }

    mutating func cancelLoads(_ context: ScreenContext) -> Outcome? {
        QuestionFeature.cancelLoads(&self, context)
    }

    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? {
        switch result {
        case .thread(let thread): return QuestionFeature.loaded(token, thread, &self, context)
        case .comments(let comments): return QuestionFeature.commentsLoaded(token, comments, &self, context)
        case .lastRead(let mark): return QuestionFeature.lastReadLoaded(token, mark, &self, context)
        case .linkedQuestions(let related):
            QuestionFeature.linkedLoaded(token, related, &self)
            return Outcome()
        case .myMarks(let marks):
            return QuestionFeature.myMarksLoaded(token, marks, &self, context)
        default: return nil
        }
    }

    mutating func showIndicator(_ token: LoadToken) {
        load.showIndicator(token)
    }
}

/// The question view's reducer.
enum QuestionFeature {
    /// Opens the question of `thread` (made with the list's summary, which shows at once) and loads it, focused on
    /// answer `focus` once laid out.
    static func open(focus: Int?, _ thread: inout QuestionState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        let id = thread.questionID, summary = thread.summary
        let token = out.makeToken(context)
        thread.load = .loading(PendingLoad(token: token, page: 1))
        thread.focusAnswerID = focus
        thread.myMarks = Dictionary(uniqueKeysWithValues: context.account.marks.filter { $0.key.site == context.site }.map { ($0.key.id, $0.value) })
        // The mark from before this opening tells which answers are new; the store is asked (before this opening's
        // mark is written) when this session has none.
        out.effects = Effect.withIndicator(.load(token, .thread(questionID: id, site: context.site, reload: false,
                                                                listCopy: summary?.body == nil ? nil : summary)), token: token)
        if let mark = context.readMarks.byQuestion[id] {
            thread.lastReadMark = .loaded(mark)
        } else {
            let lastRead = out.makeToken(context)
            thread.lastReadMark = .loading(lastRead)
            out.effects.append(.load(lastRead, .lastRead(site: context.site, questionID: id)))
        }
        if let summary { markRead(summary, context, &out) }
        let linked = out.makeToken(context)
        thread.linked = .loading(linked)
        out.effects.append(.load(linked, .linkedQuestions(site: context.site, questionID: id)))
        return out
    }

    /// The mark the question had before this opening, from the store (`token`: this opening's read).
    static func lastReadLoaded(_ token: LoadToken, _ mark: ReadState?, _ thread: inout QuestionState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard thread.lastReadMark.settle(token, .success(mark)) else { return out }
        ThreadNews.announce(&thread, &out)
        return out
    }

    /// The questions the store links with this one (`token`: this opening's read).
    static func linkedLoaded(_ token: LoadToken, _ related: [LinkedQuestion], _ thread: inout QuestionState) {
        _ = thread.linked.settle(token, .success(related))
    }

    static func command(_ command: Command, _ thread: inout QuestionState, _ context: ScreenContext) -> Outcome {
        if command == .open, case .previewed = thread.compose?.stage { return ComposeFlow.send(&thread, context) }
        var out = Outcome()
        let page = context.viewport.contentRows
        if move(command, &thread, context, &out) { return out }
        switch command {
        case .moveDown: scroll(to: thread.scroll + 1, &thread, context)
        case .moveUp: scroll(to: thread.scroll - 1, &thread, context)
        case .pageDown: scroll(to: thread.scroll + page, &thread, context)
        case .pageUp: scroll(to: thread.scroll - page, &thread, context)
        case .top: scroll(to: 0, &thread, context)
        case .bottom: scroll(to: thread.contentLines, &thread, context)
        case .reload: reload(&thread, context, &out)
        case .toggleComments: toggleComments(&thread, context, &out)
        case .filterByQuestionTag:
            guard let tags = thread.question?.tags, !tags.isEmpty else {
                out.setStatus("This question has no tags", isError: false)
                return out
            }
            out.navigation = [.openTagPicker(tags, purpose: .tag)]
        case .watchTag:
            return WatchedTags.command(thread.question?.tags ?? [], context)
        case .openInBrowser, .copyLink:
            return Reducer.linkCommand(command, url: linkInView(thread, site: context.site, rows: context.viewport.contentRows))
        case .copyCodeBlock:
            guard let measure = thread.measure else {
                out.setStatus("Nothing copied: the question is still being laid out", isError: false)
                return out
            }
            out.effects = [.copyCode(measure.copyTarget(inViewFrom: thread.scroll, rows: page))]
        case .toggleSaved:
            SavedListFeature.toggle(thread.questionID, context, &out)
        case .upvote, .downvote, .toggleBookmark, .acceptAnswer:
            return PostWrites.command(command, thread, context)
        case .writeAnswer, .writeComment:
            return ComposeFlow.start(command, &thread, context)
        case .followLink:
            guard let measure = thread.measure else {
                out.setStatus("No links yet: the question is still being laid out", isError: false)
                return out
            }
            guard !measure.links.isEmpty else {
                let loading = thread.thread == nil && thread.pending != nil
                out.setStatus(loading ? "No links yet: the question is still loading" : "No links in this question", isError: false)
                return out
            }
            let current = thread.currentPost(rows: context.viewport.contentRows)
            out.navigation = [.openLinkPicker(LinkPickerState(links: measure.links, postInView: current))]
        default:
            break
        }
        return out
    }

    /// Scrolls to `line` (clamped to the document) and remembers the content there.
    static func scroll(to line: Int, _ thread: inout QuestionState, _ context: ScreenContext) {
        thread.scroll = max(0, min(line, thread.contentLines - context.viewport.contentRows))
        thread.anchor = thread.measure?.anchor(atLine: thread.scroll)
        // The view moved: the post ]/[ or a link chose is no longer current, even if the view comes back to it.
        thread.postMark = nil
    }

    private static func reload(_ thread: inout QuestionState, _ context: ScreenContext, _ out: inout Outcome) {
        if let cancelled = thread.load.giveUp() { out.effects.append(.cancel(cancelled)) }
        if let comments = thread.postComments.token { out.effects.append(.cancel(comments)) }
        thread.postComments = .idle
        thread.commentsReload = true
        let token = out.makeToken(context)
        thread.load = .loading(PendingLoad(token: token, page: 1, replacesItems: true))
        out.clearStatus()
        out.effects += Effect.withIndicator(.load(token, .thread(questionID: thread.questionID, site: context.site, reload: true,
                                                    listCopy: nil)), token: token)
    }

    /// Esc: cancels the thread's loads and keeps what is shown; with nothing loading, clears the find; nil when
    /// there is neither.
    static func cancelLoads(_ thread: inout QuestionState, _ context: ScreenContext) -> Outcome? {
        if let kept = ComposeFlow.keepAsDraft(&thread, context) { return kept }
        let tokens = [thread.pending?.token, thread.postComments.token].compactMap { $0 }
        guard !tokens.isEmpty else { return clearFind(&thread) }
        _ = thread.load.giveUp()
        thread.postComments.giveUp()
        var out = Outcome(tokens.map { .cancel($0) })
        out.noteCancelled(context)
        return out
    }

    static func loaded(_ token: LoadToken, _ result: Result<QuestionThread, APIError>, _ thread: inout QuestionState,
                       _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard let pending = thread.load.finish(token, failure: result.failure) else { return out }
        switch result {
        case .success(let value):
            thread.thread = value
            out.noteQuota(value.quotaRemaining, value.quotaMax)
            out.clearLoadError()
            markRead(value.question, context, &out)
            askMyMarks(&thread, again: pending.replacesItems, context, &out)
            let before = out.message(over: context)
            ThreadNews.announce(&thread, &out)
            out.noteUnknownValues([value.question].unknownValueCount + value.answers.unknownValueCount, "posts", before: before, context)
        case .failure(let error):
            out.report(error, context)
        }
        if thread.showComments && thread.comments == nil && thread.thread != nil { requestComments(&thread, context, &out) }
        return out
    }

    /// Opening `question` marks it read with its answer count and last activity as known now (`Outcome.readMarks`).
    private static func markRead(_ question: Question, _ context: ScreenContext, _ out: inout Outcome) {
        let mark = ReadState(question)
        guard context.readMarks.byQuestion[question.questionID] != mark else { return }
        out.readMarks[question.questionID] = mark
        out.effects.append(.remember(.readMarks(site: context.site, [question.questionID: mark])))
    }

    /// The layout step's measurements: the first time the focused answer is laid out, scroll to it; otherwise
    /// keep the anchored content at the top.
    static func laidOut(_ measure: ThreadMeasure, _ thread: inout QuestionState, _ context: ScreenContext) {
        thread.measure = measure
        refind(&thread)
        if let focus = thread.focusAnswerID, let line = measure.postStarts[focus] {
            thread.focusAnswerID = nil
            scroll(to: line, &thread, context)
            // The answer a link named is the one the reader is on, even where the view cannot bring it to the top.
            thread.postMark = PostMark(post: focus, scroll: thread.scroll)
            return
        }
        let anchor = thread.anchor
        let before = thread.scroll
        if let anchor, let line = measure.line(for: anchor) { thread.scroll = line }
        thread.scroll = max(0, min(thread.scroll, measure.lineCount - context.viewport.contentRows))
        thread.anchor = anchor ?? measure.anchor(atLine: thread.scroll)
        // The same place laid out anew (comments, linked questions arrived): the post ]/[ or a link chose stays current.
        if thread.postMark?.scroll == before { thread.postMark?.scroll = thread.scroll }
    }

    // MARK: Comments

    /// `c`: comments shown or hidden, said on the status line (they appear under posts that may be below the fold).
    static func toggleComments(_ thread: inout QuestionState, _ context: ScreenContext, _ out: inout Outcome) {
        thread.showComments.toggle()
        guard thread.showComments else { return out.setStatus("Comments hidden", isError: false) }
        if let comments = thread.comments { return out.setStatus(commentsShown(comments, context), isError: false) }
        out.setStatus("Loading the comments…", isError: false)
        guard thread.postComments.token == nil, thread.thread != nil else { return }
        requestComments(&thread, context, &out)
    }

    /// "12 comments shown under their posts (c hides them)", or that the thread has none.
    private static func commentsShown(_ comments: [Int: [Comment]], _ context: ScreenContext) -> String {
        let count = comments.values.reduce(0) { $0 + $1.count }
        guard count > 0 else { return "No comments on this question or its answers" }
        let key = context.keyName(.toggleComments)
        return (count == 1 ? "1 comment" : "\(count) comments") + " shown under their posts" + (key.isEmpty ? "" : " (\(key) hides them)")
    }

    private static func requestComments(_ thread: inout QuestionState, _ context: ScreenContext, _ out: inout Outcome) {
        guard let loaded = thread.thread else { return }
        let token = out.makeToken(context)
        thread.postComments = .loading(token)
        let ids = [loaded.question.questionID] + loaded.answers.map(\.answerID)
        let reload = thread.commentsReload
        thread.commentsReload = false
        out.effects.append(.load(token, .comments(postIDs: ids, site: context.site, reload: reload)))
    }

    static func commentsLoaded(_ token: LoadToken, _ result: Result<[Int: [Comment]], APIError>, _ thread: inout QuestionState,
                               _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard thread.postComments.settle(token, result) else { return out }
        switch result {
        case .success(let comments):
            let unknown = comments.values.joined().unknownValueCount
            if unknown == 0, thread.showComments { out.setStatus(commentsShown(comments, context), isError: false) }
            out.noteUnknownValues(unknown, "comments", before: context.status.message, context)
        case .failure(let error): out.report(error, context)
        }
        return out
    }

    /// Logged in and online: asks what the user did to the thread's posts (their votes and bookmark) — unless this
    /// session knows it of every post already (an earlier opening asked, or the user voted) and `again` (`r`) is false.
    private static func askMyMarks(_ thread: inout QuestionState, again: Bool, _ context: ScreenContext, _ out: inout Outcome) {
        guard context.account.userName != nil, !context.storeOnly, let loaded = thread.thread else { return }
        let posts = [loaded.question.questionID] + loaded.answers.map(\.answerID)
        if !again, posts.allSatisfy({ context.account.marks[PostKey(site: context.site, id: $0)] != nil }) { return }
        if let old = thread.marksLoad { out.effects.append(.cancel(old)) }
        let token = out.makeToken(context)
        thread.marksLoad = token
        out.effects.append(.load(token, .myMarks(site: context.site, questionID: loaded.question.questionID,
                                                 answerIDs: loaded.answers.map(\.answerID))))
    }

    /// The user's marks arrived: shown on the posts this session has not marked itself, and known for `+`/`-`/`f`.
    static func myMarksLoaded(_ token: LoadToken, _ result: Result<[Int: PostMarks], APIError>, _ thread: inout QuestionState,
                              _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard thread.marksLoad == token else { return out }
        thread.marksLoad = nil
        // A failure says nothing: the thread reads as it did, and a vote still works (the API says if it was cast).
        guard case .success(let marks) = result else { return out }
        for (id, marks) in marks where context.account.marks[PostKey(site: context.site, id: id)] == nil {
            thread.myMarks[id] = marks
            out.knownMarks[PostKey(site: context.site, id: id)] = marks
        }
        return out
    }

    /// The link of the current answer (`currentPost(rows:)` in a view of `rows` rows), else of the question.
    static func linkInView(_ thread: QuestionState, site: String, rows: Int) -> String {
        if let loaded = thread.thread, let post = thread.currentPost(rows: rows), let answer = loaded.answers.first(where: { $0.answerID == post }) {
            return SiteLinks.answer(answer, site: site)
        }
        if let question = thread.question { return SiteLinks.question(question, site: site) }
        return SiteLinks.question(id: thread.questionID, site: site)
    }
}
