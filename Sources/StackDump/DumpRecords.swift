import Foundation

/// One `<row>` of Users.xml.
public struct DumpUser: Hashable, Sendable {
    /// The user id (`-1` is the Community bot).
    public var id: Int
    public var displayName: String
    public var reputation: Int
    /// When the account was created (UTC).
    public var creationDate: Date
    /// Last time the user was seen (UTC).
    public var lastAccessDate: Date?
    /// Free-text location.
    public var location: String?
    /// Profile text (HTML).
    public var aboutMe: String?
    /// Profile views.
    public var views: Int?
    /// Up votes cast.
    public var upVotes: Int?
    /// Down votes cast.
    public var downVotes: Int?
    /// The network-wide account id.
    public var accountID: Int?

    public init(
        id: Int, displayName: String, reputation: Int = 1, creationDate: Date, lastAccessDate: Date? = nil,
        location: String? = nil, aboutMe: String? = nil, views: Int? = nil, upVotes: Int? = nil,
        downVotes: Int? = nil, accountID: Int? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.reputation = reputation
        self.creationDate = creationDate
        self.lastAccessDate = lastAccessDate
        self.location = location
        self.aboutMe = aboutMe
        self.views = views
        self.upVotes = upVotes
        self.downVotes = downVotes
        self.accountID = accountID
    }
}

/// One `<row>` of Comments.xml.
public struct DumpComment: Hashable, Sendable {
    public var id: Int
    public var postID: Int
    /// Up votes.
    public var score: Int
    /// The comment text (Markdown-ish plain text, XML entities decoded once).
    public var text: String
    /// When the comment was posted (UTC).
    public var creationDate: Date
    /// The author's user id (absent for deleted users).
    public var userID: Int?
    /// The author's name when the user no longer exists.
    public var userDisplayName: String?
    /// The content licence, e.g. `CC BY-SA 4.0` (newer dumps only).
    public var contentLicense: String?

    public init(
        id: Int, postID: Int, score: Int = 0, text: String, creationDate: Date, userID: Int? = nil,
        userDisplayName: String? = nil, contentLicense: String? = nil
    ) {
        self.id = id
        self.postID = postID
        self.score = score
        self.text = text
        self.creationDate = creationDate
        self.userID = userID
        self.userDisplayName = userDisplayName
        self.contentLicense = contentLicense
    }
}

/// One `<row>` of Tags.xml.
public struct DumpTag: Hashable, Sendable {
    public var id: Int
    /// The tag name, e.g. `cardano-node`.
    public var name: String
    /// Number of questions carrying the tag.
    public var count: Int

    public init(id: Int, name: String, count: Int) {
        self.id = id
        self.name = name
        self.count = count
    }
}

extension DumpUser {
    init(row: DumpRow) throws {
        self.init(
            id: try row.requiredInt("Id"), displayName: row.text("DisplayName") ?? "",
            reputation: try row.int("Reputation") ?? 1, creationDate: try row.requiredDate("CreationDate"),
            lastAccessDate: try row.date("LastAccessDate"), location: row.text("Location"),
            aboutMe: row.text("AboutMe"), views: try row.int("Views"), upVotes: try row.int("UpVotes"),
            downVotes: try row.int("DownVotes"), accountID: try row.int("AccountId"))
    }
}

extension DumpComment {
    init(row: DumpRow) throws {
        self.init(
            id: try row.requiredInt("Id"), postID: try row.requiredInt("PostId"), score: try row.int("Score") ?? 0,
            text: row.text("Text") ?? "", creationDate: try row.requiredDate("CreationDate"),
            userID: try row.int("UserId"), userDisplayName: row.text("UserDisplayName"),
            contentLicense: row.text("ContentLicense"))
    }
}

extension DumpTag {
    init(row: DumpRow) throws {
        self.init(id: try row.requiredInt("Id"), name: try row.requiredText("TagName"), count: try row.int("Count") ?? 0)
    }
}
