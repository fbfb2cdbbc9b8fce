import Foundation
import GRDB

extension Store {
    /// The most a draft's text may hold, in bytes of UTF-8 (1 MiB; the API takes at most 30,000 characters).
    public static let draftByteLimit = 1 << 20

    /// Keeps `draft`, replacing the one kept for its site and target; refuses a text over `draftByteLimit`, and says
    /// so when the store takes no writes. Drafts are the user's own: eviction, `forget` and vacuum leave them.
    public func saveDraft(_ draft: StoredDraft) throws(StoreError) {
        try refuseWhilePaused()
        let bytes = draft.text.utf8.count
        guard bytes <= Self.draftByteLimit else { throw .draftTooLong(bytes: bytes, limit: Self.draftByteLimit) }
        let (kind, post) = draft.target.row
        try write { db in
            let siteID = try Self.siteRowID(db, apiName: draft.site)
            try db.execute(sql: "INSERT OR REPLACE INTO drafts (site, kind, post, text, updated_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [siteID, kind, post, draft.text, Self.milliseconds(draft.updatedAt)])
        }
    }

    /// The draft kept for `target` of `site`, or nil.
    public func draft(site: String, target: DraftTarget) throws(StoreError) -> StoredDraft? {
        let (kind, post) = target.row
        return try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site),
                  let row = try Row.fetchOne(db, sql: "SELECT text, updated_at FROM drafts WHERE site = ? AND kind = ? AND post = ?",
                                             arguments: [siteID, kind, post]) else { return nil }
            return StoredDraft(site: site, target: target, text: row[0], updatedAt: Self.date(milliseconds: row[1]))
        }
    }

    /// Removes the draft kept for `target` of `site`: whatever its time when `ifUpdatedAt` is nil, else only while it
    /// is still the one kept at that time (to the millisecond), so a newer edit survives.
    public func deleteDraft(site: String, target: DraftTarget, ifUpdatedAt: Date?) throws(StoreError) {
        try refuseWhilePaused()
        let (kind, post) = target.row
        try write { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return }
            try db.execute(sql: """
                DELETE FROM drafts WHERE site = ?1 AND kind = ?2 AND post = ?3 AND (?4 IS NULL OR updated_at = ?4)
                """, arguments: [siteID, kind, post, ifUpdatedAt.map(Self.milliseconds)])
        }
    }

    /// Every draft kept, of every site, the latest first.
    public func drafts() throws(StoreError) -> [StoredDraft] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT s.api_name, d.kind, d.post, d.text, d.updated_at FROM drafts d JOIN site s ON s.id = d.site
                ORDER BY d.updated_at DESC, s.api_name, d.kind, d.post
                """).compactMap { row in
                // A kind a newer stackterm wrote is left to it.
                guard let target = DraftTarget(kind: row[1], post: row[2]) else { return nil }
                return StoredDraft(site: row[0], target: target, text: row[3], updatedAt: Self.date(milliseconds: row[4]))
            }
        }
    }

    /// Fails with the reason when the store was opened for reading only, before SQLite says it in its own words.
    private func refuseWhilePaused() throws(StoreError) {
        if let writesPaused { throw .writesPaused(writesPaused) }
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    private static func date(milliseconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000) }
}
