import Foundation

/// A question with its body and its answers, ready to read.
public struct QuestionThread: Sendable, Hashable {
    /// The question, with its body.
    public var question: Question
    /// The answers with bodies: the accepted one first, then by score (highest first), then oldest first.
    public var answers: [Answer]
    /// Whether the question has more answers than were loaded (only the first page of the top-voted is fetched).
    public var hasMoreAnswers: Bool
    /// The smaller `quota_remaining` of the two responses, when the API said.
    public var quotaRemaining: Int?
    /// The daily quota the last response reported.
    public var quotaMax: Int?

    /// Creates a thread, putting `answers` in reading order.
    public init(question: Question, answers: [Answer], hasMoreAnswers: Bool = false, quotaRemaining: Int? = nil, quotaMax: Int? = nil) {
        self.question = question
        self.answers = Self.readingOrder(answers, acceptedAnswerID: question.acceptedAnswerID)
        self.hasMoreAnswers = hasMoreAnswers
        self.quotaRemaining = quotaRemaining
        self.quotaMax = quotaMax
    }

    /// Accepted first, then higher score, then older, then lower id (so the order is total and stable);
    /// an unknown score counts as the lowest, an unknown date as the newest.
    public static func readingOrder(_ answers: [Answer], acceptedAnswerID: Int?) -> [Answer] {
        func isAccepted(_ answer: Answer) -> Bool {
            answer.isAccepted || answer.answerID == acceptedAnswerID
        }
        return answers.sorted { lhs, rhs in
            if isAccepted(lhs) != isAccepted(rhs) { return isAccepted(lhs) }
            let (lhsScore, rhsScore) = (lhs.score ?? .min, rhs.score ?? .min)
            if lhsScore != rhsScore { return lhsScore > rhsScore }
            let (lhsDate, rhsDate) = (lhs.creationDate ?? .distantFuture, rhs.creationDate ?? .distantFuture)
            if lhsDate != rhsDate { return lhsDate < rhsDate }
            return lhs.answerID < rhs.answerID
        }
    }
}
