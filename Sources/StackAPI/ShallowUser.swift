import Foundation

/// The owner of a post or comment as the API embeds it (`shallow_user`).
public struct ShallowUser: Codable, Hashable, Sendable {
    /// Site-specific user id; absent for users that no longer exist.
    public var userID: Int?
    /// The display name, entity-decoded.
    public var displayName: String?
    public var reputation: Int?
    /// `registered`, `unregistered`, `moderator`, `team_admin`, `does_not_exist`…
    public var userType: String?
    /// The profile page URL.
    public var link: String?
    /// Percentage of the user's questions with an accepted answer, when the API shows it.
    public var acceptRate: Int?
    /// Avatar URL.
    public var profileImage: String?
    /// Gold, silver and bronze badge counts, when the filter includes them.
    public var badgeCounts: BadgeCounts?

    /// Creates a user reference; every field is optional as in the API.
    public init(
        userID: Int? = nil, displayName: String? = nil, reputation: Int? = nil, userType: String? = nil,
        link: String? = nil, acceptRate: Int? = nil, profileImage: String? = nil, badgeCounts: BadgeCounts? = nil
    ) {
        self.userID = userID
        self.displayName = displayName
        self.reputation = reputation
        self.userType = userType
        self.link = link
        self.acceptRate = acceptRate
        self.profileImage = profileImage
        self.badgeCounts = badgeCounts
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", displayName = "display_name", reputation, userType = "user_type", link
        case acceptRate = "accept_rate", profileImage = "profile_image", badgeCounts = "badge_counts"
    }

    /// Decodes the API's JSON, entity-decoding the display name once; impossible numbers become nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userID = try c.decodeIDIfPresent(forKey: .userID)
        displayName = try c.decodeEscapedIfPresent(forKey: .displayName)
        reputation = try c.decodeCountIfPresent(forKey: .reputation)
        userType = try c.decodeIfPresent(String.self, forKey: .userType)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        acceptRate = try c.decodeInteger(forKey: .acceptRate, in: 0...100)
        profileImage = try c.decodeIfPresent(String.self, forKey: .profileImage)
        badgeCounts = try c.decodeIfPresent(BadgeCounts.self, forKey: .badgeCounts)
    }

    /// Encodes the API's JSON, escaping the display name again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(userID, forKey: .userID)
        try c.encodeEscapedIfPresent(displayName, forKey: .displayName)
        try c.encodeIfPresent(reputation, forKey: .reputation)
        try c.encodeIfPresent(userType, forKey: .userType)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(acceptRate, forKey: .acceptRate)
        try c.encodeIfPresent(profileImage, forKey: .profileImage)
        try c.encodeIfPresent(badgeCounts, forKey: .badgeCounts)
    }
}

/// Gold, silver and bronze badge counts (`badge_count`).
public struct BadgeCounts: Codable, Hashable, Sendable {
    /// Gold badges; nil when the API sent an impossible number.
    public var gold: Int?
    /// Silver badges; nil when the API sent an impossible number.
    public var silver: Int?
    /// Bronze badges; nil when the API sent an impossible number.
    public var bronze: Int?

    public init(gold: Int? = 0, silver: Int? = 0, bronze: Int? = 0) {
        self.gold = gold
        self.silver = silver
        self.bronze = bronze
    }

    enum CodingKeys: String, CodingKey { case gold, silver, bronze }

    /// Decodes counts; a missing count is 0, an impossible one nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        gold = try c.decodeCount(forKey: .gold)
        silver = try c.decodeCount(forKey: .silver)
        bronze = try c.decodeCount(forKey: .bronze)
    }

    /// Encodes the counts; an unknown count is `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(gold, forKey: .gold)
        try c.encode(silver, forKey: .silver)
        try c.encode(bronze, forKey: .bronze)
    }
}
