import Foundation

/// The common wrapper around every API response.
public struct ResponseWrapper<Item: Decodable & Sendable>: Decodable, Sendable {
    public var items: [Item]
    public var hasMore: Bool
    public var quotaMax: Int?
    public var quotaRemaining: Int?
    public var backoff: TimeInterval?
    public var errorID: Int?
    public var errorName: String?
    public var errorMessage: String?
    public var page: Int?
    public var pageSize: Int?
    public var total: Int?
}

/// The owner of a post or comment as the API embeds it.
public struct ShallowUser: Codable, Hashable, Sendable {
    public var userID: Int?
    public var displayName: String?
    public var reputation: Int?
    public var userType: String?
    public var link: String?
}

/// A question, with its body when the request asked for one.
public struct Question: Codable, Hashable, Sendable, Identifiable {
    public var id: Int { questionID }
    public var questionID: Int
    public var title: String
    public var tags: [String]
    public var owner: ShallowUser?
    public var isAnswered: Bool
    public var viewCount: Int
    public var answerCount: Int
    public var score: Int
    public var acceptedAnswerID: Int?
    public var creationDate: Date
    public var lastActivityDate: Date?
    public var link: String?
    public var body: String?
}

/// An answer, with its body when the request asked for one.
public struct Answer: Codable, Hashable, Sendable, Identifiable {
    public var id: Int { answerID }
    public var answerID: Int
    public var questionID: Int
    public var score: Int
    public var isAccepted: Bool
    public var owner: ShallowUser?
    public var creationDate: Date
    public var lastActivityDate: Date?
    public var title: String?
    public var body: String?
}

/// A comment on a question or answer.
public struct Comment: Codable, Hashable, Sendable, Identifiable {
    public var id: Int { commentID }
    public var commentID: Int
    public var postID: Int
    public var score: Int
    public var owner: ShallowUser?
    public var creationDate: Date
    public var body: String?
}
