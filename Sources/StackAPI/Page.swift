import Foundation

/// One page of results as a load delivers it: the items plus paging and quota facts.
public struct Page<Item: Hashable & Sendable>: Hashable, Sendable {
    public var items: [Item]
    /// The page number that was requested (1-based).
    public var page: Int
    public var hasMore: Bool
    public var quotaRemaining: Int?
    public var quotaMax: Int?
    /// Seconds the API asked us to wait before calling the same method again.
    public var backoff: TimeInterval?

    public init(items: [Item], page: Int, hasMore: Bool, quotaRemaining: Int? = nil, quotaMax: Int? = nil, backoff: TimeInterval? = nil) {
        self.items = items
        self.page = page
        self.hasMore = hasMore
        self.quotaRemaining = quotaRemaining
        self.quotaMax = quotaMax
        self.backoff = backoff
    }
}

/// A question with its body and its answers, accepted answer first, then by score.
public struct QuestionThread: Hashable, Sendable {
    public var question: Question
    public var answers: [Answer]
    public var quotaRemaining: Int?
    public var quotaMax: Int?

    public init(question: Question, answers: [Answer], quotaRemaining: Int? = nil, quotaMax: Int? = nil) {
        self.question = question
        self.answers = QuestionThread.ordered(answers)
        self.quotaRemaining = quotaRemaining
        self.quotaMax = quotaMax
    }

    /// Accepted first, then by score (highest first), then oldest first.
    public static func ordered(_ answers: [Answer]) -> [Answer] {
        answers.sorted { a, b in
            if a.isAccepted != b.isAccepted { return a.isAccepted }
            if a.score != b.score { return a.score > b.score }
            return a.creationDate < b.creationDate
        }
    }
}
