import StackAPI

/// The logged-in user's votes, bookmarks and accepts on the question screen: which post a key acts on, the write
/// it sends (pressing the same key again undoes), and what the API's answer changes — the user's marks, the post's
/// score, the status line.
enum PostWrites {
    /// `+`, `-`, `f` or `X` on `thread`: the write for the post in view, or why there is none.
    static func command(_ command: Command, _ thread: QuestionState, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        switch write(for: command, thread, context) {
        case .failure(let reason):
            out.setStatus(reason.text, isError: true)
        case .success(let write):
            send(write, context, &out)
        }
        return out
    }

    /// `f` on a list row: bookmarks question `id` of the site, or removes the bookmark (`bookmarked`: it has one).
    static func bookmark(_ id: Int, bookmarked: Bool, _ context: ScreenContext) -> Outcome {
        var out = Outcome()
        if let refusal = refusal(.toggleBookmark, context) ?? busy(id, context) {
            out.setStatus(refusal.text, isError: true)
            return out
        }
        send(.bookmark(questionID: id, undo: bookmarked, site: context.site), context, &out)
        return out
    }

    /// Sends `write` under a new token, saying so.
    private static func send(_ write: PostWrite, _ context: ScreenContext, _ out: inout Outcome) {
        let token = out.makeToken(context)
        out.writesSent[token] = write
        out.effects = [.load(token, .write(write))]
        out.setStatus(Words.sending(write), isError: false)
    }

    /// Why no write can be sent at all: nobody logged in, or only the store is read.
    private static func refusal(_ command: Command, _ context: ScreenContext) -> Refusal? {
        context.account.refusal(command, storeOnly: context.storeOnly).map(Refusal.init)
    }

    /// Why post `id` takes no write now: one is on its way.
    private static func busy(_ id: Int, _ context: ScreenContext) -> Refusal? {
        context.account.isWriting(id, site: context.site) ? Refusal("Your last change to this post is still on its way") : nil
    }

    /// Why a key sends nothing.
    struct Refusal: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static func write(for command: Command, _ thread: QuestionState, _ context: ScreenContext) -> Result<PostWrite, Refusal> {
        let site = context.site
        if let refusal = refusal(command, context) { return .failure(refusal) }
        guard let loaded = thread.thread else { return .failure(Refusal("The question is still loading")) }
        let inView = thread.currentPost(rows: context.viewport.contentRows) ?? loaded.question.questionID
        let answer = loaded.answers.first { $0.answerID == inView }
        let post: PostWrite.Post = answer.map { .answer($0.answerID) } ?? .question(loaded.question.questionID)
        let target = command == .toggleBookmark ? loaded.question.questionID : post.id
        if let busy = busy(target, context) { return .failure(busy) }
        let marks = context.account.marks(of: target, site: site)
        switch command {
        case .upvote: return .success(.vote(post, down: false, undo: marks.vote == .up, site: site))
        case .downvote: return .success(.vote(post, down: true, undo: marks.vote == .down, site: site))
        case .toggleBookmark: return .success(.bookmark(questionID: target, undo: marks.bookmarked, site: site))
        default:
            guard let answer else {
                return .failure(Refusal("Accepting works on an answer: go to it (\(context.keyName(.nextAnswer))), then press \(context.keyName(command))"))
            }
            return .success(.accept(answerID: answer.answerID, undo: marks.accepted ?? answer.isAccepted, site: site))
        }
    }

    /// The API answered the write sent under `token`: the marks and the score change, the status line says so.
    static func written(_ token: LoadToken, _ write: PostWrite, _ result: Result<Int?, APIError>, _ state: inout AppState) -> [Effect] {
        guard state.shared.account.pending.removeValue(forKey: token) != nil else { return [] }
        switch result {
        case .success(let score):
            let key = PostKey(site: write.site, id: write.post.id)
            let marks = write.applied(to: state.shared.account.marks(of: key.id, site: key.site))
            state.shared.account.marks[key] = marks
            if write.site == state.shared.site {
                for index in state.stack.indices {
                    guard case .question(var thread) = state.stack[index], var loaded = thread.thread else { continue }
                    let ids = [loaded.question.questionID] + loaded.answers.map(\.answerID)
                    guard ids.contains(write.post.id) else { continue }
                    Self.apply(write, score: score, to: &loaded)
                    thread.thread = loaded
                    thread.myMarks[write.post.id] = marks
                    state.stack[index] = .question(thread)
                }
            }
            state.shared.status.apply(.show(Words.done(write, score: score), .info))
        case .failure(let error):
            guard error.isUserVisible else { return [] }
            let key = state.shared.keyName(Words.command(of: write))
            state.shared.status.apply(.show(Words.failed(write) + ": " + error.writeReason(retryKey: key), .error))
        }
        return []
    }

    /// The post's new score (when the API sent one) and, for an accept, which answer is accepted.
    static func apply(_ write: PostWrite, score: Int?, to thread: inout QuestionThread) {
        switch write.post {
        case .question(let id):
            guard thread.question.questionID == id, let score else { return }
            thread.question.score = score
        case .answer(let id):
            guard let index = thread.answers.firstIndex(where: { $0.answerID == id }) else { return }
            if let score { thread.answers[index].score = score }
            switch write.act {
            case .accept:
                for other in thread.answers.indices { thread.answers[other].isAccepted = other == index }
                thread.question.acceptedAnswerID = id
            case .acceptUndo:
                thread.answers[index].isAccepted = false
                if thread.question.acceptedAnswerID == id { thread.question.acceptedAnswerID = nil }
            default:
                break
            }
        }
    }
}
