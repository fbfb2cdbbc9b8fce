import Foundation

/// A site's totals and rates, as `/info` returns them.
///
/// Lives here until StackAPI has an `/info` model; every field is optional because filters may drop any.
public struct SiteInfo: Decodable, Hashable, Sendable {
    /// Questions on the site.
    public var totalQuestions: Int?
    /// Questions without an upvoted or accepted answer.
    public var totalUnanswered: Int?
    /// Questions with an accepted answer.
    public var totalAccepted: Int?
    /// Answers on the site.
    public var totalAnswers: Int?
    /// Comments on the site.
    public var totalComments: Int?
    /// Votes cast on the site.
    public var totalVotes: Int?
    /// Registered users.
    public var totalUsers: Int?
    /// New questions per minute, recently.
    public var questionsPerMinute: Double?
    /// New answers per minute, recently.
    public var answersPerMinute: Double?
    /// The API's revision string.
    public var apiRevision: String?

    private enum CodingKeys: String, CodingKey {
        case totalQuestions = "total_questions"
        case totalUnanswered = "total_unanswered"
        case totalAccepted = "total_accepted"
        case totalAnswers = "total_answers"
        case totalComments = "total_comments"
        case totalVotes = "total_votes"
        case totalUsers = "total_users"
        case questionsPerMinute = "questions_per_minute"
        case answersPerMinute = "answers_per_minute"
        case apiRevision = "api_revision"
    }
}
