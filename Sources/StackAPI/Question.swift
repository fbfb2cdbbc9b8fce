import Foundation

/// A question, with its body when the request asked for one (`filter=withbody`).
public struct Question: Codable, Hashable, Sendable, Identifiable {
    public var id: Int { questionID }
    /// The question id on its site.
    public var questionID: Int
    /// The title, entity-decoded once.
    public var title: String
    /// Tags, entity-decoded; empty when the API omits them.
    public var tags: [String]
    /// The asker; nil when the API omits it.
    public var owner: ShallowUser?
    /// Whether the question has an accepted or upvoted answer.
    public var isAnswered: Bool
    /// Views (0 when omitted; nil when the API sent an impossible number).
    public var viewCount: Int?
    /// Answers (0 when omitted; nil when the API sent an impossible number).
    public var answerCount: Int?
    /// Score (0 when omitted; nil when the API sent an impossible number).
    public var score: Int?
    public var acceptedAnswerID: Int?
    /// When it was asked; nil when the API sent no plausible date.
    public var creationDate: Date?
    /// Last activity (edit, answer, comment).
    public var lastActivityDate: Date?
    /// The question's URL.
    public var link: String?
    /// The body as HTML (not entity-decoded: it is rendered as HTML).
    public var body: String?
    /// Last edit, if edited.
    public var lastEditDate: Date?
    /// When it was closed, if closed.
    public var closedDate: Date?
    /// Why it was closed, e.g. `duplicate`.
    public var closedReason: String?
    /// When it was protected, if protected.
    public var protectedDate: Date?
    /// Comments on the question, when the filter includes the count.
    public var commentCount: Int?
    /// Licence of the content, e.g. `CC BY-SA 4.0`.
    public var contentLicense: String?
    /// The body as Markdown, when the filter includes it.
    public var bodyMarkdown: String?
    /// Reputation offered by the open bounty, if any.
    public var bountyAmount: Int?
    /// When the open bounty closes.
    public var bountyClosesDate: Date?
    /// Answers nested by a custom filter.
    public var answers: [Answer]?
    /// Comments nested by a custom filter.
    public var comments: [Comment]?

    /// Creates a question; fields the API may omit default to empty, zero or nil.
    public init(
        questionID: Int, title: String, tags: [String] = [], owner: ShallowUser? = nil, isAnswered: Bool = false,
        viewCount: Int? = 0, answerCount: Int? = 0, score: Int? = 0, acceptedAnswerID: Int? = nil,
        creationDate: Date?, lastActivityDate: Date? = nil, link: String? = nil, body: String? = nil,
        lastEditDate: Date? = nil, closedDate: Date? = nil, closedReason: String? = nil, protectedDate: Date? = nil,
        commentCount: Int? = nil, contentLicense: String? = nil, bodyMarkdown: String? = nil,
        bountyAmount: Int? = nil, bountyClosesDate: Date? = nil, answers: [Answer]? = nil, comments: [Comment]? = nil
    ) {
        self.questionID = questionID
        self.title = title
        self.tags = tags
        self.owner = owner
        self.isAnswered = isAnswered
        self.viewCount = viewCount
        self.answerCount = answerCount
        self.score = score
        self.acceptedAnswerID = acceptedAnswerID
        self.creationDate = creationDate
        self.lastActivityDate = lastActivityDate
        self.link = link
        self.body = body
        self.lastEditDate = lastEditDate
        self.closedDate = closedDate
        self.closedReason = closedReason
        self.protectedDate = protectedDate
        self.commentCount = commentCount
        self.contentLicense = contentLicense
        self.bodyMarkdown = bodyMarkdown
        self.bountyAmount = bountyAmount
        self.bountyClosesDate = bountyClosesDate
        self.answers = answers
        self.comments = comments
    }

