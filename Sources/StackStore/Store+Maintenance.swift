import Foundation
import GRDB

/// What the store holds of one site.
public struct SiteUsage: Sendable, Hashable {
    /// The site's API name, e.g. `quantumcomputing`.
    public var site: String
    public var questions = 0
    public var answers = 0
    public var comments = 0
    /// Bytes of text (titles, bodies, comments) imported from a dump.
    public var importedBytes: Int64 = 0
    /// Bytes of text cached from the network (what eviction may remove).
    public var cachedBytes: Int64 = 0
    /// Bytes of text of saved questions, their answers and comments (never evicted).
    public var savedBytes: Int64 = 0

    /// Bytes of text held, whatever its origin.
    public var textBytes: Int64 { importedBytes + cachedBytes + savedBytes }
}

/// The store's file and what it holds per site.
public struct StoreUsage: Sendable, Hashable {
    public var fileURL: URL
    /// The database file and its write-ahead log on disk.
    public var fileBytes: Int64
    /// Bytes of pages in use (what the size limit is measured against).
    public var usedBytes: Int64
    /// Sites with at least one question, answer or comment, by name.
    public var sites: [SiteUsage]
}

/// What forgetting a site removed.
public struct ForgetSummary: Sendable, Hashable {
    public var questions = 0
    public var answers = 0
    public var comments = 0
}

extension Store {
    /// The file's size and, per site, the questions, answers and comments held and their text by origin.
    public func usage() throws(StoreError) -> StoreUsage {
        let sites = try read { db in
            try Row.fetchAll(db, sql: "SELECT id, api_name FROM site ORDER BY api_name").compactMap { row in
                try Self.siteUsage(db, site: row[0], name: row[1])
            }
        }
        return StoreUsage(fileURL: fileURL, fileBytes: fileBytes(), usedBytes: try usedBytes(), sites: sites)
    }

    /// Bytes of the database file and its `-wal` on disk.
    public func fileBytes() -> Int64 {
        [fileURL.path, fileURL.path + "-wal"].reduce(Int64(0)) { sum, path in
            sum + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }

    private static func siteUsage(_ db: Database, site: Int64, name: String) throws -> SiteUsage? {
        var usage = SiteUsage(site: name)
        let (low, high) = StoreKey.range(site: site)
        // Per table: its rows and text bytes by origin.
        let tables: [(WritableKeyPath<SiteUsage, Int>, String)] = [
            (\.questions, """
                SELECT origin, count(*), coalesce(sum(length(CAST(title AS BLOB)) + coalesce(length(CAST(body AS BLOB)), 0)), 0)
                FROM question WHERE id >= ? AND id < ? GROUP BY origin
                """),
            (\.answers, """
                SELECT origin, count(*), coalesce(sum(coalesce(length(CAST(body AS BLOB)), 0)), 0)
                FROM answer WHERE id >= ? AND id < ? GROUP BY origin
                """),
            (\.comments, """
                SELECT origin, count(*), coalesce(sum(length(CAST(body AS BLOB))), 0)
                FROM comment WHERE id >= ? AND id < ? GROUP BY origin
                """),
        ]
        for (counted, sql) in tables {
            for row in try Row.fetchAll(db, sql: sql, arguments: [low, high]) {
                let count: Int = row[1]
                let bytes: Int64 = row[2]
                usage[keyPath: counted] += count
                switch StoreOrigin(rawValue: row[0]) {
                case .imported: usage.importedBytes += bytes
                case .saved: usage.savedBytes += bytes
                default: usage.cachedBytes += bytes
                }
            }
        }
        return usage.questions + usage.answers + usage.comments > 0 ? usage : nil
    }

    /// Rebuilds the file without free space: merges each full-text index into one segment, then `VACUUM`, then
    /// truncates the write-ahead log. Takes a while on a large store and needs free disk space about the file's size.
    public func vacuum() throws(StoreError) {
        try write { db in try Self.optimizeFullText(db) }
        do { try pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") } } catch {
            throw Self.wrap(error, fileURL.path)
        }
        try checkpoint()
    }

    /// Removes everything the store holds of `site` (imported, cached and saved posts, comments, users, tags, links,
    /// read marks, search history, import records); nil when the store knows no site of that name. The site stays in
    /// the sites list when it came from there. The user's drafts of answers and comments stay, whatever their site.
    public func forget(site: String) throws(StoreError) -> ForgetSummary? {
        let summary = try write { db -> ForgetSummary? in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return nil }
            return try Self.forget(db, site: siteID, name: site)
        }
        if summary != nil {
            try compact()
            // The freed pages leave the file only when the log is copied back: then `fileBytes` is true at once.
            // Best effort: a reader of another process may hold the log (the next checkpoint does it then).
            try? checkpoint()
        }
        return summary
    }

