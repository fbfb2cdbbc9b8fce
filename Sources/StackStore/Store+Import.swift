import Foundation
import GRDB
import StackAPI
import StackDump

/// How far an import is, reported after each transaction.
public struct ImportProgress: Sendable, Hashable {
    /// The file being read, e.g. `Posts.xml`.
    public var file: String
    /// Rows of that file written so far (including rows written by an earlier, interrupted run).
    public var rows: Int
}

/// What an import wrote.
public struct ImportSummary: Sendable, Hashable {
    /// Rows written per file, e.g. `["Posts.xml": 2672]`; a file already imported whole counts 0.
    public var rowsWritten: [String: Int] = [:]
    /// Files the folder lacks (every file but Posts.xml may be missing).
    public var missingFiles: [String] = []
    /// Files skipped because an earlier run imported them whole and they have not changed.
    public var alreadyImported: [String] = []
    /// Seconds the writing thread spent in write transactions (the rest of the import it waited for parsed rows).
    public var writeSeconds: Double = 0
}

extension Store {
    /// Rows per write transaction during an import.
    public static let importBatch = 2_000

    /// Imports a site's extracted dump folder (Users, Tags, Posts, Comments, PostLinks XML) as site `site`.
    ///
    /// Each file is written in transactions of `batchSize` rows, each also recording how many rows are done, so an
    /// interrupted import (a failure, or `shouldStop` answering true) leaves a consistent store and the next run
    /// resumes after the last committed row; a file imported whole is skipped unless its size or modification time
    /// changed. Rows are upserts, so importing twice holds the same as importing once. Reading and parsing run on a
    /// second thread while this one writes. Throws `StoreError.importFailed` naming the file (and its line).
    @discardableResult
    public func importDump(
        folder: URL, site: String, batchSize: Int = Store.importBatch,
        shouldStop: @escaping @Sendable () -> Bool = { false }, progress: (ImportProgress) -> Void = { _ in }
    ) throws(StoreError) -> ImportSummary {
        var summary = ImportSummary()
        let posts = folder.appendingPathComponent("Posts.xml")
        guard FileManager.default.fileExists(atPath: posts.path) else {
            throw .importFailed(file: posts.path, message: "no such file: a dump folder holds at least Posts.xml")
        }
        let siteID = try write { db in try Self.siteRowID(db, apiName: site) }
        // The writer's page cache (2 MB by default) is far smaller than one transaction: pages spilled to the WAL
        // were read back through syscalls, and a checkpoint (with its fsync) followed every commit. During the
        // import: 48 MB of cache and a checkpoint per ~64 MB of WAL, FTS5 merging later; all restored afterwards.
        try setImportTuning(true)
        defer { try? setImportTuning(false) }
        let stamp = Self.stamp(Date())
        let steps: [(String, DumpFileImport)] = [
            ("Users.xml", .users), ("Tags.xml", .tags), ("Posts.xml", .posts), ("Comments.xml", .comments),
            ("PostLinks.xml", .links),
        ]
        for (name, kind) in steps {
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                summary.missingFiles.append(name)
                continue
            }
            let job = DumpFileJob(url: url, name: name, kind: kind, site: siteID, stamp: stamp)
            let signature = try Self.signature(of: url)
            let start = try write { db in try job.start(db, signature: signature) }
            guard let start else {
                summary.alreadyImported.append(name)
                continue
            }
            summary.rowsWritten[name] = try run(
                job, skipping: start, batchSize: batchSize, shouldStop: shouldStop, progress: progress,
                writeSeconds: &summary.writeSeconds)
        }
        // One index segment answers queries fastest; merging frees the old segments' pages, given back here.
        try write { db in try db.execute(sql: "INSERT INTO post_fts(post_fts) VALUES ('optimize')") }
        try compact()
        return summary
    }

    /// Reads `job`'s file on a second thread and writes it here; returns the rows written.
    private func run(
        _ job: DumpFileJob, skipping start: Int, batchSize: Int, shouldStop: @escaping @Sendable () -> Bool,
        progress: (ImportProgress) -> Void, writeSeconds: inout Double
    ) throws(StoreError) -> Int {
        var done = start
        var writing = 0.0
        do {
            try BatchPipe<DumpBatch>.run(produce: { pipe in
                try job.read(skipping: start, batchSize: batchSize) { batch in
                    guard !shouldStop(), pipe.put(batch) else { throw BatchPipe<DumpBatch>.Stopped() }
                }
            }, consume: { batch in
                let began = Date()
                defer { writing += Date().timeIntervalSince(began) }
                try pool.write { db in
                    try job.write(batch, db)
                    done += batch.rows
                    try job.recordProgress(db, rows: done, finished: batch.isLast)
                }
                progress(ImportProgress(file: job.name, rows: done))
            })
            writeSeconds += writing
        } catch is BatchPipe<DumpBatch>.Stopped {
            throw .importFailed(file: job.url.path, message: "interrupted after \(done) rows; run the import again to resume")
        } catch let error as DumpError {
            throw .importFailed(file: job.url.path, message: "\(error) (the \(done) rows before it are kept)")
        } catch {
            throw Self.wrap(error, fileURL.path)
        }
        return done - start
    }

    private func setImportTuning(_ on: Bool) throws(StoreError) {
        do {
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: on ? "PRAGMA cache_size = -49152" : "PRAGMA cache_size = -2000")
                try db.execute(sql: on ? "PRAGMA wal_autocheckpoint = 16384" : "PRAGMA wal_autocheckpoint = 1000")
                // FTS5 merges its 1 MB segments four at a time as they come; during an import let 64 pile up
                // first (each byte is rewritten fewer times), the final `optimize` merges what is left.
                try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('automerge', \(on ? 0 : 4))")
                try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('crisismerge', \(on ? 64 : 16))")
            }
        } catch { throw Self.wrap(error, fileURL.path) }
    }

    private static func signature(of url: URL) throws(StoreError) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
            throw .importFailed(file: url.path, message: "cannot read the file's size")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)-\(Int64(modified))"
    }
}
