/// A site's totals and rates (`/info`).
public struct Info: Codable, Hashable, Sendable {
    /// Questions on the site.
    public var totalQuestions: Int
    /// Questions without an upvoted or accepted answer.
    public var totalUnanswered: Int
    /// Questions with an accepted answer.
    public var totalAccepted: Int
    /// Answers on the site.
    public var totalAnswers: Int
    /// Questions asked per minute, recently.
    public var questionsPerMinute: Double
    /// Answers posted per minute, recently.
    public var answersPerMinute: Double
    /// Comments on the site.
    public var totalComments: Int
    /// Votes cast on the site.
    public var totalVotes: Int
    /// Badges awarded on the site.
    public var totalBadges: Int
    /// Badges awarded per minute, recently.
    public var badgesPerMinute: Double
    /// Registered users.
    public var totalUsers: Int
    /// Users active for the first time recently.
    public var newActiveUsers: Int
    /// The API build that answered, e.g. `2012.4.12.2100`.
    public var apiRevision: String?
    /// The site itself, when the filter includes it.
    public var site: Site?

    /// Creates site info; every count defaults to zero.
    public init(
        totalQuestions: Int = 0, totalUnanswered: Int = 0, totalAccepted: Int = 0, totalAnswers: Int = 0,
        questionsPerMinute: Double = 0, answersPerMinute: Double = 0, totalComments: Int = 0, totalVotes: Int = 0,
        totalBadges: Int = 0, badgesPerMinute: Double = 0, totalUsers: Int = 0, newActiveUsers: Int = 0,
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

    /// Decodes the API's JSON; an omitted count or rate is zero.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        totalQuestions = try c.decode(Int.self, forKey: .totalQuestions, default: 0)
        totalUnanswered = try c.decode(Int.self, forKey: .totalUnanswered, default: 0)
        totalAccepted = try c.decode(Int.self, forKey: .totalAccepted, default: 0)
        totalAnswers = try c.decode(Int.self, forKey: .totalAnswers, default: 0)
        questionsPerMinute = try c.decode(Double.self, forKey: .questionsPerMinute, default: 0)
        answersPerMinute = try c.decode(Double.self, forKey: .answersPerMinute, default: 0)
        totalComments = try c.decode(Int.self, forKey: .totalComments, default: 0)
        totalVotes = try c.decode(Int.self, forKey: .totalVotes, default: 0)
        totalBadges = try c.decode(Int.self, forKey: .totalBadges, default: 0)
        badgesPerMinute = try c.decode(Double.self, forKey: .badgesPerMinute, default: 0)
        totalUsers = try c.decode(Int.self, forKey: .totalUsers, default: 0)
        newActiveUsers = try c.decode(Int.self, forKey: .newActiveUsers, default: 0)
        apiRevision = try c.decodeIfPresent(String.self, forKey: .apiRevision)
        site = try c.decodeIfPresent(Site.self, forKey: .site)
    }
}
