import Foundation
import StackAPI

/// The orders the store can compute by itself (the API's `hot`, `week` and `month` need votes it never sees).
public enum StoreSort: String, CaseIterable, Sendable, Hashable {
    /// Latest activity first.
    case activity
    /// Newest first.
    case creation
    /// Highest score first.
    case votes

    /// The store's order for an API sort, or nil when the store cannot compute it.
    public init?(_ sort: QuestionSort) {
        self.init(rawValue: sort.rawValue)
    }
}

/// The orders of a local search: the four the API's `/search/advanced` offers.
public enum StoreSearchSort: String, CaseIterable, Sendable, Hashable {
    /// Best match first (title matches, then bm25).
    case relevance
    /// Latest activity first.
    case activity
    /// Newest first.
    case creation
    /// Highest score first.
    case votes

    /// The store's order for an API search sort (the store computes all four).
    public init(_ sort: SearchSort) {
        switch sort {
        case .relevance: self = .relevance
        case .activity: self = .activity
        case .creation: self = .creation
        case .votes: self = .votes
        }
    }

    /// The list order that sorts the same column; nil for relevance.
    var listSort: StoreSort? { StoreSort(rawValue: rawValue) }
}

/// What was known of a question when it was last opened.
public struct ReadMark: Sendable, Hashable {
    public var answerCount: Int
    public var lastActivity: Date?
    public var readAt: Date

    public init(answerCount: Int, lastActivity: Date?, readAt: Date) {
        self.answerCount = answerCount
        self.lastActivity = lastActivity
        self.readAt = readAt
    }
}

/// A question as the store holds it, with where it came from, its age and its read mark.
public struct StoredQuestion: Sendable, Hashable {
    /// The question (its body only where the read asked for it and the store has it).
    public var question: Question
    public var origin: StoreOrigin
    /// When it was last written from the network or a dump.
    public var fetchedAt: Date
    /// The mark left when it was last opened; nil if never opened.
    public var readMark: ReadMark?

    /// Whether it changed since it was read: more answers, or later activity. False when never read.
    public var isUpdatedSinceRead: Bool {
        guard let readMark else { return false }
        if (question.answerCount ?? 0) > readMark.answerCount { return true }
        guard let now = question.lastActivityDate, let then = readMark.lastActivity else { return false }
        return now > then
    }
}

/// A link between two posts from a dump's PostLinks.xml.
public struct StoredPostLink: Sendable, Hashable {
    /// Whether the other post is a duplicate target (`LinkTypeId` 3) or merely related (1).
    public enum Kind: Int, Sendable { case related = 1, duplicate = 3 }
    public var postID: Int
    public var relatedPostID: Int
    /// Related or duplicate; nil for a type the store does not know.
    public var kind: Kind?
    /// The other post's title when the store holds it.
    public var relatedTitle: String?
}

/// A question with its answers and every comment the store holds, ready to read offline.
public struct StoredThread: Sendable, Hashable {
    /// The question with body and comments, and the answers with bodies and comments, in reading order.
    public var thread: QuestionThread
    /// The question's origin, age and read mark.
    public var stored: StoredQuestion
    /// Links from this question to others (duplicates, related).
    public var links: [StoredPostLink]
}