    /// Merges each full-text index into one segment (what answers queries fastest).
    static func optimizeFullText(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO post_fts(post_fts) VALUES ('optimize')")
        try db.execute(sql: "INSERT INTO title_fts(title_fts) VALUES ('optimize')")
    }

    /// What `forget` deletes of a site, by the range of its keys (`?`, `?`: `StoreKey.range`).
    private static let forgetByKey = [
        "DELETE FROM question WHERE id >= ? AND id < ?", "DELETE FROM answer WHERE id >= ? AND id < ?",
        "DELETE FROM comment WHERE id >= ? AND id < ?", "DELETE FROM read_mark WHERE question >= ? AND question < ?",
        "DELETE FROM saved WHERE question >= ? AND question < ?",
    ]

    /// … by its site row (`?`).
    private static let forgetBySite = [
        "DELETE FROM question_tag WHERE tag IN (SELECT id FROM tag WHERE site = ?)", "DELETE FROM tag WHERE site = ?",
        "DELETE FROM user WHERE site = ?", "DELETE FROM post_link WHERE site = ?", "DELETE FROM search_history WHERE site = ?",
        "DELETE FROM import_progress WHERE site = ?",
    ]

    /// … by its name (`?1`): the lists the data managers fetched are logged under keys that start with the site's
    /// name and a slash.
    private static let forgetByName = [
        "DELETE FROM fetch_log WHERE substr(key, 1, length(?1) + 1) = ?1 || '/'",
        "DELETE FROM list_page WHERE substr(key, 1, length(?1) + 1) = ?1 || '/'",
    ]

    private static func forget(_ db: Database, site: Int64, name: String) throws -> ForgetSummary {
        let (low, high) = StoreKey.range(site: site)
        let range: StatementArguments = [low, high]
        func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql, arguments: range) ?? 0 }
        let summary = ForgetSummary(
            questions: try count("SELECT count(*) FROM question WHERE id >= ? AND id < ?"),
            answers: try count("SELECT count(*) FROM answer WHERE id >= ? AND id < ?"),
            comments: try count("SELECT count(*) FROM comment WHERE id >= ? AND id < ?"))
        let others = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM question WHERE id < ?1 OR id >= ?2) OR EXISTS (SELECT 1 FROM answer WHERE id < ?1 OR id >= ?2)
            """, arguments: range) ?? true
        if others {
            // The index is contentless: each post leaves it with the text it went in with.
            let remover = try PostRemover(db)
            for key in try Int64.fetchAll(db, sql: "SELECT id FROM question WHERE id >= ? AND id < ?", arguments: range) {
                _ = try remover.removeQuestion(key, origin: nil)
            }
            for key in try Int64.fetchAll(db, sql: "SELECT id FROM answer WHERE id >= ? AND id < ?", arguments: range) {
                _ = try remover.removeAnswer(key, origin: nil)
            }
        } else {
            try db.execute(sql: "INSERT INTO post_fts(post_fts) VALUES ('delete-all')")
            try db.execute(sql: "INSERT INTO title_fts(title_fts) VALUES ('delete-all')")
        }
        for sql in forgetByKey { try db.execute(sql: sql, arguments: range) }
        for sql in forgetBySite { try db.execute(sql: sql, arguments: [site]) }
        for sql in forgetByName { try db.execute(sql: sql, arguments: [name]) }
        // A site with drafts keeps its row: they are keyed by it (`drafts`), and they are the user's own.
        try db.execute(sql: "DELETE FROM site WHERE id = ?1 AND name IS NULL AND NOT EXISTS (SELECT 1 FROM drafts WHERE site = ?1)",
                       arguments: [site])
        return summary
    }
}
