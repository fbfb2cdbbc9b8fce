import Foundation
import StackAPI
import StackDump

/// How items are written: with bodies (`filter=withbody`) and with the `escape_titles` and `hostile_links` faults.
struct ItemStyle {
    var includeBody = false
    var escapeTitles = false
    var hostileLinks = false

    /// What the `escape_titles` fault puts before every title: set the window title, clear the screen.
    static let hostileTitlePrefix = "\u{1b}]0;PWNED\u{07}\u{1b}[2J"
    /// What the `hostile_links` fault appends to every question link: end a bracketed paste, an 8-bit CSI, and a
    /// command on a line of its own.
    static let hostileLinkSuffix = "\u{1b}[201~\u{9b}0m\necho PWNED\n"
}

/// `owner` / shallow user as the API writes it.
struct OwnerItem: Encodable {
    var userId: Int?
    var displayName: String
    var reputation: Int?
    var userType: String
    var link: String?
}

/// A question in the default filter's fields (plus `body` with `withbody`).
struct QuestionItem: Encodable {
    var tags: [String]
    var owner: OwnerItem
    var isAnswered: Bool
    var viewCount: Int
    var acceptedAnswerId: Int?
    var answerCount: Int
    var score: Int
    var lastActivityDate: UnixTime
    var creationDate: UnixTime
    var questionId: Int
    var contentLicense: String
    var link: String
    var title: String
    var body: String?
    /// The viewer's vote and bookmark (filters with `question.upvoted`…, and every write's answer).
    var upvoted: Bool?
    var downvoted: Bool?
    var favorited: Bool?
}

/// An answer in the default filter's fields (plus `body` with `withbody`).
struct AnswerItem: Encodable {
    var owner: OwnerItem
    var isAccepted: Bool
    var score: Int
    var lastActivityDate: UnixTime
    var creationDate: UnixTime
    var answerId: Int
    var questionId: Int
    var contentLicense: String
    var body: String?
    /// The viewer's vote (filters with `answer.upvoted`…, and every write's answer).
    var upvoted: Bool?
    var downvoted: Bool?
    /// Whether the answer is accepted (`answer.accepted`).
    var accepted: Bool?
    /// The Markdown of an answer written through the double, in the add route's answer.
    var bodyMarkdown: String?
}

/// A comment in the default filter's fields (which include `body`).
struct CommentItem: Encodable {
    var owner: OwnerItem
    var edited: Bool
    var score: Int
    var creationDate: UnixTime
    var postId: Int
    var commentId: Int
    var contentLicense: String
    var body: String
    /// The Markdown of a comment written through the double, in the add route's answer.
    var bodyMarkdown: String?
}

/// Builds API items from dump records of one site.
struct ItemFactory {
    let site: SiteData
    let style: ItemStyle

    func owner(id: Int?, fallbackName: String?) -> OwnerItem {
        if let id, let user = site.users[id] {
            return OwnerItem(
                userId: id, displayName: HTMLEntities.escape(user.displayName), reputation: user.reputation,
                userType: "registered", link: userLink(id, user.displayName))
        }
        if let id, site.users.isEmpty {
            // Posts-only dumps: the user table is absent, so the name is unknown.
            return OwnerItem(
                userId: id, displayName: "user\(id)", reputation: 1, userType: "registered", link: userLink(id, "user\(id)"))
        }
        return OwnerItem(displayName: HTMLEntities.escape(fallbackName ?? "anonymous"), userType: "does_not_exist")
    }

    private func userLink(_ id: Int, _ name: String) -> String {
        "https://\(site.host)/users/\(id)/\(PostText.slug(name))"
    }

    func question(_ post: DumpPost) -> QuestionItem {
        let rawTitle = post.title ?? ""
        let title = style.escapeTitles ? ItemStyle.hostileTitlePrefix + rawTitle : rawTitle
        return QuestionItem(
            tags: post.tags.map(HTMLEntities.escape),
            owner: owner(id: post.ownerUserID, fallbackName: post.ownerDisplayName),
            isAnswered: site.isAnswered(post),
            viewCount: post.viewCount ?? 0,
            acceptedAnswerId: post.acceptedAnswerID,
            answerCount: post.answerCount ?? site.answersByQuestion[post.id]?.count ?? 0,
            score: post.score,
            lastActivityDate: unix(post.lastActivityDate ?? post.creationDate),
            creationDate: unix(post.creationDate),
            questionId: post.id,
            contentLicense: PostText.license(post.contentLicense, created: post.creationDate),
            link: "https://\(site.host)/questions/\(post.id)/\(PostText.slug(rawTitle))" + (style.hostileLinks ? ItemStyle.hostileLinkSuffix : ""),
            title: HTMLEntities.escape(title),
            body: style.includeBody ? post.body : nil)
    }

    func answer(_ post: DumpPost) -> AnswerItem {
        let questionID = post.parentID ?? 0
        return AnswerItem(
            owner: owner(id: post.ownerUserID, fallbackName: post.ownerDisplayName),
            isAccepted: site.questionsByID[questionID]?.acceptedAnswerID == post.id,
            score: post.score,
            lastActivityDate: unix(post.lastActivityDate ?? post.creationDate),
            creationDate: unix(post.creationDate),
            answerId: post.id,
            questionId: questionID,
            contentLicense: PostText.license(post.contentLicense, created: post.creationDate),
            body: style.includeBody ? post.body : nil)
    }

    func comment(_ comment: DumpComment) -> CommentItem {
        CommentItem(
            owner: owner(id: comment.userID, fallbackName: comment.userDisplayName),
            edited: false,
            score: comment.score,
            creationDate: unix(comment.creationDate),
            postId: comment.postID,
            commentId: comment.id,
            contentLicense: PostText.license(comment.contentLicense, created: comment.creationDate),
            body: HTMLEntities.escape(comment.text))
    }

    private func unix(_ date: Date) -> UnixTime { UnixTime(seconds: date.timeIntervalSince1970.rounded(.down)) }
}

/// A date field as the API writes it: whole unix seconds, or (the `bad_dates` fault) a number no calendar holds.
struct UnixTime: Encodable {
    var seconds: Double

    /// Whole seconds as a JSON integer; anything else (1e20) as a JSON number with an exponent.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let whole = Int64(exactly: seconds) { try container.encode(whole) } else { try container.encode(seconds) }
    }
}
