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
            let sql: SQL = SQL(sql: Self.questionWithBody) + " WHERE q.id IN \(keys)"
            let records = try SQLRequest<QuestionRecord>(literal: sql).fetchAll(db)
            let byID = Dictionary(records.map { ($0.stored.question.questionID, $0.stored) }, uniquingKeysWith: { _, last in last })
            return ids.compactMap { byID[$0] }
        }
    }

    /// The read marks of those of `site`'s questions `ids` that were opened, by question id.
    public func readMarks(site: String, ids: [Int]) throws(StoreError) -> [Int: ReadMark] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [:] }
            let keys = ids.map { StoreKey.make(site: siteID, id: $0) }
            let records = try SQLRequest<ReadMarkRecord>(literal: """
                SELECT question, answer_count, last_activity, read_at FROM read_mark WHERE question IN \(keys)
                """).fetchAll(db)
            return Dictionary(records.map { ($0.questionID, $0.mark) }, uniquingKeysWith: { _, last in last })
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
            return try Self.comments(db, site: siteID, on: postIDs)
        }
    }
}
