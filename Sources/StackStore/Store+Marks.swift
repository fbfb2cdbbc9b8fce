import Foundation
import GRDB

extension Store {
    /// Marks a question read, remembering its answer count and last activity as they are now.
    public func markRead(
        site: String, questionID: Int, answerCount: Int, lastActivity: Date?, at date: Date = Date()
    ) throws(StoreError) {
        try write { db in
            let key = StoreKey.make(site: try Self.siteRowID(db, apiName: site), id: questionID)
            try db.execute(sql: "INSERT OR REPLACE INTO read_mark (question, answer_count, last_activity, read_at) VALUES (?, ?, ?, ?)",
                           arguments: [key, answerCount, PostWriter.seconds(lastActivity), Self.stamp(date)])
        }
    }

    /// The mark left when the question was last opened, or nil.
    public func readMark(site: String, questionID: Int) throws(StoreError) -> ReadMark? {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return nil }
            guard let row = try Row.fetchOne(db, sql: "SELECT answer_count, last_activity, read_at FROM read_mark WHERE question = ?",
                                             arguments: [StoreKey.make(site: siteID, id: questionID)]) else { return nil }
            return ReadMark(answerCount: row[0] ?? 0, lastActivity: Self.date(row[1]),
                            readAt: Self.date(row[2]) ?? Date(timeIntervalSince1970: 0))
        }
    }

    /// Saves or unsaves a question. Saving marks it and what the store holds of its thread `.saved` (never evicted);
    /// unsaving returns network-cached content to `.network`. Imported content stays `.imported` either way.
    public func setSaved(_ saved: Bool, site: String, questionID: Int, at date: Date = Date()) throws(StoreError) {
        try write { db in
            let key = StoreKey.make(site: try Self.siteRowID(db, apiName: site), id: questionID)
            if saved {
                try db.execute(sql: "INSERT OR IGNORE INTO saved (question, saved_at) VALUES (?, ?)", arguments: [key, Self.stamp(date)])
            } else {
                try db.execute(sql: "DELETE FROM saved WHERE question = ?", arguments: [key])
            }
            let (from, to) = saved ? (StoreOrigin.network, StoreOrigin.saved) : (.saved, .network)
            let arguments: StatementArguments = [to.rawValue, from.rawValue, key]
            try db.execute(sql: "UPDATE question SET origin = ? WHERE origin = ? AND id = ?", arguments: arguments)
            try db.execute(sql: "UPDATE answer SET origin = ? WHERE origin = ? AND question = ?", arguments: arguments)
            try db.execute(sql: """
                UPDATE comment SET origin = ? WHERE origin = ?
                  AND (post = ?3 OR post IN (SELECT id FROM answer WHERE question = ?3))
                """, arguments: arguments)
        }
    }

    /// Saved questions of `site`, most recently saved first.
    public func savedQuestions(site: String) throws(StoreError) -> [StoredQuestion] {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            let sql = Self.questionList + " JOIN saved s ON s.question = q.id WHERE q.site = ? ORDER BY s.saved_at DESC, q.id DESC"
            return try QuestionRecord.fetchAll(db, sql: sql, arguments: [siteID]).map(\.stored)
        }
    }

    /// Remembers a search on `site` (a repeated query moves to the front).
    public func addSearch(_ query: String, site: String, at date: Date = Date()) throws(StoreError) {
        try write { db in
            let siteID = try Self.siteRowID(db, apiName: site)
            try db.execute(sql: "INSERT OR REPLACE INTO search_history (site, query, searched_at) VALUES (?, ?, ?)",
                           arguments: [siteID, query, Self.stamp(date)])
        }
    }

    /// Past searches on `site`, latest first.
    public func searchHistory(site: String, limit: Int = 50) throws(StoreError) -> [String] {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            return try String.fetchAll(db, sql: """
                SELECT query FROM search_history WHERE site = ? ORDER BY searched_at DESC, query LIMIT ?
                """, arguments: [siteID, limit])
        }
    }
}
