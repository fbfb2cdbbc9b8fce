import StackAPI

/// Answers and comments written in `$EDITOR` (`W`, `C` in a question): the editor opens on the draft, what it
/// leaves is kept in the store at once (by the runtime) and previewed through the API; the preview shows in the
/// thread and Enter sends it, once — a failed send is the reader's to repeat, the draft kept meanwhile; the new
/// post takes its place in the thread and the draft is forgotten.
enum ComposeFlow {
    /// `W` (an answer to the question) or `C` (a comment on the post in view): opens the editor, on the preview's
    /// text when one is shown.
    static func start(_ command: Command, _ thread: inout QuestionState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        if let refusal = context.account.refusal(command, storeOnly: context.storeOnly) {
            out.setStatus(refusal, isError: true)
            return out
        }
        guard let loaded = thread.thread else {
            out.setStatus("The question is still loading", isError: false)
            return out
        }
        let target: PostCompose.Target = if command == .writeAnswer {
            .answer(questionID: loaded.question.questionID)
        } else {
            .comment(postID: thread.currentPost(rows: context.viewport.contentRows) ?? loaded.question.questionID)
        }
        let compose = PostCompose(site: context.site, target: target)
        if let current = thread.compose, current.token != nil {
            out.setStatus("Your \(current.compose.noun) is on its way", isError: false)
            return out
        }
        // The preview shown is edited again from its text; otherwise the store's draft (if any) opens.
        let text = thread.compose.flatMap { $0.compose == compose ? $0.text : nil }
        thread.compose = ComposeState(compose: compose)
        out.effects = [.editPost(EditRequest(compose: compose, title: loaded.question.title, text: text))]
        return out
    }

    /// The editor closed: nothing written ends the compose; a length the API refuses is said (the draft kept);
    /// else the preview is asked for.
    static func edited(_ compose: PostCompose, _ result: Result<String, EditorFailure>, _ state: inout AppState) -> [Effect] {
        guard let index = screen(composing: compose, state) else { return [] }
        return Reducer.update(index, .question, &state) { thread, context in
            var out = Outcome()
            switch result {
            case .failure(let failure):
                thread.compose = nil
                out.setStatus("The editor did not run: \(failure.reason) — set VISUAL or EDITOR", isError: true)
            case .success(let text) where text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty:
                thread.compose = nil
                out.setStatus("Nothing written: nothing sent", isError: false)
            case .success(let text):
                if let problem = compose.lengthProblem(text) {
                    thread.compose = nil
                    out.setStatus("Not sent: \(problem) — \(context.keyName(command(of: compose))) edits the draft again", isError: true)
                    return out
                }
                let token = out.makeToken(context)
                thread.compose?.text = text
                thread.compose?.stage = .previewing(token)
                out.effects = [.load(token, .compose(compose, body: text, preview: true))]
                out.setStatus("Previewing your \(compose.noun)…", isError: false)
            }
            return out
        }
    }

    /// Enter on a preview: sends the post, once.
    static func send(_ thread: inout QuestionState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        guard let compose = thread.compose, case .previewed(let preview) = compose.stage else { return out }
        let token = out.makeToken(context)
        thread.compose?.stage = .sending(token, preview: preview)
        out.effects = [.load(token, .compose(compose.compose, body: compose.text, preview: false))]
        out.setStatus("Sending your \(compose.compose.noun)…", isError: false)
        return out
    }

    /// Esc on a preview: it stays a draft (in the store) and leaves the thread; nil when nothing is being written.
    static func keepAsDraft(_ thread: inout QuestionState, _ context: ScreenContext) -> Outcome? {
        guard let compose = thread.compose, case .previewed = compose.stage else { return nil }
        thread.compose = nil
        var out = Outcome()
        out.setStatus("Your \(compose.compose.noun) stays a draft: \(context.keyName(command(of: compose.compose))) opens it again",
                      isError: false)
        return out
    }

    /// The API answered a preview or a send. A post sent from a question the reader has left since is posted all
    /// the same: its draft is forgotten and the status line says so.
    static func loaded(_ token: LoadToken, _ compose: PostCompose, preview: Bool, _ result: Result<ComposedPost, APIError>,
                       _ state: inout AppState) -> [Effect] {
        guard let index = state.stack.lastIndex(where: { if case .question(let thread) = $0 { thread.compose?.token == token } else { false } })
        else {
            guard !preview else { return [] }
            switch result {
            case .success(let post):
                state.shared.setStatus("Your \(compose.noun) is posted (\(compose.noun) \(post.id))", isError: false)
                return [.remember(.draftPosted(compose))]
            case .failure(let error):
                if error.isUserVisible { state.shared.setStatus("Your \(compose.noun) was not sent: \(error.writeReason(retryKey: "")) — the draft is kept", isError: true) }
                return []
            }
        }
        return Reducer.update(index, .question, &state) { thread, context in
            var out = Outcome()
            guard let compose = thread.compose else { return out }
            let key = context.keyName(command(of: compose.compose))
            switch (compose.stage, result) {
            case (.previewing, .success(let preview)):
                thread.compose?.stage = .previewed(preview)
                out.setStatus("Preview of your \(compose.compose.noun) at the end: Enter sends it · \(key) edits it · Esc keeps it as a draft",
                              isError: false)
            case (.previewing, .failure(let error)):
                thread.compose = nil
                guard error.isUserVisible else { return out }
                out.setStatus("No preview: \(error.writeReason(retryKey: key)) — your draft is kept", isError: true)
            case (.sending, .success(let post)):
                thread.compose = nil
                place(post, in: &thread)
                out.effects = [.remember(.draftPosted(compose.compose))]
                out.setStatus("Your \(compose.compose.noun) is posted (\(compose.compose.noun) \(post.id))", isError: false)
            case (.sending(_, let preview), .failure(let error)):
                // Never sent again by itself: the reader decides (after a throttle's wait), the draft is kept.
                thread.compose?.stage = .previewed(preview)
                guard error.isUserVisible else { return out }
                out.setStatus("Not sent: \(error.writeReason(retryKey: "Enter")) — your draft is kept; Enter tries again", isError: true)
            default:
                break
            }
            return out
        }
    }

    /// The new post in its place: an answer after the others (the view goes to it), a comment under its post.
    private static func place(_ post: ComposedPost, in thread: inout QuestionState) {
        switch post {
        case .answer(let answer):
            thread.thread?.answers.append(answer)
            thread.focusAnswerID = answer.answerID
        case .comment(let comment):
            if case .loaded(var comments) = thread.postComments {
                comments[comment.postID, default: []].append(comment)
                thread.postComments = .loaded(comments)
            }
            thread.showComments = true
        }
    }

    /// The key that writes `compose` again.
    static func command(of compose: PostCompose) -> Command {
        if case .answer = compose.target { .writeAnswer } else { .writeComment }
    }

    /// The question screen writing `compose`, if any.
    private static func screen(composing compose: PostCompose, _ state: AppState) -> Int? {
        state.stack.lastIndex { if case .question(let thread) = $0 { thread.compose?.compose == compose } else { false } }
    }
}

/// Why the editor could not run on a draft, in words for the status line.
public struct EditorFailure: Error, Hashable, Sendable {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}
