import Foundation
import GRDB

/// FTS5's bulk-load settings, on for an import's run and off after it.
///
/// FTS5 keeps `automerge`, `crisismerge` and `hashsize` in `post_fts_config`, in the file: they outlive the
/// connection that set them, so an import killed before turning them off (SIGKILL, a power cut) would leave every
/// later write to the index unmerged. Opening a store therefore puts the defaults back whenever it finds other
/// values while no import holds the import lock (`StoreImportLock`), and builds the indexes a killed large import
/// had dropped (`ImportDeferredIndexes`).
extension Store {
    /// The settings of an import (`bulk`) or of every other write (FTS5's automerge 4 and 1 MB hash, a crisis merge
    /// at 16 segments).
    static func fullTextSettings(bulk: Bool) -> KeyValuePairs<String, Int> {
        bulk ? ["automerge": 0, "crisismerge": 1_000, "hashsize": 16 << 20]
            : ["automerge": 4, "crisismerge": 16, "hashsize": 1 << 20]
    }

    func setImportTuning(_ on: Bool) throws(StoreError) {
        do {
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: on ? "PRAGMA cache_size = -49152" : "PRAGMA cache_size = -2000")
                // During an import 16,384 pages of log (256 MB of 16 KB pages, 64 MB of an older store's 4 KB ones):
                // a bound only, since the reading thread checkpoints every few batches on a connection of its own
                // (`ImportCheckpointer`); else SQLite's default.
                try db.execute(sql: on ? "PRAGMA wal_autocheckpoint = 16384" : "PRAGMA wal_autocheckpoint = 1000")
                try Self.setFullTextBulkLoading(on, db)
            }
        } catch { throw Self.wrap(error, fileURL.path) }
    }

    /// Sets `post_fts` up for many rows in few transactions (`on`), or back to its defaults.
    ///
    /// FTS5 merges its segments four at a time as they come; while loading up to 1,000 pile up (one per transaction:
    /// 500,000 posts make 63) instead of every merge level rewriting them (FTS5 allows at most 2,000 per level). Back
    /// at 16, the next write to the index merges the segments an import left at once. The hash gathers terms in
    /// memory before FTS5 writes a segment: 1 MB by default, so a transaction made several small segments; 16 MB
    /// holds a transaction's 8,000 posts of a few KB (about 10 MB: one segment each) and bounds the hash when posts
    /// are much longer (a transaction then writes more than one).
    static func setFullTextBulkLoading(_ on: Bool, _ db: Database) throws {
        for (key, value) in fullTextSettings(bulk: on) {
            try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES (?, ?)", arguments: [key, value])
        }
    }

    /// Whether `post_fts_config` holds other values than the defaults (an import runs, or was killed).
    static func fullTextSettingsAreBulk(_ db: Database) throws -> Bool {
        let rows = try Row.fetchAll(db, sql: "SELECT k, v FROM post_fts_config WHERE k IN ('automerge', 'crisismerge', 'hashsize')")
        let defaults = fullTextSettings(bulk: false)
        return rows.contains { row in
            let key: String = row[0]
            return defaults.first { $0.key == key }?.value != row[1] as Int?
        }
    }

    /// Puts back what a killed import left, when no import runs now: FTS5's default settings, and the secondary
    /// indexes a large import drops while it writes (`ImportDeferredIndexes`); true when it did. Reads only when
    /// nothing is left (every open but the first after a killed import). Building the indexes takes seconds on a
    /// large store (3–7 s at 2,000,000 posts), so `announce` is told first, as for a schema upgrade.
    @discardableResult
    func restoreAfterKilledImport(announce: (String) -> Void = { _ in }) throws(StoreError) -> Bool {
        guard try read({ db in try Self.fullTextSettingsAreBulk(db) || ImportDeferredIndexes.missing(db) }) else { return false }
        guard let lock = try StoreImportLock.take(store: fileURL) else { return false }
        defer { withExtendedLifetime(lock) {} }
        return try write { db in
            let indexes = try ImportDeferredIndexes.build(db) { announce(Self.rebuildingIndexesNotice(fileURL.path)) }
            guard try Self.fullTextSettingsAreBulk(db) else { return indexes }
            try Self.setFullTextBulkLoading(false, db)
            return true
        }
    }

    /// What an open says before building the indexes an interrupted import left missing.
    static func rebuildingIndexesNotice(_ path: String) -> String {
        "an import into the local store \(path) was interrupted: building the list indexes it left missing (a large store takes a few seconds)"
    }
}
