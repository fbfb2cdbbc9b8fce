import Foundation

/// A tag on a site (`/tags`, `/users/{ids}/tags`).
public struct Tag: Codable, Hashable, Sendable, Identifiable {
    public var id: String { name }
    /// The tag name, entity-decoded.
    public var name: String
    /// Questions carrying the tag (0 when omitted; nil when the API sent an impossible number).
    public var count: Int?
    public var hasSynonyms: Bool
    public var isModeratorOnly: Bool
    /// Whether every question must carry it (or another required tag).
    public var isRequired: Bool
    /// Last activity on a question with the tag, when the API includes it.
    public var lastActivityDate: Date?
    /// The user the list belongs to (`/users/{ids}/tags`).
    public var userID: Int?

    /// Creates a tag; fields the API may omit default to zero or false.
    public init(
        name: String, count: Int? = 0, hasSynonyms: Bool = false, isModeratorOnly: Bool = false,
        isRequired: Bool = false, lastActivityDate: Date? = nil, userID: Int? = nil
    ) {
        self.name = name
        self.count = count
        self.hasSynonyms = hasSynonyms
        self.isModeratorOnly = isModeratorOnly
        self.isRequired = isRequired
        self.lastActivityDate = lastActivityDate
        self.userID = userID
    }

    enum CodingKeys: String, CodingKey {
        case name, count, hasSynonyms = "has_synonyms", isModeratorOnly = "is_moderator_only"
        case isRequired = "is_required", lastActivityDate = "last_activity_date", userID = "user_id"
    }

    /// Decodes the API's JSON, entity-decoding the name once; impossible numbers become unknown.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeEscaped(forKey: .name)
        count = try c.decodeCount(forKey: .count)
        hasSynonyms = try c.decode(Bool.self, forKey: .hasSynonyms, default: false)
        isModeratorOnly = try c.decode(Bool.self, forKey: .isModeratorOnly, default: false)
        isRequired = try c.decode(Bool.self, forKey: .isRequired, default: false)
        lastActivityDate = try c.decodeUnixDateIfPresent(forKey: .lastActivityDate)
        userID = try c.decodeIDIfPresent(forKey: .userID)
    }

    /// Encodes the API's JSON, escaping the name again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeEscaped(name, forKey: .name)
        try c.encode(count, forKey: .count)
        try c.encode(hasSynonyms, forKey: .hasSynonyms)
        try c.encode(isModeratorOnly, forKey: .isModeratorOnly)
        try c.encode(isRequired, forKey: .isRequired)
        try c.encodeUnixDateIfPresent(lastActivityDate, forKey: .lastActivityDate)
        try c.encodeIfPresent(userID, forKey: .userID)
    }
}
