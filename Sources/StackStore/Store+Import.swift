import Foundation
import GRDB
import StackAPI
import StackDump

/// How far an import is, reported after each batch of rows written.
public struct ImportProgress: Sendable, Hashable {
    /// The file being read, e.g. `Posts.xml`.
    public var file: String
    /// Rows of that file written so far (including rows written by an earlier, interrupted run).
    public var rows: Int
    /// Bytes of the source read so far: the archive file's (compressed) bytes, or the folder's files' bytes.
    public var bytesRead: Int64
    /// The source's size in the same bytes (the archive file, or the folder's dump files together), when known.
    public var bytesTotal: Int64?
}

/// What an import wrote.
public struct ImportSummary: Sendable, Hashable {
    /// Rows written per file, e.g. `["Posts.xml": 2672]`; a file already imported whole counts 0.
    public var rowsWritten: [String: Int] = [:]
    /// Dump files the folder or archive lacks (any may be missing from an archive; a folder needs Posts.xml).
    public var missingFiles: [String] = []
    /// Files skipped because an earlier run imported them whole and they have not changed.
    public var alreadyImported: [String] = []
    /// An archive's second entries of a dump file's name (their paths in the archive), passed over: only the first
    /// of each name is imported.
    public var ignoredEntries: [String] = []
    /// Seconds the writing thread spent in write transactions (the rest of the import it waited for parsed rows).
    public var writeSeconds: Double = 0
    /// CPU seconds of the writing thread while rows came in (transactions, waiting).
    public var writerCPUSeconds: Double = 0
    /// CPU seconds of the reading thread (reading, decompressing, parsing, text for the index).
    public var readerCPUSeconds: Double = 0
    /// Seconds of the closing step after the last row (building the indexes a large import dropped, merging each
    /// full-text index, returning free pages).
    public var finishSeconds: Double = 0
    /// Seconds of the closing step spent building the secondary indexes dropped at the start (0 when the import was
    /// too small to drop them: `ImportDeferredIndexes`).
    public var indexSeconds: Double = 0
    /// Segments the body index was left in: 1 when merged at the end, more when few enough to leave for the next
    /// write to it (`Store.unmergedSegmentLimit`).
    public var bodyIndexSegments: Int = 0
}

extension Store {
    /// Rows per write transaction during an import. FTS5 writes `post_fts` one segment per transaction: 500,000
    /// posts make 63 (left unmerged, `unmergedSegmentLimit`) where 2,000-row transactions made 250.
    public static let importBatch = 8_000

    /// Rows the reading thread hands over at a time (a transaction takes several): what the import holds in memory
    /// is a few of these, not a transaction's worth.
    static let importHandoverRows = 2_000

    /// Bytes of text (bodies and their index text) after which the reading thread hands over a batch of fewer rows,
    /// and a transaction commits after four such: 2,000 posts of a few KB stay under it, while a dump of 30 KB
    /// posts is not held 2,000 at a time (which took an import of such posts to 750 MB).
    static let importHandoverBytes = 6 << 20

    /// Imports a site's extracted dump folder (Users, Tags, Posts, Comments, PostLinks XML) as site `site`.
    @discardableResult
    public func importDump(
        folder: URL, site: String, batchSize: Int = Store.importBatch,
        shouldStop: @escaping @Sendable () -> Bool = { false }, waiting: (String) -> Void = { _ in },
        progress: (ImportProgress) -> Void = { _ in }
    ) throws(StoreError) -> ImportSummary {
        try importDump(.folder(folder), site: site, batchSize: batchSize, shouldStop: shouldStop, waiting: waiting,
                       progress: progress)
    }

    /// Imports a site's dump from a folder or a `.7z` archive as site `site`.
    ///
    /// Each file is written in transactions of `batchSize` rows, each also recording how many rows are done, so an
    /// interrupted import (a failure, or `shouldStop` answering true) leaves a consistent store and the next run
    /// resumes after the last committed row; a file imported whole is skipped unless its size or modification time
    /// changed. A row the store lacks is inserted without a look first, one it holds is updated in place, so importing
    /// twice holds the same as importing once. Reading, parsing and the text for the index run on a second thread
    /// (an archive in one pass, entries in the order it holds them) while this one writes. Throws
    /// `StoreError.importFailed` naming the file (and its line) or the archive's entry and position. One import runs
    /// at a time per store: another one (in any process) is waited for, `waiting` told why once.
    @discardableResult
    public func importDump(
        _ source: DumpSource, site: String, batchSize: Int = Store.importBatch,
        shouldStop: @escaping @Sendable () -> Bool = { false }, waiting: (String) -> Void = { _ in },
        progress: (ImportProgress) -> Void = { _ in }
    ) throws(StoreError) -> ImportSummary {
        try importDump(source, site: site, transactionRows: batchSize, handoverRows: Self.importHandoverRows,
                       deferIndexes: nil, shouldStop: shouldStop, waiting: waiting, progress: progress)
    }

