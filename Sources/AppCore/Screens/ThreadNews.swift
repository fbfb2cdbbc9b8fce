import Foundation
import StackAPI

extension QuestionState {
    /// The answers that arrived since the question was last read (empty when it never was, or that is not known).
    public var newAnswerIDs: Set<Int> {
        guard let mark = lastRead, let answers = thread?.answers else { return [] }
        return ThreadNews.newAnswers(answers, since: mark)
    }
}

/// What's new in a thread since it was last read, from the read mark left then.
enum ThreadNews {
    /// Answers created after the question's last activity at reading time (an answer moves that date, so none
    /// created later was there to read); when that date is unknown, the newest answers beyond the count read.
    static func newAnswers(_ answers: [Answer], since mark: ReadState) -> Set<Int> {
        if let then = mark.lastActivity {
            return Set(answers.filter { ($0.creationDate ?? .distantPast) > then }.map(\.answerID))
        }
        let added = answers.count - mark.answerCount
        guard added > 0 else { return [] }
        let newestFirst = answers.sorted { ($0.creationDate ?? .distantPast) > ($1.creationDate ?? .distantPast) }
        return Set(newestFirst.prefix(added).map(\.answerID))
    }

    /// Once the thread and the mark before this opening are both known, says on the status line how many answers
    /// are new (once per opening).
    static func announce(_ thread: inout QuestionState, _ out: inout Outcome) {
        guard !thread.newsAnnounced, thread.lastReadKnown, thread.thread != nil else { return }
        thread.newsAnnounced = true
        let count = thread.newAnswerIDs.count
        guard count > 0 else { return }
        out.setStatus(count == 1 ? "1 new answer since you read this" : "\(count) new answers since you read this", isError: false)
    }
}
