import Foundation
import GRDB
import StackAPI

/// A list page as the network last sent it, read back from the store.
public struct StoredListPage: Sendable, Hashable {
    /// The page's questions, with bodies, in the order the network sent them.
    public var questions: [StoredQuestion]
    /// Whether the network said more pages follow.
    public var hasMore: Bool
    public var fetchedAt: Date
}

extension Store {
    /// Remembers which questions the network sent as the list page named `key` (e.g.
    /// `cardano/questions/activity//50/1`; the site's name first, then a slash, so forgetting the site finds it).
    public func recordListPage(key: String, ids: [Int], hasMore: Bool, at date: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO list_page (key, ids, has_more, fetched_at) VALUES (?, ?, ?, ?)",
                           arguments: [key, ids.map(String.init).joined(separator: ","), hasMore, Self.stamp(date)])
        }
    }

    /// Live activity brought questions newer than the network's list pages of `site`: those pages no longer say
    /// what is newest, so none of them counts as fresh (the next launch shows the store's rows, the live ones among
    /// them, and asks the network again). Searches keep theirs: live activity does not order them.
    public func outdateListPages(site: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM list_page WHERE substr(key, 1, length(?1) + 11) = ?1 || '/questions/'",
                           arguments: [site])
        }
    }

    /// Keeps questions live activity brought (a poll, the rows of the socket's messages) and outdates the site's
    /// list pages, which do not hold them.
    public func keep(liveQuestions questions: [Question], site: String, at date: Date = Date()) throws(StoreError) {
        guard !questions.isEmpty else { return }
        try keep(questions: questions, site: site, at: date)
        try outdateListPages(site: site)
    }

    /// The page named `key` of `site` when the network sent it at or after `since` and the store still holds every
    /// question on it; nil otherwise (never fetched, too old, or partly evicted).
    public func listPage(key: String, site: String, fetchedSince since: Date) throws(StoreError) -> StoredListPage? {
        let row = try read { db in
            try Row.fetchOne(db, sql: "SELECT ids, has_more, fetched_at FROM list_page WHERE key = ? AND fetched_at >= ?",
                             arguments: [key, Self.stamp(since)])
        }
        guard let row else { return nil }
        let text: String = row[0]
        let ids = text.split(separator: ",").compactMap { Int($0) }
        let questions = try questions(site: site, ids: ids)
        guard questions.count == ids.count else { return nil }
        let fetched: Int64 = row[2]
        return StoredListPage(questions: questions, hasMore: row[1], fetchedAt: Date(timeIntervalSince1970: TimeInterval(fetched)))
    }
}

extension Store {
    /// The last quota a response reported for `site` (`recordQuota`), or nil.
    public func quota(site: String) throws(StoreError) -> (remaining: Int, max: Int?)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT quota_remaining, quota_max FROM site WHERE api_name = ?", arguments: [site]),
                  let remaining: Int = row[0] else { return nil }
            return (remaining, row[1])
        }
    }
}

/// What the network sent and when, for the freshness rule (`LoadOperation`'s `.preferFresh`): each `keep…` saves a
/// response and records when it came; each `…fetchedSince` gives it back only when it came at or after the time
/// given. A post whose body is over `largestKeptBody` is not kept (it is shown, not stored).
extension Store {
    /// The largest body kept (1 MiB of HTML). The API's bodies are at most 30,000 characters of Markdown, so only a
    /// hostile server sends larger ones; keeping one would cost its size several times over (the row, the text for
    /// the full-text index) for nothing a reader sees past the renderer's 4 MB.
    public static let largestKeptBody = 1 << 20

    static func isKeepable(_ body: String?) -> Bool { (body?.utf8.count ?? 0) <= largestKeptBody }

    /// Keeps questions the network sent (with their answers and comments when they came nested).
    public func keep(questions: [Question], site: String, at date: Date = Date()) throws(StoreError) {
        let kept = questions.filter { Self.isKeepable($0.body) }
        if !kept.isEmpty { try save(questions: kept, site: site, fetchedAt: date) }
    }

