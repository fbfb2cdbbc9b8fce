/// A site's totals and rates (`/info`); a nil count or rate is one the API sent as an impossible number.
public struct Info: Codable, Hashable, Sendable {
    public var totalQuestions: Int?
    /// Questions without an upvoted or accepted answer.
    public var totalUnanswered: Int?
    /// Questions with an accepted answer.
    public var totalAccepted: Int?
    public var totalAnswers: Int?
    /// Questions asked per minute, recently.
    public var questionsPerMinute: Double?
    /// Answers posted per minute, recently.
    public var answersPerMinute: Double?
    public var totalComments: Int?
    public var totalVotes: Int?
    public var totalBadges: Int?
    /// Badges awarded per minute, recently.
    public var badgesPerMinute: Double?
    public var totalUsers: Int?
    /// Users active for the first time recently.
    public var newActiveUsers: Int?
    /// The API build that answered, e.g. `2012.4.12.2100`.
    public var apiRevision: String?
    /// The site itself, when the filter includes it.
    public var site: Site?

    /// Creates site info; every count defaults to zero.
    public init(
        totalQuestions: Int? = 0, totalUnanswered: Int? = 0, totalAccepted: Int? = 0, totalAnswers: Int? = 0,
        questionsPerMinute: Double? = 0, answersPerMinute: Double? = 0, totalComments: Int? = 0, totalVotes: Int? = 0,
        totalBadges: Int? = 0, badgesPerMinute: Double? = 0, totalUsers: Int? = 0, newActiveUsers: Int? = 0,
        apiRevision: String? = nil, site: Site? = nil
    ) {
        self.totalQuestions = totalQuestions
        self.totalUnanswered = totalUnanswered
        self.totalAccepted = totalAccepted
        self.totalAnswers = totalAnswers
        self.questionsPerMinute = questionsPerMinute
        self.answersPerMinute = answersPerMinute
        self.totalComments = totalComments
        self.totalVotes = totalVotes
        self.totalBadges = totalBadges
        self.badgesPerMinute = badgesPerMinute
        self.totalUsers = totalUsers
        self.newActiveUsers = newActiveUsers
        self.apiRevision = apiRevision
        self.site = site
    }

    enum CodingKeys: String, CodingKey {
        case totalQuestions = "total_questions", totalUnanswered = "total_unanswered"
        case totalAccepted = "total_accepted", totalAnswers = "total_answers"
        case questionsPerMinute = "questions_per_minute", answersPerMinute = "answers_per_minute"
        case totalComments = "total_comments", totalVotes = "total_votes", totalBadges = "total_badges"
        case badgesPerMinute = "badges_per_minute", totalUsers = "total_users", newActiveUsers = "new_active_users"
        case apiRevision = "api_revision", site
    }

    /// Decodes the API's JSON; an omitted count or rate is zero, an impossible one (negative, not a whole `Int`) nil.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        totalQuestions = try c.decodeCount(forKey: .totalQuestions)
        totalUnanswered = try c.decodeCount(forKey: .totalUnanswered)
        totalAccepted = try c.decodeCount(forKey: .totalAccepted)
        totalAnswers = try c.decodeCount(forKey: .totalAnswers)
        questionsPerMinute = try c.decodeNonNegative(forKey: .questionsPerMinute, absent: 0)
        answersPerMinute = try c.decodeNonNegative(forKey: .answersPerMinute, absent: 0)
        totalComments = try c.decodeCount(forKey: .totalComments)
        totalVotes = try c.decodeCount(forKey: .totalVotes)
        totalBadges = try c.decodeCount(forKey: .totalBadges)
        badgesPerMinute = try c.decodeNonNegative(forKey: .badgesPerMinute, absent: 0)
        totalUsers = try c.decodeCount(forKey: .totalUsers)
        newActiveUsers = try c.decodeCount(forKey: .newActiveUsers)
        apiRevision = try c.decodeIfPresent(String.self, forKey: .apiRevision)
        site = try c.decodeIfPresent(Site.self, forKey: .site)
    }
}
