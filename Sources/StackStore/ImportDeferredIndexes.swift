import Foundation
import GRDB

/// The secondary indexes a large import drops at its start and builds again, sorted once, at its end.
///
/// Their keys (a question's activity, creation date and score; an answer's creation date) come in no order as an
/// import writes its rows, so each 8,000-row transaction touched nearly every leaf page of each of them: once they
/// outgrew the page cache (about 1,000,000 posts) every transaction wrote them whole to the log and the checkpoint
/// copied them again — 14 KB written per post at 2,000,000 posts against 7.7 KB at 500,000 (BENCHMARKS.md, issue 22
/// part 6). `CREATE INDEX` sorts the rows once instead (about 7 s for 2,000,000 posts).
///
/// Which index is missing is the only state: an import that ends in any way (done, failed, interrupted) builds them
/// before it returns, and one killed before that (SIGKILL, a power cut) leaves them missing, which the next open finds
/// and repairs while no import runs (`Store.restoreAfterKilledImport`), as it does for FTS5's bulk-load settings.
/// The definitions are the migrations' own (a test holds them equal), written out here rather than read back from
/// the file, so nothing a store file holds is ever run as SQL.
enum ImportDeferredIndexes {
    /// Each index's name, and the statements that build and drop it (as migrations `v1` and `v5-answer-feed` made it).
    static let all: [(name: String, create: String, drop: String)] = [
        ("question_activity", "CREATE INDEX IF NOT EXISTS question_activity ON question(site, last_activity DESC, id DESC)",
         "DROP INDEX IF EXISTS question_activity"),
        ("question_creation", "CREATE INDEX IF NOT EXISTS question_creation ON question(site, created DESC, id DESC)",
         "DROP INDEX IF EXISTS question_creation"),
        ("question_votes", "CREATE INDEX IF NOT EXISTS question_votes ON question(site, score DESC, id DESC)",
         "DROP INDEX IF EXISTS question_votes"),
        ("answer_site_created", "CREATE INDEX IF NOT EXISTS answer_site_created ON answer((id >> 40), created DESC, id DESC)",
         "DROP INDEX IF EXISTS answer_site_created"),
    ]

    /// Posts an import must be expected to bring before it drops the indexes: below that they fit the page cache and
    /// cost little to keep, while building them again reads every stored question and answer.
    static let minimumPosts: Int64 = 250_000

    /// Bytes of a dump's Posts.xml per post, for the estimate (the bench's file: 2,000 bytes; real dumps 1.5-2.5 KB).
    static let bytesPerPost: Int64 = 2_000

    /// Bytes of XML per byte of a `.7z` archive (Stack Exchange's dumps compress about 6 to 8 times).
    static let archiveRatio: Int64 = 6

    /// Whether an import of `source` into a store holding `storedPosts` questions and answers should drop the
    /// indexes: when it is expected to bring at least `minimumPosts` posts and at least a quarter of those stored
    /// (building them again reads every stored row, so a small import into a large store keeps them).
    static func worthDeferring(_ source: DumpSource, storedPosts: Int) -> Bool {
        let posts = expectedPosts(source)
        return posts >= minimumPosts && posts * 4 >= Int64(storedPosts)
    }

    /// Posts the source's Posts.xml (or archive) is expected to hold, from its size.
    static func expectedPosts(_ source: DumpSource) -> Int64 {
        switch source {
        case .folder(let folder):
            let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("Posts.xml").path)[.size]
                        as? NSNumber)?.int64Value ?? 0
            return size / bytesPerPost
        case .archive:
            return (source.totalBytes() ?? 0) * archiveRatio / bytesPerPost
        }
    }

    /// Questions and answers the store holds (counted along their smallest indexes).
    static func storedPosts(_ db: Database) throws -> Int {
        try (Int.fetchOne(db, sql: "SELECT count(*) FROM question") ?? 0) + (Int.fetchOne(db, sql: "SELECT count(*) FROM answer") ?? 0)
    }

    /// Drops the indexes (an import is about to write many rows).
    static func drop(_ db: Database) throws {
        for index in all { try db.execute(sql: index.drop) }
    }

    /// Builds the indexes that are missing, calling `beforeBuilding` first when one is; true when one was. SQLite's
    /// sort for `CREATE INDEX` takes about twice the page cache's size (48 MB during an import, which took the
    /// import's peak from 125 to 162 MiB): the cache is held to 8 MB meanwhile and the sort spills the rest to
    /// temporary files (measured on 2,000,000 posts with the sqlite3 shell: two of the four indexes in 1.8 s and
    /// 21 MB at 8 MB, 2.4 s and 96 MB at 48 MB, 4.1 s at 2 MB).
    @discardableResult
    static func build(_ db: Database, beforeBuilding: () -> Void = {}) throws -> Bool {
        guard try missing(db) else { return false }
        beforeBuilding()
        // Only an import's connection has a larger cache (`Store.setImportTuning`), which is put back after.
        let importing = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 < -8_192
        if importing { try db.execute(sql: "PRAGMA cache_size = -8192") }
        defer { if importing { try? db.execute(sql: "PRAGMA cache_size = -49152") } }
        for index in all { try db.execute(sql: index.create) }
        return true
    }

    /// Whether one of the indexes is missing (an import runs, or was killed before building them again).
    static func missing(_ db: Database) throws -> Bool {
        let present = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM sqlite_master WHERE type = 'index'
              AND name IN ('question_activity', 'question_creation', 'question_votes', 'answer_site_created')
            """) ?? 0
        return present < all.count
    }
}
