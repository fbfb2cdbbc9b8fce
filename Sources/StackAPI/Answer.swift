import Foundation

/// An answer, with its body when the request asked for one (`filter=withbody`).
public struct Answer: Codable, Hashable, Sendable, Identifiable {
    public var id: Int { answerID }
    /// The answer id on its site.
    public var answerID: Int
    public var questionID: Int
    /// Score (0 when omitted; nil when the API sent an impossible number).
    public var score: Int?
    public var isAccepted: Bool
    /// The author; nil when the API omits it.
    public var owner: ShallowUser?
    /// When it was posted; nil when the API sent no plausible date.
    public var creationDate: Date?
    /// Last activity (edit, comment).
    public var lastActivityDate: Date?
    /// The question's title, entity-decoded, when the filter includes it.
    public var title: String?
    /// The body as HTML (not entity-decoded: it is rendered as HTML).
    public var body: String?
    /// Last edit, if edited.
    public var lastEditDate: Date?
    /// Comments on the answer, when the filter includes the count.
    public var commentCount: Int?
    /// Licence of the content, e.g. `CC BY-SA 4.0`.
    public var contentLicense: String?
    /// The body as Markdown, when the filter includes it.
    public var bodyMarkdown: String?
    /// The question's tags, entity-decoded, when the filter includes them (else empty).
    public var tags: [String]
    /// The answer's URL, when the filter includes it.
    public var link: String?
    /// Comments nested by a custom filter.
    public var comments: [Comment]?

    /// Creates an answer; fields the API may omit default to empty, zero or nil.
    public init(
        answerID: Int, questionID: Int, score: Int? = 0, isAccepted: Bool = false, owner: ShallowUser? = nil,
        creationDate: Date?, lastActivityDate: Date? = nil, title: String? = nil, body: String? = nil,
        lastEditDate: Date? = nil, commentCount: Int? = nil, contentLicense: String? = nil,
        bodyMarkdown: String? = nil, tags: [String] = [], link: String? = nil, comments: [Comment]? = nil
    ) {
        self.answerID = answerID
        self.questionID = questionID
        self.score = score
        self.isAccepted = isAccepted
        self.owner = owner
        self.creationDate = creationDate
        self.lastActivityDate = lastActivityDate
        self.title = title
        self.body = body
        self.lastEditDate = lastEditDate
        self.commentCount = commentCount
        self.contentLicense = contentLicense
        self.bodyMarkdown = bodyMarkdown
        self.tags = tags
        self.link = link
        self.comments = comments
    }

    enum CodingKeys: String, CodingKey {
        case answerID = "answer_id", questionID = "question_id", score, isAccepted = "is_accepted", owner
        case creationDate = "creation_date", lastActivityDate = "last_activity_date", title, body
        case lastEditDate = "last_edit_date", commentCount = "comment_count", contentLicense = "content_license"
        case bodyMarkdown = "body_markdown", tags, link, comments
    }

    /// Decodes the API's JSON: unix-second dates, title and tags entity-decoded once, impossible numbers unknown.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        answerID = try c.decode(Int.self, forKey: .answerID)
        questionID = try c.decode(Int.self, forKey: .questionID)
        score = try c.decodeScore(forKey: .score)
        isAccepted = try c.decode(Bool.self, forKey: .isAccepted, default: false)
        owner = try c.decodeIfPresent(ShallowUser.self, forKey: .owner)
        creationDate = try c.decodeUnixDateIfPresent(forKey: .creationDate)
        lastActivityDate = try c.decodeUnixDateIfPresent(forKey: .lastActivityDate)
        title = try c.decodeEscapedIfPresent(forKey: .title)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        lastEditDate = try c.decodeUnixDateIfPresent(forKey: .lastEditDate)
        commentCount = try c.decodeCountIfPresent(forKey: .commentCount)
        contentLicense = try c.decodeIfPresent(String.self, forKey: .contentLicense)
        bodyMarkdown = try c.decodeIfPresent(String.self, forKey: .bodyMarkdown)
        tags = try c.decodeEscapedTags(forKey: .tags)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        comments = try c.decodeIfPresent([Comment].self, forKey: .comments)
    }

    /// Encodes the API's JSON: unix-second dates, title and tags escaped again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(answerID, forKey: .answerID)
        try c.encode(questionID, forKey: .questionID)
        try c.encode(score, forKey: .score)
        try c.encode(isAccepted, forKey: .isAccepted)
        try c.encodeIfPresent(owner, forKey: .owner)
        try c.encodeUnixDateIfPresent(creationDate, forKey: .creationDate)
        try c.encodeUnixDateIfPresent(lastActivityDate, forKey: .lastActivityDate)
        try c.encodeEscapedIfPresent(title, forKey: .title)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeUnixDateIfPresent(lastEditDate, forKey: .lastEditDate)
        try c.encodeIfPresent(commentCount, forKey: .commentCount)
        try c.encodeIfPresent(contentLicense, forKey: .contentLicense)
        try c.encodeIfPresent(bodyMarkdown, forKey: .bodyMarkdown)
        try c.encodeEscapedTags(tags, forKey: .tags)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(comments, forKey: .comments)
    }
}
