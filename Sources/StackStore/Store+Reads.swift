import Foundation
import GRDB
import StackAPI

extension Store {
    /// A page of `site`'s questions in `sort` order (ties: higher id first), optionally only those tagged `tag`;
    /// bodies are left out (a list shows titles). Empty when the store knows nothing of the site.
    public func questions(
        site: String, sort: StoreSort, tag: String? = nil, offset: Int = 0, limit: Int = 30
    ) throws(StoreError) -> [StoredQuestion] {
        try questions(site: site, sort: sort, tags: tag.map { [$0] } ?? [], offset: offset, limit: limit)
    }

    /// A page of `site`'s questions carrying every one of `tags` (in any order; none: all), in `sort` order (ties:
    /// higher id first), exactly `limit` long while more match, so asking `limit + 1` tells whether more follow.
    public func questions(
        site: String, sort: StoreSort, tags: [String], offset: Int = 0, limit: Int = 30
    ) throws(StoreError) -> [StoredQuestion] {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            let filter = TagFilter(.question, site: siteID, tags: tags).sql
            let sql: SQL = SQL(sql: Self.questionList) + " WHERE q.site = \(siteID)\(filter) ORDER BY " + Self.orderBy(sort)
                + " LIMIT \(limit) OFFSET \(offset)"
            return try SQLRequest<QuestionRecord>(literal: sql).fetchAll(db).map(\.stored)
        }
    }

    /// The `ORDER BY` terms of `sort` over `question q` (ties: higher id first).
    static func orderBy(_ sort: StoreSort) -> SQL {
        switch sort {
        case .activity: "q.last_activity DESC, q.id DESC"
        case .creation: "q.created DESC, q.id DESC"
        case .votes: "q.score DESC, q.id DESC"
        }
    }

    /// How many of `site`'s questions the store holds.
    public func questionCount(site: String) throws(StoreError) -> Int {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return 0 }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM question WHERE site = ?", arguments: [siteID]) ?? 0
        }
    }

    /// One question with its body, answers and comments, or nil when the store does not hold it.
    public func thread(site: String, questionID: Int) throws(StoreError) -> StoredThread? {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return nil }
            let key = StoreKey.make(site: siteID, id: questionID)
            guard let row = try Row.fetchOne(db, sql: Self.questionWithBody + " WHERE q.id = ?", arguments: [key])
            else { return nil }
            var stored = QuestionRecord(row: row).stored
            let links = SiteLinkBase(row)
            let answers = try Row.fetchAll(db, sql: """
                SELECT a.id, a.body, a.score, a.is_accepted, a.comment_count, a.created, a.last_activity, a.owner_id,
                  coalesce(a.owner_name, u.name) AS owner, a.link, a.license
                FROM answer a LEFT JOIN user u ON u.site = ? AND u.id = a.owner_id
                WHERE a.question = ?
                """, arguments: [siteID, key]).map {
                    Self.answer($0, questionID: questionID, acceptedAnswerID: stored.question.acceptedAnswerID, links: links)
                }
            var comments = try Self.comments(db, site: siteID, on: [questionID] + answers.map(\.answerID))
            stored.question.comments = comments.removeValue(forKey: questionID) ?? []
            let withComments = answers.map { answer in
                var answer = answer
                answer.comments = comments[answer.answerID] ?? []
                return answer
            }
            let thread = QuestionThread(question: stored.question, answers: withComments)
            return StoredThread(thread: thread, stored: stored, links: try Self.links(db, site: siteID, postID: questionID))
        }
    }

    static func existingSiteRowID(_ db: Database, apiName: String) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE api_name = ?", arguments: [apiName])
    }

    /// The question rows `storedQuestion` reads, bodies included, to be followed by a `WHERE` on `question q`.
    static let questionWithBody = "SELECT q.id, q.title, q.body AS body, " + questionColumns

    /// The same without bodies (NULL), for lists.
    static let questionList = "SELECT q.id, q.title, NULL AS body, " + questionColumns

    /// The columns after `body`, and the joins, of `questionWithBody` and `questionList`.
    private static let questionColumns = """
        q.tags, q.score, q.view_count, q.answer_count,
          q.comment_count, q.accepted_answer_id, q.is_answered, q.created, q.last_activity, q.closed, q.closed_reason,
          q.owner_id, coalesce(q.owner_name, u.name) AS owner, q.link, q.license, q.origin, q.fetched_at,
          r.answer_count AS read_answers, r.last_activity AS read_activity, r.read_at,
          site_row.api_name AS site_api, site_row.site_url AS site_url
        FROM question q JOIN site site_row ON site_row.id = q.site
          LEFT JOIN user u ON u.site = q.site AND u.id = q.owner_id
          LEFT JOIN read_mark r ON r.question = q.id
        """

    /// An answer read from a row of `answer a` (its link made from `links` when the row has none), accepted when the
    /// row says so or its question's `acceptedAnswerID` names it, as the API's `is_accepted` follows the question (a
    /// dump marks only the question).
    static func answer(_ row: Row, questionID: Int, acceptedAnswerID: Int?, links: SiteLinkBase) -> Answer {
        let answerID = StoreKey.id(row["id"])
        let accepted: Bool = row["is_accepted"] ?? false
        return Answer(
            answerID: answerID, questionID: questionID, score: row["score"], isAccepted: accepted || acceptedAnswerID == answerID,
            owner: owner(id: row["owner_id"], name: row["owner"]), creationDate: date(row["created"]),
            lastActivityDate: date(row["last_activity"]), body: row["body"], commentCount: row["comment_count"],
            contentLicense: row["license"], link: row["link"] ?? links.answer(answerID))
    }

    /// Comments on the posts `ids` of one site, oldest first, keyed by post id.
    static func comments(_ db: Database, site: Int64, on ids: [Int]) throws -> [Int: [Comment]] {
        let keys = ids.map { StoreKey.make(site: site, id: $0) }
        return Dictionary(grouping: try SQLRequest<CommentRecord>(literal: """
            SELECT c.id, c.post, c.body, c.score, c.created, c.owner_id, coalesce(c.owner_name, u.name) AS owner,
              c.edited, c.license
            FROM comment c LEFT JOIN user u ON u.site = \(site) AND u.id = c.owner_id
            WHERE c.post IN \(keys) ORDER BY c.created, c.id
            """).fetchAll(db).map(\.comment), by: \.postID)
    }

    private static func links(_ db: Database, site: Int64, postID: Int) throws -> [StoredPostLink] {
        try Row.fetchAll(db, sql: """
            SELECT l.related, l.type, q.title FROM post_link l
            LEFT JOIN question q ON q.id = (? << 40) | l.related
            WHERE l.site = ? AND l.post = ? ORDER BY l.type DESC, l.related
            """, arguments: [site, site, postID]).map { row in
            StoredPostLink(postID: postID, relatedPostID: row[0], kind: StoredPostLink.Kind(rawValue: row[1]), relatedTitle: row[2])
        }
    }

    static func owner(id: Int?, name: String?) -> ShallowUser? {
        guard id != nil || name != nil else { return nil }
        return ShallowUser(userID: id, displayName: name)
    }

    static func date(_ seconds: Int64?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
