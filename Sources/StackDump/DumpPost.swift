import Foundation

/// One `<row>` of a data dump's Posts.xml: a question (`postTypeID == 1`), an answer (`2`) or another kind of post.
public struct DumpPost: Hashable, Sendable {
    /// The post id (unique per site).
    public var id: Int
    /// 1 question, 2 answer, 3 orphaned tag wiki, 4 tag wiki excerpt, 5 tag wiki, 6 moderator nomination, 7 wiki placeholder.
    public var postTypeID: Int
    /// For answers: the question they answer.
    public var parentID: Int?
    /// For questions: the accepted answer, if any.
    public var acceptedAnswerID: Int?
    /// Up votes minus down votes.
    public var score: Int
    /// Views (questions only).
    public var viewCount: Int?
    /// Number of answers (questions only).
    public var answerCount: Int?
    public var commentCount: Int?
    /// Title as plain text (XML entities decoded once; no HTML escaping).
    public var title: String?
    /// Body HTML (XML entities decoded once, so this is the HTML the site shows).
    public var body: String
    /// Tags, from either `<a><b>` or `|a|b|`.
    public var tags: [String]
    /// When the post was created (UTC).
    public var creationDate: Date
    /// Last activity on the post (UTC).
    public var lastActivityDate: Date?
    /// The author's user id (absent for deleted users).
    public var ownerUserID: Int?
    /// The author's name when the user no longer exists.
    public var ownerDisplayName: String?
    /// The content licence, e.g. `CC BY-SA 4.0` (newer dumps only).
    public var contentLicense: String?

    public init(
        id: Int, postTypeID: Int, parentID: Int? = nil, acceptedAnswerID: Int? = nil, score: Int = 0,
        viewCount: Int? = nil, answerCount: Int? = nil, commentCount: Int? = nil, title: String? = nil,
        body: String = "", tags: [String] = [], creationDate: Date, lastActivityDate: Date? = nil,
        ownerUserID: Int? = nil, ownerDisplayName: String? = nil, contentLicense: String? = nil
    ) {
        self.id = id
        self.postTypeID = postTypeID
        self.parentID = parentID
        self.acceptedAnswerID = acceptedAnswerID
        self.score = score
        self.viewCount = viewCount
        self.answerCount = answerCount
        self.commentCount = commentCount
        self.title = title
        self.body = body
        self.tags = tags
        self.creationDate = creationDate
        self.lastActivityDate = lastActivityDate
        self.ownerUserID = ownerUserID
        self.ownerDisplayName = ownerDisplayName
        self.contentLicense = contentLicense
    }

    /// True for questions (`PostTypeId="1"`).
    public var isQuestion: Bool { postTypeID == 1 }
    /// True for answers (`PostTypeId="2"`).
    public var isAnswer: Bool { postTypeID == 2 }
}

extension DumpPost {
    init(row: DumpRow) throws {
        self.init(
            id: try row.requiredInt("Id"),
            postTypeID: try row.requiredInt("PostTypeId"),
            parentID: try row.int("ParentId"),
            acceptedAnswerID: try row.int("AcceptedAnswerId"),
            score: try row.int("Score") ?? 0,
            viewCount: try row.int("ViewCount"),
            answerCount: try row.int("AnswerCount"),
            commentCount: try row.int("CommentCount"),
            title: row.text("Title"),
            body: row.text("Body") ?? "",
            tags: DumpTagList.parse(row.text("Tags") ?? ""),
            creationDate: try row.requiredDate("CreationDate"),
            lastActivityDate: try row.date("LastActivityDate"),
            ownerUserID: try row.int("OwnerUserId"),
            ownerDisplayName: row.text("OwnerDisplayName"),
            contentLicense: row.text("ContentLicense")
        )
    }
}
