import Foundation
import StackAPI
import StackStore

/// The freshness rule: what the network sent less than `freshFor` ago is shown from the store without a request —
/// a list page (the same site, sort or search, tags, page size and page: the same questions in the same order) or
/// a question's thread and its comments. `LoadOperation` asks these first in `.preferFresh`; each runs on the
/// caller's thread.
extension LocalDataManager {
    /// How long what the network sent counts as fresh: five minutes, as long as the in-memory response cache.
    public static let freshFor: TimeInterval = 5 * 60

    /// The key a list page is remembered under: the site first, then what decides its questions and their order.
    public static func listKey(site: String, sort: String, search: String?, tagged: [String], pageSize: Int, page: Int) -> String {
        let what = search.map { "search/" + $0 } ?? "questions"
        return [site, what, sort, tagged.joined(separator: ";"), String(pageSize), String(page)].joined(separator: "/")
    }

    static func threadKey(site: String, questionID: Int) -> String { "\(site)/thread/\(questionID)" }

    static func commentsKey(site: String, postIDs: [Int]) -> String {
        "\(site)/comments/" + postIDs.map(String.init).joined(separator: ",")
    }

    /// Remembers which questions the network sent as the list page `key`, and the quota it reported.
    public func keep(listPage key: String, _ page: Page<Question>, site: String) {
        let ids = page.items.map(\.questionID)
        write { store in
            try store.recordListPage(key: key, ids: ids, hasMore: page.hasMore)
            if let remaining = page.quotaRemaining { try store.recordQuota(site: site, remaining: remaining, max: page.quotaMax) }
        }
    }

    /// The list page `key` as the network sent it, when that was less than `freshFor` ago and the store still holds
    /// every question on it (with the last quota the site reported); nil when it must be asked for again.
    public func freshListPage(key: String, site: String, page: Int, now: Date = Date()) throws -> Page<Question>? {
        guard let stored = try store.listPage(key: key, site: site, fetchedSince: now.addingTimeInterval(-Self.freshFor)) else {
            return nil
        }
        let quota = try store.quota(site: site)
        return Page(items: stored.questions.map(\.question), hasMore: stored.hasMore, page: page,
                    quotaRemaining: quota?.remaining, quotaMax: quota?.max)
    }

    /// Question `questionID` with its body when a list page brought it less than `freshFor` ago (so opening it
    /// needs only its answers); nil otherwise.
    public func freshQuestion(questionID: Int, site: String, now: Date = Date()) throws -> Question? {
        guard let stored = try store.questions(site: site, ids: [questionID]).first, stored.question.body != nil,
              now.timeIntervalSince(stored.fetchedAt) < Self.freshFor else { return nil }
        return stored.question
    }

    /// Question `questionID`'s thread when the network sent it less than `freshFor` ago; nil otherwise.
    public func freshThread(questionID: Int, site: String, now: Date = Date()) throws -> QuestionThread? {
        guard let fetched = try store.lastFetch(key: Self.threadKey(site: site, questionID: questionID)),
              now.timeIntervalSince(fetched) < Self.freshFor else { return nil }
        return try store.thread(site: site, questionID: questionID)?.thread
    }

    /// Remembers that the comments of these posts were fetched now (an empty answer included).
    public func recordCommentsFetch(postIDs: [Int], site: String) {
        write { try $0.recordFetch(key: Self.commentsKey(site: site, postIDs: postIDs)) }
    }

    /// The comments of these posts when the network sent them less than `freshFor` ago; nil otherwise.
    public func freshComments(postIDs: [Int], site: String, now: Date = Date()) throws -> [Int: [Comment]]? {
        guard let fetched = try store.lastFetch(key: Self.commentsKey(site: site, postIDs: postIDs)),
              now.timeIntervalSince(fetched) < Self.freshFor else { return nil }
        return try store.comments(site: site, postIDs: postIDs)
    }
}
