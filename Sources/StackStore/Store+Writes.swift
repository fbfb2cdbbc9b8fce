import Foundation
import GRDB
import StackAPI

extension Store {
    /// Keeps questions fetched from the API for `site` (its API name, e.g. `quantumcomputing`), with nested answers
    /// and comments when the response carried them, in one transaction. A question without a body keeps the body
    /// already stored. Like every network write, it then evicts old cached content if the store is over `maxBytes`.
    public func save(questions: [Question], site: String, fetchedAt: Date = Date()) throws(StoreError) {
        try writePosts(site: site, fetchedAt: fetchedAt) { siteID, stamp, writer in
            for question in questions {
                try writer.write(PostRecord(question, site: siteID, fetchedAt: stamp))
                try Self.writeOwner(question.owner, site: siteID, writer)
                for answer in question.answers ?? [] { try Self.write(answer, site: siteID, stamp, writer) }
                for comment in question.comments ?? [] { try Self.write(comment, site: siteID, stamp, writer) }
            }
        }
    }

    /// Keeps answers fetched from the API, with their nested comments, in one transaction.
    public func save(answers: [Answer], site: String, fetchedAt: Date = Date()) throws(StoreError) {
        try writePosts(site: site, fetchedAt: fetchedAt) { siteID, stamp, writer in
            for answer in answers { try Self.write(answer, site: siteID, stamp, writer) }
        }
    }

    /// Keeps comments fetched from the API, in one transaction.
    public func save(comments: [Comment], site: String, fetchedAt: Date = Date()) throws(StoreError) {
        try writePosts(site: site, fetchedAt: fetchedAt) { siteID, stamp, writer in
            for comment in comments { try Self.write(comment, site: siteID, stamp, writer) }
        }
    }

    /// One transaction of posts from the network for `site`, given its row id, the stamp and a writer; then eviction.
    private func writePosts(
        site: String, fetchedAt: Date, _ body: (_ siteID: Int64, _ stamp: Int64, PostWriter) throws -> Void
    ) throws(StoreError) {
        try write { db in try body(try Self.siteRowID(db, apiName: site), Self.stamp(fetchedAt), try PostWriter(db)) }
        evictIfOverLimit()
    }

    /// Keeps a whole thread (question with body, its answers), as the question view loads it.
    public func save(thread: QuestionThread, site: String, fetchedAt: Date = Date()) throws(StoreError) {
        var question = thread.question
        question.answers = (question.answers ?? []) + thread.answers
        try save(questions: [question], site: site, fetchedAt: fetchedAt)
    }

    /// Keeps the sites list (names and URLs), and when it was fetched.
    public func save(sites: [Site], fetchedAt: Date = Date()) throws(StoreError) {
        try write { db in
            for site in sites {
                try db.execute(sql: """
                    INSERT INTO site (api_name, name, site_url, fetched_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (api_name) DO UPDATE SET name = excluded.name, site_url = excluded.site_url,
                      fetched_at = excluded.fetched_at
                    """, arguments: [site.apiSiteParameter, site.name, site.siteURL, Self.stamp(fetchedAt)])
            }
        }
    }

    /// Remembers the last quota a response reported for `site`.
    public func recordQuota(site: String, remaining: Int, max: Int?) throws(StoreError) {
        try write { db in
            let siteID = try Self.siteRowID(db, apiName: site)
            try db.execute(sql: "UPDATE site SET quota_remaining = ?, quota_max = coalesce(?, quota_max) WHERE id = ?",
                           arguments: [remaining, max, siteID])
        }
    }

    /// Remembers that the list named `key` (chosen by the caller, e.g. `quantumcomputing/activity/page1`) was fetched.
    public func recordFetch(key: String, at date: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO fetch_log (key, fetched_at) VALUES (?, ?)",
                           arguments: [key, Self.stamp(date)])
        }
    }

    /// When the list named `key` was last fetched, or nil.
    public func lastFetch(key: String) throws(StoreError) -> Date? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT fetched_at FROM fetch_log WHERE key = ?", arguments: [key])
                .map { Date(timeIntervalSince1970: TimeInterval($0)) }
        }
    }

    static func stamp(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// The row id of the site named `apiName`, created when new.
    static func siteRowID(_ db: Database, apiName: String) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE api_name = ?", arguments: [apiName]) {
            return id
        }
        try db.execute(sql: "INSERT INTO site (api_name) VALUES (?)", arguments: [apiName])
        return db.lastInsertedRowID
    }

    private static func write(_ answer: Answer, site: Int64, _ stamp: Int64, _ writer: PostWriter) throws {
        try writer.write(PostRecord(answer, site: site, fetchedAt: stamp))
        try writeOwner(answer.owner, site: site, writer)
        for comment in answer.comments ?? [] { try write(comment, site: site, stamp, writer) }
    }

    private static func write(_ comment: Comment, site: Int64, _ stamp: Int64, _ writer: PostWriter) throws {
        try writer.writeComment(
            key: StoreKey.make(site: site, id: comment.commentID), postKey: StoreKey.make(site: site, id: comment.postID),
            body: comment.body ?? "", score: comment.score, created: comment.creationDate,
            ownerID: comment.owner?.userID, ownerName: comment.owner?.displayName, edited: comment.edited,
            license: comment.contentLicense, origin: .network, fetchedAt: stamp)
        try writeOwner(comment.owner, site: site, writer)
    }

    private static func writeOwner(_ owner: ShallowUser?, site: Int64, _ writer: PostWriter) throws {
        guard let owner, let id = owner.userID, let name = owner.displayName else { return }
        try writer.writeUser(site: site, id: id, name: name)
    }
}

extension PostRecord {
    init(_ question: Question, site: Int64, fetchedAt: Int64) {
        self.init(
            key: StoreKey.make(site: site, id: question.questionID), site: site, questionKey: nil,
            title: question.title, body: question.body, tags: question.tags, score: question.score,
            viewCount: question.viewCount, answerCount: question.answerCount, commentCount: question.commentCount,
            acceptedAnswerID: question.acceptedAnswerID, isAnswered: question.isAnswered,
            created: question.creationDate, lastActivity: question.lastActivityDate, closed: question.closedDate,
            closedReason: question.closedReason, ownerID: question.owner?.userID, ownerName: question.owner?.displayName,
            link: question.link, license: question.contentLicense, origin: .network, fetchedAt: fetchedAt, bodyText: nil)
    }

    init(_ answer: Answer, site: Int64, fetchedAt: Int64) {
        self.init(
            key: StoreKey.make(site: site, id: answer.answerID), site: site,
            questionKey: StoreKey.make(site: site, id: answer.questionID), title: "", body: answer.body, tags: [],
            score: answer.score, viewCount: nil, answerCount: nil, commentCount: answer.commentCount,
            acceptedAnswerID: nil, isAnswered: answer.isAccepted, created: answer.creationDate,
            lastActivity: answer.lastActivityDate, closed: nil, closedReason: nil, ownerID: answer.owner?.userID,
            ownerName: answer.owner?.displayName, link: answer.link, license: answer.contentLicense, origin: .network,
            fetchedAt: fetchedAt)
    }
}