    enum CodingKeys: String, CodingKey {
        case questionID = "question_id", title, tags, owner, isAnswered = "is_answered", viewCount = "view_count"
        case answerCount = "answer_count", score, acceptedAnswerID = "accepted_answer_id"
        case creationDate = "creation_date", lastActivityDate = "last_activity_date", link, body
        case lastEditDate = "last_edit_date", closedDate = "closed_date", closedReason = "closed_reason"
        case protectedDate = "protected_date", commentCount = "comment_count", contentLicense = "content_license"
        case bodyMarkdown = "body_markdown", bountyAmount = "bounty_amount", bountyClosesDate = "bounty_closes_date"
        case answers, comments
    }

    /// Decodes the API's JSON: unix-second dates, title and tags entity-decoded once, impossible numbers unknown.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        questionID = try c.decode(Int.self, forKey: .questionID)
        title = try c.decodeEscaped(forKey: .title)
        tags = try c.decodeEscapedTags(forKey: .tags)
        owner = try c.decodeIfPresent(ShallowUser.self, forKey: .owner)
        isAnswered = try c.decode(Bool.self, forKey: .isAnswered, default: false)
        viewCount = try c.decodeCount(forKey: .viewCount)
        answerCount = try c.decodeCount(forKey: .answerCount)
        score = try c.decodeScore(forKey: .score)
        acceptedAnswerID = try c.decodeIDIfPresent(forKey: .acceptedAnswerID)
        creationDate = try c.decodeUnixDateIfPresent(forKey: .creationDate)
        lastActivityDate = try c.decodeUnixDateIfPresent(forKey: .lastActivityDate)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        lastEditDate = try c.decodeUnixDateIfPresent(forKey: .lastEditDate)
        closedDate = try c.decodeUnixDateIfPresent(forKey: .closedDate)
        closedReason = try c.decodeIfPresent(String.self, forKey: .closedReason)
        protectedDate = try c.decodeUnixDateIfPresent(forKey: .protectedDate)
        commentCount = try c.decodeCountIfPresent(forKey: .commentCount)
        contentLicense = try c.decodeIfPresent(String.self, forKey: .contentLicense)
        bodyMarkdown = try c.decodeIfPresent(String.self, forKey: .bodyMarkdown)
        bountyAmount = try c.decodeCountIfPresent(forKey: .bountyAmount)
        bountyClosesDate = try c.decodeUnixDateIfPresent(forKey: .bountyClosesDate)
        answers = try c.decodeIfPresent([Answer].self, forKey: .answers)
        comments = try c.decodeIfPresent([Comment].self, forKey: .comments)
    }

    /// Encodes the API's JSON: unix-second dates, title and tags escaped again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(questionID, forKey: .questionID)
        try c.encodeEscaped(title, forKey: .title)
        try c.encodeEscapedTags(tags, forKey: .tags)
        try c.encodeIfPresent(owner, forKey: .owner)
        try c.encode(isAnswered, forKey: .isAnswered)
        try c.encode(viewCount, forKey: .viewCount)
        try c.encode(answerCount, forKey: .answerCount)
        try c.encode(score, forKey: .score)
        try c.encodeIfPresent(acceptedAnswerID, forKey: .acceptedAnswerID)
        try c.encodeUnixDateIfPresent(creationDate, forKey: .creationDate)
        try c.encodeUnixDateIfPresent(lastActivityDate, forKey: .lastActivityDate)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeUnixDateIfPresent(lastEditDate, forKey: .lastEditDate)
        try c.encodeUnixDateIfPresent(closedDate, forKey: .closedDate)
        try c.encodeIfPresent(closedReason, forKey: .closedReason)
        try c.encodeUnixDateIfPresent(protectedDate, forKey: .protectedDate)
        try c.encodeIfPresent(commentCount, forKey: .commentCount)
        try c.encodeIfPresent(contentLicense, forKey: .contentLicense)
        try c.encodeIfPresent(bodyMarkdown, forKey: .bodyMarkdown)
        try c.encodeIfPresent(bountyAmount, forKey: .bountyAmount)
        try c.encodeUnixDateIfPresent(bountyClosesDate, forKey: .bountyClosesDate)
        try c.encodeIfPresent(answers, forKey: .answers)
        try c.encodeIfPresent(comments, forKey: .comments)
    }
}
