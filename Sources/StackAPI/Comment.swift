import Foundation

/// A comment on a question or answer; `body` is HTML when the request asked for it (`filter=withbody`).
public struct Comment: Codable, Hashable, Sendable, Identifiable {
    public var id: Int { commentID }
    /// The comment id on its site.
    public var commentID: Int
    /// The question or answer it is on.
    public var postID: Int
    /// Score (0 when omitted; nil when the API sent an impossible number).
    public var score: Int?
    /// The author; nil when the API omits it.
    public var owner: ShallowUser?
    /// When it was posted; nil when the API sent no plausible date.
    public var creationDate: Date?
    /// The body as HTML (not entity-decoded: it is rendered as HTML).
    public var body: String?
    public var edited: Bool
    /// The user it replies to (`@name`), if any.
    public var replyToUser: ShallowUser?
    /// `question` or `answer`, when the filter includes it.
    public var postType: String?
    /// The comment's URL, when the filter includes it.
    public var link: String?
    /// Licence of the content, e.g. `CC BY-SA 4.0`.
    public var contentLicense: String?

    /// Creates a comment; fields the API may omit default to zero, false or nil.
    public init(
        commentID: Int, postID: Int, score: Int? = 0, owner: ShallowUser? = nil, creationDate: Date?,
        body: String? = nil, edited: Bool = false, replyToUser: ShallowUser? = nil, postType: String? = nil,
        link: String? = nil, contentLicense: String? = nil
    ) {
        self.commentID = commentID
        self.postID = postID
        self.score = score
        self.owner = owner
        self.creationDate = creationDate
        self.body = body
        self.edited = edited
        self.replyToUser = replyToUser
        self.postType = postType
        self.link = link
        self.contentLicense = contentLicense
    }

    enum CodingKeys: String, CodingKey {
        case commentID = "comment_id", postID = "post_id", score, owner, creationDate = "creation_date", body
        case edited, replyToUser = "reply_to_user", postType = "post_type", link, contentLicense = "content_license"
    }

    /// Decodes the API's JSON with unix-second dates; impossible numbers become unknown.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        commentID = try c.decode(Int.self, forKey: .commentID)
        postID = try c.decode(Int.self, forKey: .postID)
        score = try c.decodeScore(forKey: .score)
        owner = try c.decodeIfPresent(ShallowUser.self, forKey: .owner)
        creationDate = try c.decodeUnixDateIfPresent(forKey: .creationDate)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        edited = try c.decode(Bool.self, forKey: .edited, default: false)
        replyToUser = try c.decodeIfPresent(ShallowUser.self, forKey: .replyToUser)
        postType = try c.decodeIfPresent(String.self, forKey: .postType)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        contentLicense = try c.decodeIfPresent(String.self, forKey: .contentLicense)
    }

    /// Encodes the API's JSON with unix-second dates.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(commentID, forKey: .commentID)
        try c.encode(postID, forKey: .postID)
        try c.encode(score, forKey: .score)
        try c.encodeIfPresent(owner, forKey: .owner)
        try c.encodeUnixDateIfPresent(creationDate, forKey: .creationDate)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encode(edited, forKey: .edited)
        try c.encodeIfPresent(replyToUser, forKey: .replyToUser)
        try c.encodeIfPresent(postType, forKey: .postType)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(contentLicense, forKey: .contentLicense)
    }
}
