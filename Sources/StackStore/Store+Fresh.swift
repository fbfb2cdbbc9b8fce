import Foundation
import GRDB

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
