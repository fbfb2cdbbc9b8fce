import Foundation

/// A user on one site (`/users`), or one of an account's site profiles (`/users/{ids}/associated`).
public struct User: Codable, Hashable, Sendable, Identifiable {
    public var id: Int { userID }
    /// Site-specific user id.
    public var userID: Int
    /// Network-wide account id.
    public var accountID: Int?
    /// The display name, entity-decoded (absent in associated-account lists).
    public var displayName: String?
    /// Reputation on the site (0 when omitted; nil when the API sent an impossible number).
    public var reputation: Int?
    /// `registered`, `unregistered`, `moderator`, `team_admin`, `does_not_exist`…
    public var userType: String?
    /// The profile page URL.
    public var link: String?
    /// Avatar URL.
    public var profileImage: String?
    public var websiteURL: String?
    /// Where the user says they are, entity-decoded.
    public var location: String?
    /// Percentage of the user's questions with an accepted answer.
    public var acceptRate: Int?
    /// Whether the user works for Stack Exchange.
    public var isEmployee: Bool
    /// When the profile was created.
    public var creationDate: Date?
    /// When the user was last seen.
    public var lastAccessDate: Date?
    /// When the profile last changed.
    public var lastModifiedDate: Date?
    public var badgeCounts: BadgeCounts?
    /// Reputation gained this week, when the filter includes it.
    public var reputationChangeWeek: Int?
    /// Questions asked, when the API includes it (associated accounts).
    public var questionCount: Int?
    /// Answers posted, when the API includes it (associated accounts).
    public var answerCount: Int?
    /// The site's name, entity-decoded (associated accounts).
    public var siteName: String?
    /// The site's URL (associated accounts).
    public var siteURL: String?

    /// Creates a user; fields the API may omit default to zero, false or nil.
    public init(
        userID: Int, accountID: Int? = nil, displayName: String? = nil, reputation: Int? = 0, userType: String? = nil,
        link: String? = nil, profileImage: String? = nil, websiteURL: String? = nil, location: String? = nil,
        acceptRate: Int? = nil, isEmployee: Bool = false, creationDate: Date? = nil, lastAccessDate: Date? = nil,
        lastModifiedDate: Date? = nil, badgeCounts: BadgeCounts? = nil, reputationChangeWeek: Int? = nil,
        questionCount: Int? = nil, answerCount: Int? = nil, siteName: String? = nil, siteURL: String? = nil
    ) {
        self.userID = userID
        self.accountID = accountID
        self.displayName = displayName
        self.reputation = reputation
        self.userType = userType
        self.link = link
        self.profileImage = profileImage
        self.websiteURL = websiteURL
        self.location = location
        self.acceptRate = acceptRate
        self.isEmployee = isEmployee
        self.creationDate = creationDate
        self.lastAccessDate = lastAccessDate
        self.lastModifiedDate = lastModifiedDate
        self.badgeCounts = badgeCounts
        self.reputationChangeWeek = reputationChangeWeek
        self.questionCount = questionCount
        self.answerCount = answerCount
        self.siteName = siteName
        self.siteURL = siteURL
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", accountID = "account_id", displayName = "display_name", reputation
        case userType = "user_type", link, profileImage = "profile_image", websiteURL = "website_url", location
        case acceptRate = "accept_rate", isEmployee = "is_employee", creationDate = "creation_date"
        case lastAccessDate = "last_access_date", lastModifiedDate = "last_modified_date"
        case badgeCounts = "badge_counts", reputationChangeWeek = "reputation_change_week"
        case questionCount = "question_count", answerCount = "answer_count", siteName = "site_name"
        case siteURL = "site_url"
    }

    /// Decodes the API's JSON: unix-second dates, names entity-decoded once, impossible numbers unknown.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        userID = try c.decode(Int.self, forKey: .userID)
        accountID = try c.decodeIDIfPresent(forKey: .accountID)
        displayName = try c.decodeEscapedIfPresent(forKey: .displayName)
        reputation = try c.decodeCount(forKey: .reputation)
        userType = try c.decodeIfPresent(String.self, forKey: .userType)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        profileImage = try c.decodeIfPresent(String.self, forKey: .profileImage)
        websiteURL = try c.decodeIfPresent(String.self, forKey: .websiteURL)
        location = try c.decodeEscapedIfPresent(forKey: .location)
        acceptRate = try c.decodeInteger(forKey: .acceptRate, in: 0...100)
        isEmployee = try c.decode(Bool.self, forKey: .isEmployee, default: false)
        creationDate = try c.decodeUnixDateIfPresent(forKey: .creationDate)
        lastAccessDate = try c.decodeUnixDateIfPresent(forKey: .lastAccessDate)
        lastModifiedDate = try c.decodeUnixDateIfPresent(forKey: .lastModifiedDate)
        badgeCounts = try c.decodeIfPresent(BadgeCounts.self, forKey: .badgeCounts)
        reputationChangeWeek = try c.decodeInteger(forKey: .reputationChangeWeek, in: Int.min...Int.max)
        questionCount = try c.decodeCountIfPresent(forKey: .questionCount)
        answerCount = try c.decodeCountIfPresent(forKey: .answerCount)
        siteName = try c.decodeEscapedIfPresent(forKey: .siteName)
        siteURL = try c.decodeIfPresent(String.self, forKey: .siteURL)
    }

    /// Encodes the API's JSON: unix-second dates, names escaped again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(userID, forKey: .userID)
        try c.encodeIfPresent(accountID, forKey: .accountID)
        try c.encodeEscapedIfPresent(displayName, forKey: .displayName)
        try c.encode(reputation, forKey: .reputation)
        try c.encodeIfPresent(userType, forKey: .userType)
        try c.encodeIfPresent(link, forKey: .link)
        try c.encodeIfPresent(profileImage, forKey: .profileImage)
        try c.encodeIfPresent(websiteURL, forKey: .websiteURL)
        try c.encodeEscapedIfPresent(location, forKey: .location)
        try c.encodeIfPresent(acceptRate, forKey: .acceptRate)
        try c.encode(isEmployee, forKey: .isEmployee)
        try c.encodeUnixDateIfPresent(creationDate, forKey: .creationDate)
        try c.encodeUnixDateIfPresent(lastAccessDate, forKey: .lastAccessDate)
        try c.encodeUnixDateIfPresent(lastModifiedDate, forKey: .lastModifiedDate)
        try c.encodeIfPresent(badgeCounts, forKey: .badgeCounts)
        try c.encodeIfPresent(reputationChangeWeek, forKey: .reputationChangeWeek)
        try c.encodeIfPresent(questionCount, forKey: .questionCount)
        try c.encodeIfPresent(answerCount, forKey: .answerCount)
        try c.encodeEscapedIfPresent(siteName, forKey: .siteName)
        try c.encodeIfPresent(siteURL, forKey: .siteURL)
    }
}
