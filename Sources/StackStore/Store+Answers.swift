import Foundation
import GRDB
import StackAPI

extension Store {
    /// A page of `site`'s answers, newest first (ties: higher id first), each with its question's title and tags,
    /// its body, owner and link: what the API's `/answers?sort=creation` gives the app.
    ///
    /// Read along `answer_site_created` (migration `v5-answer-feed`), so no answer row but the page's is read.
    public func latestAnswers(site: String, offset: Int = 0, limit: Int = 30) throws(StoreError) -> [Answer] {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site),
                  let apiName = try String.fetchOne(db, sql: "SELECT api_name FROM site WHERE id = ?", arguments: [siteID])
            else { return [] }
            let siteURL = try String.fetchOne(db, sql: "SELECT site_url FROM site WHERE id = ?", arguments: [siteID])
            let links = SiteLinkBase(apiName: apiName, siteURL: siteURL)
            let rows = try Row.fetchAll(db, sql: """
                SELECT a.id, a.question, a.body, a.score, a.is_accepted, a.comment_count, a.created, a.last_activity,
                  a.owner_id, coalesce(a.owner_name, u.name) AS owner, a.link, a.license, q.title, q.tags, q.accepted_answer_id
                FROM answer a JOIN question q ON q.id = a.question
                  LEFT JOIN user u ON u.site = ? AND u.id = a.owner_id
                WHERE (a.id >> 40) = ? ORDER BY a.created DESC, a.id DESC LIMIT ? OFFSET ?
                """, arguments: [siteID, siteID, limit, offset])
            return rows.map { row in
                var answer = Self.answer(row, questionID: StoreKey.id(row["question"]), acceptedAnswerID: row["accepted_answer_id"],
                                         links: links)
                answer.title = row["title"]
                answer.tags = PostWriter.splitTags(row["tags"])
                return answer
            }
        }
    }

    /// The id of the question that `site`'s answer `answerID` answers, or nil when the store does not hold that answer.
    public func questionID(ofAnswer answerID: Int, site: String) throws(StoreError) -> Int? {
        try read { db in
            guard answerID > 0, Int64(answerID) <= StoreKey.idMask,
                  let siteID = try Self.existingSiteRowID(db, apiName: site) else { return nil }
            let key = StoreKey.make(site: siteID, id: answerID)
            return try Int64.fetchOne(db, sql: "SELECT question FROM answer WHERE id = ?", arguments: [key]).map(StoreKey.id)
        }
    }
}
