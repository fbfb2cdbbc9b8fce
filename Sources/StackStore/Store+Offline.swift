import Foundation
import GRDB
import StackAPI

extension Store {
    /// `site`'s questions with these ids, with bodies, in the order of `ids`; ids the store does not hold are left out.
    public func questions(site: String, ids: [Int]) throws(StoreError) -> [StoredQuestion] {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            let keys = ids.map { StoreKey.make(site: siteID, id: $0) }
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
            let rows = try Row.fetchAll(db, sql: Self.questionSelect(withBody: true) + " WHERE q.id IN (\(marks))",
                                        arguments: StatementArguments(keys))
            var byID: [Int: StoredQuestion] = [:]
            for row in rows {
                let stored = Self.storedQuestion(row, siteID)
                byID[stored.question.questionID] = stored
            }
            return ids.compactMap { byID[$0] }
        }
    }

    /// The read marks of those of `site`'s questions `ids` that were opened, by question id.
    public func readMarks(site: String, ids: [Int]) throws(StoreError) -> [Int: ReadMark] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [:] }
            let keys = ids.map { StoreKey.make(site: siteID, id: $0) }
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
            var result: [Int: ReadMark] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT question, answer_count, last_activity, read_at FROM read_mark WHERE question IN (\(marks))
                """, arguments: StatementArguments(keys)) {
                result[StoreKey.id(row[0])] = ReadMark(
                    answerCount: row[1] ?? 0, lastActivity: Self.date(row[2]),
                    readAt: Self.date(row[3]) ?? Date(timeIntervalSince1970: 0))
            }
            return result
        }
    }

    /// Marks several questions of `site` read in one transaction (answer count and last activity as known now).
    public func markRead(site: String, marks: [Int: (answerCount: Int, lastActivity: Date?)], at date: Date = Date()) throws(StoreError) {
        guard !marks.isEmpty else { return }
        try write { db in
            let siteID = try Self.siteRowID(db, apiName: site)
            let statement = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO read_mark (question, answer_count, last_activity, read_at) VALUES (?, ?, ?, ?)")
            for (id, mark) in marks {
                try statement.execute(arguments: [
                    StoreKey.make(site: siteID, id: id), mark.answerCount, PostWriter.seconds(mark.lastActivity), Self.stamp(date)])
            }
        }
    }

    /// The comments the store holds on the posts `postIDs` of `site`, oldest first, by post id.
    public func comments(site: String, postIDs: [Int]) throws(StoreError) -> [Int: [Comment]] {
        guard !postIDs.isEmpty else { return [:] }
        return try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [:] }
            let keys = postIDs.map { StoreKey.make(site: siteID, id: $0) }
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
            var result: [Int: [Comment]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT c.id, c.post, c.body, c.score, c.created, c.owner_id, coalesce(c.owner_name, u.name) AS owner,
                  c.edited, c.license
                FROM comment c LEFT JOIN user u ON u.site = ? AND u.id = c.owner_id
                WHERE c.post IN (\(marks)) ORDER BY c.created, c.id
                """, arguments: StatementArguments([siteID] + keys)) {
                let postID = StoreKey.id(row["post"])
                result[postID, default: []].append(Comment(
                    commentID: StoreKey.id(row["id"]), postID: postID, score: row["score"],
                    owner: Self.owner(id: row["owner_id"], name: row["owner"]), creationDate: Self.date(row["created"]),
                    body: row["body"], edited: row["edited"], contentLicense: row["license"]))
            }
            return result
        }
    }
}
