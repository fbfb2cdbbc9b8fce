/// Moving inside a thread the way `less` and vim users do: half pages, answer to answer, code block to code
/// block, and in-page find with `n`/`N`. Every move that cannot happen says why on the status line.
extension QuestionFeature {
    /// Handles the moves this file defines; false for any other command.
    static func move(_ command: Command, _ thread: inout QuestionState, _ context: ScreenContext, _ out: inout Outcome) -> Bool {
        let half = max(1, context.viewport.contentRows / 2)
        switch command {
        case .halfPageDown: scroll(to: thread.scroll + half, &thread, context)
        case .halfPageUp: scroll(to: thread.scroll - half, &thread, context)
        case .nextAnswer, .previousAnswer:
            let forward = command == .nextAnswer
            let none = thread.thread == nil && thread.pending != nil ? "The answers are still loading"
                : forward ? "No answer below" : "Already at the top"
            jumpToPost(forward: forward, none: none, &thread, context, &out)
        case .nextCodeBlock, .previousCodeBlock:
            let starts = thread.measure?.codeStarts ?? []
            let forward = command == .nextCodeBlock
            let none = starts.isEmpty ? "No code block in this thread" : forward ? "No code block below" : "No code block above"
            jump(forward: forward, among: starts, none: none, &thread, context, &out)
        case .findNext: findAgain(forward: true, &thread, context, &out)
        case .findPrevious: findAgain(forward: false, &thread, context, &out)
        default: return false
        }
        return true
    }

    /// Scrolls the next (or previous) of `starts` past the top of the view to the top; says `none` when there is
    /// none, or that the bottom is reached when the view cannot scroll to it.
    private static func jump(forward: Bool, among starts: [Int], none: String, _ thread: inout QuestionState,
                             _ context: ScreenContext, _ out: inout Outcome) {
        let target = forward ? starts.first { $0 > thread.scroll } : starts.last { $0 < thread.scroll }
        guard let target else { return out.setStatus(none, isError: false) }
        let before = thread.scroll
        scroll(to: target, &thread, context)
        if thread.scroll == before { out.setStatus("Already at the bottom", isError: false) }
    }

    /// `]`/`[`: makes the next (previous) post after the current one (`currentPost(rows:)`) current and scrolls its
    /// start to the top, as far as the view goes: at the bottom the view may not move, the mark does, and the
    /// status line's `answer i/n` follows it. From inside a post `[` goes to its start. Says `none` when there is none.
    private static func jumpToPost(forward: Bool, none: String, _ thread: inout QuestionState, _ context: ScreenContext,
                                   _ out: inout Outcome) {
        let starts = (thread.measure?.postStarts ?? [:]).sorted { $0.value < $1.value }
        let current = thread.currentPost(rows: context.viewport.contentRows).flatMap { thread.measure?.postStarts[$0] } ?? thread.scroll
        let target = forward ? starts.first { $0.value > current } : starts.last { $0.value < max(current, thread.scroll) }
        guard let target else { return out.setStatus(none, isError: false) }
        scroll(to: target.value, &thread, context)
        thread.postMark = PostMark(post: target.key, scroll: thread.scroll)
    }

    // MARK: Find

    /// `/` then Enter: finds `text` in the laid-out thread and goes to the first match from the top of the view
    /// down (wrapping to the first one above it).
    static func find(_ text: String, _ thread: inout QuestionState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        let find = ThreadFind(pattern: FindPattern(text), measure: thread.measure)
        thread.find = find
        guard !find.matches.isEmpty else {
            out.setStatus(find.notFoundText, isError: false)
            return out
        }
        let below = find.matches.firstIndex { $0.line >= thread.scroll }
        go(to: below ?? 0, wrapped: below == nil, &thread, context, &out)
        return out
    }

    /// `n`/`N`: the match after (before) the current one while it is in view, else the first below (above) the
    /// view; past the last (first) match the find wraps around and says so.
    private static func findAgain(forward: Bool, _ thread: inout QuestionState, _ context: ScreenContext, _ out: inout Outcome) {
        guard let find = thread.find else {
            let key = context.keyName(.search)
            return out.setStatus(key.isEmpty ? "Nothing to find again" : "Nothing to find again — \(key) finds", isError: false)
        }
        guard !find.matches.isEmpty else { return out.setStatus(find.notFoundText, isError: false) }
        let view = thread.scroll..<(thread.scroll + context.viewport.contentRows)
        var index: Int
        if let current = find.current, view.contains(find.matches[current].line) {
            index = forward ? current + 1 : current - 1
        } else if forward {
            index = find.matches.firstIndex { $0.line >= thread.scroll } ?? find.matches.count
        } else {
            index = find.matches.lastIndex { $0.line < thread.scroll } ?? -1
        }
        let wrapped = !find.matches.indices.contains(index)
        if wrapped { index = forward ? 0 : find.matches.count - 1 }
        go(to: index, wrapped: wrapped, &thread, context, &out)
    }

    /// Makes match `index` the current one, scrolls it into view (two lines below the top, when it was out of
    /// view) and shows the count.
    private static func go(to index: Int, wrapped: Bool, _ thread: inout QuestionState, _ context: ScreenContext,
                           _ out: inout Outcome) {
        guard var find = thread.find else { return }
        find.current = index
        thread.find = find
        let line = find.matches[index].line
        let rows = context.viewport.contentRows
        if line < thread.scroll || line >= thread.scroll + rows {
            scroll(to: line - (rows >= 10 ? 2 : 0), &thread, context)
        }
        out.setStatus(find.countText + (wrapped ? " · search wrapped" : ""), isError: false)
    }

    /// After a new layout: the find's matches in the new lines; the current one is kept when the count is.
    static func refind(_ thread: inout QuestionState) {
        guard let old = thread.find else { return }
        var find = ThreadFind(pattern: old.pattern, measure: thread.measure)
        if find.matches.count == old.matches.count { find.current = old.current }
        thread.find = find
    }

    /// Esc with nothing loading: clears the find's highlights and says so, if there is a find (nil otherwise).
    static func clearFind(_ thread: inout QuestionState) -> Outcome? {
        guard thread.find != nil else { return nil }
        thread.find = nil
        var out = Outcome()
        out.setStatus("Find cleared", isError: false)
        return out
    }
}
