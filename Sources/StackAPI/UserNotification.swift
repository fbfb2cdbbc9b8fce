import Foundation

/// One of the logged-in user's notifications on a site (`/me/notifications`): a badge earned, a post edited, a
/// reputation bonus…
public struct UserNotification: Codable, Hashable, Sendable {
    /// `badge_earned`, `edit_suggested`, `reputation_bonus`, `post_migrated`…
    public var notificationType: String
    /// What happened, as HTML.
    public var body: String?
    public var postID: Int?
    public var creationDate: Date?
    public var isUnread: Bool
    public var site: Site?

    public init(notificationType: String, body: String? = nil, postID: Int? = nil, creationDate: Date?, isUnread: Bool,
                site: Site? = nil) {
        self.notificationType = notificationType
        self.body = body
        self.postID = postID
        self.creationDate = creationDate
        self.isUnread = isUnread
        self.site = site
    }

    enum CodingKeys: String, CodingKey {
        case notificationType = "notification_type", body, postID = "post_id", creationDate = "creation_date"
        case isUnread = "is_unread", site
    }

    /// Decodes the API's JSON: unix-second dates, impossible ids unknown.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        notificationType = try c.decode(String.self, forKey: .notificationType, default: "unknown")
        body = try c.decodeIfPresent(String.self, forKey: .body)
        postID = try c.decodeIDIfPresent(forKey: .postID)
        creationDate = try c.decodeUnixDateIfPresent(forKey: .creationDate)
        isUnread = try c.decode(Bool.self, forKey: .isUnread, default: false)
        site = try c.decodeIfPresent(Site.self, forKey: .site)
    }

    /// Encodes the API's JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(notificationType, forKey: .notificationType)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeIfPresent(postID, forKey: .postID)
        try c.encodeUnixDateIfPresent(creationDate, forKey: .creationDate)
        try c.encode(isUnread, forKey: .isUnread)
        try c.encodeIfPresent(site, forKey: .site)
    }
}

extension InboxItem {
    /// A notification as an inbox row: its type, its body's text as the title, no question to open.
    public init(_ notification: UserNotification) {
        self.init(itemType: notification.notificationType, title: Self.text(ofHTML: notification.body ?? ""),
                  creationDate: notification.creationDate, isUnread: notification.isUnread, site: notification.site)
    }

    /// The text of a short HTML fragment: tags left out, entities decoded.
    static func text(ofHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            switch character {
            case "<": inTag = true
            case ">": inTag = false
            default: if !inTag { text.append(character) }
            }
        }
        return HTMLEntities.decode(text)
    }
}
