import Foundation

/// One item of the logged-in user's inbox (`/inbox`, network-wide): a reply, an answer to their question, a
/// mention… on any site.
public struct InboxItem: Codable, Hashable, Sendable, Identifiable {
    /// `comment`, `new_answer`, `chat_message`, `meta_question`, `post_notice`, `moderator_message`…
    public var itemType: String
    public var questionID: Int?
    public var answerID: Int?
    public var commentID: Int?
    /// The title, entity-decoded.
    public var title: String
    /// When it happened; nil when the API sent no plausible date.
    public var creationDate: Date?
    public var isUnread: Bool
    /// What was written, when the filter includes it (HTML).
    public var body: String?
    /// The item's URL on its site.
    public var link: String?
    /// The site it belongs to.
    public var site: Site?

    public init(itemType: String, questionID: Int? = nil, answerID: Int? = nil, commentID: Int? = nil, title: String,
                creationDate: Date?, isUnread: Bool, body: String? = nil, link: String? = nil, site: Site? = nil) {
        self.itemType = itemType
        self.questionID = questionID
        self.answerID = answerID
        self.commentID = commentID
        self.title = title
        self.creationDate = creationDate
        self.isUnread = isUnread
        self.body = body
        self.link = link
        self.site = site
    }

    enum CodingKeys: String, CodingKey {
        case itemType = "item_type", questionID = "question_id", answerID = "answer_id", commentID = "comment_id", title
        case creationDate = "creation_date", isUnread = "is_unread", body, link, site
    }

    /// Decodes the API's JSON: unix-second dates, the title entity-decoded once, impossible ids unknown.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        itemType = try c.decode(String.self, forKey: .itemType, default: "unknown")
        questionID = try c.decodeIDIfPresent(forKey: .questionID)
        answerID = try c.decodeIDIfPresent(forKey: .answerID)
        commentID = try c.decodeIDIfPresent(forKey: .commentID)
        title = try c.decodeEscapedIfPresent(forKey: .title) ?? ""
        creationDate = try c.decodeUnixDateIfPresent(forKey: .creationDate)
        isUnread = try c.decode(Bool.self, forKey: .isUnread, default: false)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        site = try c.decodeIfPresent(Site.self, forKey: .site)
    }

    /// An id for lists within one run: the item's type, site, posts and date hashed (the API gives items none).
    public var id: Int {
        var hasher = Hasher()
        hasher.combine(itemType)
        hasher.combine(site?.apiSiteParameter)
        hasher.combine(questionID)
        hasher.combine(answerID)
        hasher.combine(commentID)
        hasher.combine(creationDate)
        return hasher.finalize()
    }

    /// Encodes the API's JSON: unix-second dates, the title escaped again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(itemType, forKey: .itemType)
        try c.encodeIfPresent(questionID, forKey: .questionID)
        try c.encodeIfPresent(answerID, forKey: .answerID)
        try c.encodeIfPresent(commentID, forKey: .commentID)
        try c.encodeEscaped(title, forKey: .title)
        try c.encodeUnixDateIfPresent(creationDate, forKey: .creationDate)
        try c.encode(isUnread, forKey: .isUnread)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(site, forKey: .site)
    }

    /// `comment`, `new answer`, `chat message`…: the type in words.
    public var kindWords: String {
        switch itemType {
        case "comment": "comment"
        case "new_answer": "new answer"
        default: itemType.replacingOccurrences(of: "_", with: " ")
        }
    }
}