    /// `importDump` with the reading thread's hand-over size chosen (tests make transactions of several batches
    /// from a small dump), and whether to drop the secondary indexes while writing (nil: when the source is large
    /// enough, `ImportDeferredIndexes.worthDeferring`).
    @discardableResult
    func importDump(
        _ source: DumpSource, site: String, transactionRows: Int, handoverRows: Int, deferIndexes: Bool? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }, waiting: (String) -> Void = { _ in },
        progress: (ImportProgress) -> Void = { _ in }
    ) throws(StoreError) -> ImportSummary {
        try source.precheck()
        guard let lock = try StoreImportLock.wait(store: fileURL, waiting: waiting, shouldStop: shouldStop) else {
            throw .importFailed(file: source.url.path, message: "interrupted while waiting for the other import; nothing was written")
        }
        defer { withExtendedLifetime(lock) {} }
        let siteID = try write { db in try Self.siteRowID(db, apiName: site) }
        // The writer's page cache (2 MB by default) is far smaller than one transaction: pages spilled to the WAL
        // were read back through syscalls, and a checkpoint (with its fsync) followed every commit. During the
        // import: 48 MB of cache, checkpoints on the reading thread (`ImportCheckpointer`), FTS5 merging
        // later; all restored afterwards.
        try setImportTuning(true)
        defer { try? setImportTuning(false) }
        // The indexes whose keys come in no order are dropped while a large import writes and built once at its end,
        // however it ends (`ImportDeferredIndexes`; a killed one leaves that to the next open).
        var deferring = deferIndexes ?? false
        if deferIndexes == nil, ImportDeferredIndexes.expectedPosts(source) >= ImportDeferredIndexes.minimumPosts {
            // Counting the stored posts reads an index of each table: only for an import large enough to matter.
            let stored = try read { db in try ImportDeferredIndexes.storedPosts(db) }
            deferring = ImportDeferredIndexes.worthDeferring(source, storedPosts: stored)
        }
        if deferring { try write { db in try ImportDeferredIndexes.drop(db) } }
        let yield = ImportWriteYield(store: fileURL)
        var run = ImportRun(source: source, total: source.totalBytes(), yield: yield)
        do {
            try run.run(store: self, site: siteID, stamp: Self.stamp(Date()), transactionRows: transactionRows,
                        handoverRows: handoverRows, shouldStop: shouldStop, progress: progress)
        } catch {
            if deferring { _ = try? write { db in try ImportDeferredIndexes.build(db) } }
            throw error
        }
        let finishing = Date()
        yield.letWaitingWritersIn()
        if deferring { _ = try write { db in try ImportDeferredIndexes.build(db) } }
        run.summary.indexSeconds = Date().timeIntervalSince(finishing)
        if run.seen.isEmpty {
            let names = DumpSource.files.map(\.name).joined(separator: ", ")
            throw .importFailed(file: source.url.path, message: "holds none of the dump files (\(names))")
        }
        run.summary.missingFiles = DumpSource.files.map(\.name).filter { !run.seen.contains($0) }
        // Merging an index into one segment rewrites it once (0.4 s of one thread per 100,000 posts, with nothing
        // else to overlap). `title_fts`, which every search reads first, is small and always merged. `post_fts`
        // keeps its segments (one per transaction) while they are few enough for a search to read them all within
        // its time goal: the next write to it merges them (FTS5's crisis merge, at 16 or more), so the merge is
        // left to a later save, off the main thread, or never for a store only read. Past that it is merged here.
        yield.letWaitingWritersIn()
        run.summary.bodyIndexSegments = try write { db in try Self.mergeFullTextAfterImport(db) }
        try compact()
        run.summary.finishSeconds = Date().timeIntervalSince(finishing)
        return run.summary
    }

    /// Segments `post_fts` may keep after an import: searches on a 500,000-post store with its 63 unmerged
    /// segments (8,000-row transactions) met the search goals (one-word p99 8.7 ms), while 250 segments (2,000-row
    /// transactions) took it to 45 ms (BENCHMARKS.md, issue 10). The merge then falls to the next write to the
    /// index: about 3 s for 500,000 posts, off the main thread.
    static let unmergedSegmentLimit = 64

    /// Merges `title_fts` into one segment, and `post_fts` too when it holds more than `unmergedSegmentLimit`;
    /// returns the segments `post_fts` is left with.
    static func mergeFullTextAfterImport(_ db: Database) throws -> Int {
        try db.execute(sql: "INSERT INTO title_fts(title_fts) VALUES ('optimize')")
        let segments = try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM post_fts_idx") ?? 0
        guard segments > unmergedSegmentLimit else { return segments }
        try db.execute(sql: "INSERT INTO post_fts(post_fts) VALUES ('optimize')")
        return 1
    }
}
