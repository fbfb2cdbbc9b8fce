import Foundation
import GRDB

/// What an eviction removed, and the store's size in use before and after.
public struct EvictionSummary: Sendable, Hashable {
    /// Questions removed (each with its cached answers and comments).
    public var questions = 0
    /// Answers removed, with their questions or alone.
    public var answers = 0
    public var comments = 0
    /// Bytes of pages in use before (the file's pages less its free ones).
    public var bytesBefore: Int64 = 0
    public var bytesAfter: Int64 = 0
}

extension Store {
    /// The default size limit (`store_max_mb` = 1024).
    public static let defaultMaxBytes: Int64 = 1024 << 20

    /// Bytes of the database's pages in use: what the size limit is measured against (free pages excluded).
    public func usedBytes() throws(StoreError) -> Int64 {
        try read { db in try Self.usedBytes(db) }
    }

    static func usedBytes(_ db: Database) throws -> Int64 {
        let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let free = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        return (pages - free) * pageSize
    }

    /// Evicts the oldest network-cached content until the store uses at most `limit` bytes (or nothing evictable is
    /// left): first cached questions, oldest fetched first, each with its cached answers and comments; then cached
    /// answers and comments left under imported or saved questions, oldest first. Imported and saved content, read
    /// marks and drafts are never removed. Frees the pages to the file system afterwards.
    @discardableResult
    public func evict(toBytes limit: Int64) throws(StoreError) -> EvictionSummary {
        var summary = EvictionSummary()
        summary.bytesBefore = try usedBytes()
        var used = summary.bytesBefore
        while used > limit {
            // Remove about the excess (at least 64 KB) per transaction, then measure again: freed table pages show
            // at once, the index's tombstones in part, so a round may fall short but never loops without removing.
            let excess = max(used - limit, 64 << 10)
            let removed = try write { db in try Self.removeOldest(db, bytes: excess) }
            guard removed.questions + removed.answers + removed.comments > 0 else { break }
            summary.questions += removed.questions
            summary.answers += removed.answers
            summary.comments += removed.comments
            used = try usedBytes()
        }
        if summary.questions + summary.answers + summary.comments > 0 { try compact() }
        summary.bytesAfter = try usedBytes()
        return summary
    }

    /// Evicts when the store is over `maxBytes`; called after each batch of network writes. A failure here leaves the
    /// batch written and is retried after the next one, so it is not reported.
    func evictIfOverLimit() {
        guard let maxBytes, let used = try? usedBytes(), used > maxBytes else { return }
        _ = try? evict(toBytes: maxBytes)
    }

    /// Removes the oldest network rows whose text adds up to about `bytes`, in one transaction.
    private static func removeOldest(_ db: Database, bytes: Int64) throws -> EvictionSummary {
        let remover = try PostRemover(db)
        var summary = EvictionSummary()
        var freed: Int64 = 0
        let network = StoreOrigin.network
        let steps: [(sql: String, remove: (Int64) throws -> Void)] = [
            ("SELECT id FROM question WHERE origin = 0 ORDER BY fetched_at, id LIMIT 100", { key in
                let removed = try remover.removeQuestion(key, origin: network)
                summary.questions += 1
                summary.answers += removed.answers
                summary.comments += removed.comments
                freed += removed.bytes
            }),
            ("SELECT id FROM answer WHERE origin = 0 ORDER BY fetched_at, id LIMIT 100", { key in
                let removed = try remover.removeAnswer(key, origin: network)
                summary.answers += 1
                summary.comments += removed.comments
                freed += removed.bytes
            }),
            ("SELECT id FROM comment WHERE origin = 0 ORDER BY fetched_at, id LIMIT 100", { key in
                freed += try remover.removeComment(key, origin: network)
                summary.comments += 1
            }),
        ]
        for step in steps {
            while freed < bytes {
                let keys = try Int64.fetchAll(db, sql: step.sql)
                if keys.isEmpty { break }
                for key in keys where freed < bytes { try step.remove(key) }
            }
        }
        return summary
    }
}