    /// Keeps answers the network sent (the newest-answers feed).
    public func keep(answers: [Answer], site: String, at date: Date = Date()) throws(StoreError) {
        let kept = answers.filter { Self.isKeepable($0.body) }
        if !kept.isEmpty { try save(answers: kept, site: site, fetchedAt: date) }
    }

    /// Keeps the list page the network sent under `key`: its questions, their order, and the quota it reported.
    public func keep(listPage page: Page<Question>, key: String, site: String, at date: Date = Date()) throws(StoreError) {
        try keep(questions: page.items, site: site, at: date)
        try recordListPage(key: key, ids: page.items.map(\.questionID), hasMore: page.hasMore, at: date)
        if let remaining = page.quotaRemaining { try recordQuota(site: site, remaining: remaining, max: page.quotaMax) }
    }

    /// The list page `key` (page number `page`) when the network sent it at or after `since` and every question on
    /// it is still held, with the last quota the site reported; nil otherwise.
    public func listPage(key: String, page: Int, site: String, fetchedSince since: Date) throws(StoreError) -> Page<Question>? {
        guard let stored = try listPage(key: key, site: site, fetchedSince: since) else { return nil }
        let quota = try quota(site: site)
        return Page(items: stored.questions.map(\.question), hasMore: stored.hasMore, page: page,
                    quotaRemaining: quota?.remaining, quotaMax: quota?.max)
    }

    /// Question `id` with its body when the network sent it at or after `since`; nil otherwise.
    public func question(site: String, id: Int, withBodyFetchedSince since: Date) throws(StoreError) -> Question? {
        guard let stored = try questions(site: site, ids: [id]).first, stored.question.body != nil,
              stored.fetchedAt >= since else { return nil }
        return stored.question
    }

    /// Keeps a thread as the question view loaded it, and when; a saved question's new answers and comments are
    /// saved with it, so they are never evicted either.
    public func keep(thread: QuestionThread, site: String, at date: Date = Date()) throws(StoreError) {
        guard Self.isKeepable(thread.question.body) else { return }
        var keepable = thread
        keepable.answers = thread.answers.filter { Self.isKeepable($0.body) }
        let questionID = thread.question.questionID
        try save(thread: keepable, site: site, fetchedAt: date)
        try recordFetch(key: "\(site)/thread/\(questionID)", at: date)
        if try isSaved(site: site, questionID: questionID) { try setSaved(true, site: site, questionID: questionID) }
    }

    /// Question `questionID`'s thread when the network sent it at or after `since`; nil otherwise.
    public func thread(site: String, questionID: Int, fetchedSince since: Date) throws(StoreError) -> QuestionThread? {
        guard let fetched = try lastFetch(key: "\(site)/thread/\(questionID)"), fetched >= since else { return nil }
        return try thread(site: site, questionID: questionID)?.thread
    }

    /// Keeps the comments the network sent for these posts (none included), and when.
    public func keep(comments: [Int: [Comment]], ofPosts postIDs: [Int], site: String, at date: Date = Date()) throws(StoreError) {
        let kept = comments.values.flatMap { $0 }.filter { Self.isKeepable($0.body) }
        if !kept.isEmpty { try save(comments: kept, site: site, fetchedAt: date) }
        try recordFetch(key: Self.commentsKey(site: site, postIDs: postIDs), at: date)
    }

    /// The comments of these posts when the network sent them at or after `since`; nil otherwise.
    public func comments(site: String, postIDs: [Int], fetchedSince since: Date) throws(StoreError) -> [Int: [Comment]]? {
        guard let fetched = try lastFetch(key: Self.commentsKey(site: site, postIDs: postIDs)),
              fetched >= since else { return nil }
        return try comments(site: site, postIDs: postIDs)
    }

    private static func commentsKey(site: String, postIDs: [Int]) -> String {
        "\(site)/comments/" + postIDs.map(String.init).joined(separator: ",")
    }
}
