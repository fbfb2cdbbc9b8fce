import Foundation
import NIOConcurrencyHelpers
import GRDB
import StackDump

/// One import's two threads: the reader walks the source's files (a folder's, or an archive's entries in one
/// pass), parses them and hands batches over a `BatchPipe`; this thread writes them, holding the store's writer for
/// the whole import, in transactions of `transactionRows` rows (several batches) and one at each file's end.
///
/// Everything the writer learns comes through the pipe in the reader's order — a file begins, a file was already
/// imported, a batch — so when the reader fails (a malformed row, a damaged archive, Ctrl-C) the writer has taken
/// every batch before the failure, commits them, and knows which file it was in and how many of its rows are kept.
/// When a write fails, the open transaction's batches are rolled back and only the committed rows count. The reader
/// only reads the store (where each file resumes), so it never waits for the writer it is feeding.
struct ImportRun {
    private enum Event: Sendable {
        /// A file's rows follow, the first `start` of them committed by an earlier run.
        case begin(DumpFileJob, start: Int, signature: String)
        /// A file an earlier run imported whole and unchanged since.
        case alreadyImported(String)
        /// An archive's second entry of a dump file's name (its path in the archive), passed over.
        case duplicate(String)
        case batch(DumpBatch)
    }

    let source: DumpSource
    let total: Int64?
    /// Lets the user's waiting writes in after each commit (`StoreWriteTurn`).
    let yield: ImportWriteYield?
    var summary = ImportSummary()
    /// The dump files the source held.
    private(set) var seen: Set<String> = []
    private var current: DumpFileJob?
    private var currentFinished = false
    /// Rows of the current file written, committed or in the open transaction.
    private var done = 0
    /// Rows of the current file in the open transaction (none open when 0 and the last batch committed).
    private var uncommitted = 0
    /// Bytes of text in the open transaction's batches.
    private var uncommittedBytes = 0

    init(source: DumpSource, total: Int64?, yield: ImportWriteYield? = nil) {
        self.source = source
        self.total = total
        self.yield = yield
    }

    /// Imports the source, committing every `transactionRows` rows (and at each file's end); the reader hands
    /// them over at most `handoverRows` at a time.
    mutating func run(
        store: Store, site: Int64, stamp: Int64, transactionRows: Int, handoverRows: Int,
        shouldStop: @escaping @Sendable () -> Bool, progress: (ImportProgress) -> Void
    ) throws(StoreError) {
        let source = source
        let readerCPU = NIOLockedValueBox(0.0)
        let writerStart = ThreadCPU.seconds()
        defer {
            summary.writerCPUSeconds = ThreadCPU.seconds() - writerStart
            summary.readerCPUSeconds = readerCPU.withLockedValue { $0 }
        }
        let batchSize = min(transactionRows, handoverRows)
        do {
            try store.pool.writeWithoutTransaction { db in
                do {
                    try BatchPipe<Event>.run(produce: { pipe in
                        let readerStart = ThreadCPU.seconds()
                        defer { let used = ThreadCPU.seconds() - readerStart; readerCPU.withLockedValue { $0 = used } }
                        try Self.read(source, into: pipe, store: store, site: site, stamp: stamp, batchSize: batchSize,
                                      shouldStop: shouldStop)
                    }, consume: { event in try take(event, db, transactionRows: transactionRows, progress: progress) })
                } catch {
                    // The reader stopped (Ctrl-C, a malformed row…): keep every batch it handed over.
                    try commit(db)
                    throw error
                }
                try commit(db)
            }
        } catch is BatchPipe<Event>.Stopped, is DumpSource.Interrupted {
            guard let current, !currentFinished else {
                throw .importFailed(file: source.url.path, message: "interrupted between files; run the import again to resume")
            }
            throw .importFailed(file: current.path, message: "interrupted after \(done) rows, which are kept; run the same command again to resume there")
        } catch let error as DumpError {
            throw .importFailed(file: current?.path ?? source.url.path, message: "\(error) (the \(done) whole rows before it are kept)")
        } catch let error as DumpArchiveError {
            let kept = current.map { " (the \(done) rows of \($0.name) before it are kept)" } ?? ""
            throw .importFailed(file: source.url.path, message: ArchiveFaultText.describe(error, archive: source.url) + kept)
        } catch {
            throw Store.wrap(error, store.fileURL.path)
        }
    }

    /// The reading thread: each file of `source`, from where an earlier run left it, in batches down `pipe`.
    private static func read(
        _ source: DumpSource, into pipe: BatchPipe<Event>, store: Store, site: Int64, stamp: Int64, batchSize: Int,
        shouldStop: @escaping @Sendable () -> Bool
    ) throws {
        let checkpointer = ImportCheckpointer(path: store.fileURL.path)
        // Ctrl-C is looked at before each batch (a file's first batch comes right after its `begin`).
        func put(_ event: Event, stoppable: Bool = false) throws {
            guard !(stoppable && shouldStop()), pipe.put(event) else { throw BatchPipe<Event>.Stopped() }
            if case .batch = event { checkpointer.batchHanded() }
        }
        try source.forEachFile(shouldStop: shouldStop, duplicate: { try put(.duplicate($0)) }) { file in
            let job = DumpFileJob(name: file.name, path: file.path, kind: file.kind, site: site, stamp: stamp)
            guard let start = try store.read({ db in try job.resumePoint(db, signature: file.signature) }) else {
                try put(.alreadyImported(file.name))
                return try file.passOver()
            }
            try put(.begin(job, start: start, signature: file.signature))
            try job.read(file, skipping: start, batchSize: batchSize) { try put(.batch($0), stoppable: true) }
        }
    }

    private mutating func take(_ event: Event, _ db: Database, transactionRows: Int, progress: (ImportProgress) -> Void) throws {
        switch event {
        case .begin(let job, let start, let signature):
            try job.begin(db, signature: signature, start: start)
            seen.insert(job.name)
            current = job
            currentFinished = false
            done = start
            summary.rowsWritten[job.name] = 0
        case .alreadyImported(let name):
            seen.insert(name)
            summary.alreadyImported.append(name)
        case .duplicate(let entry):
            summary.ignoredEntries.append(entry)
        case .batch(let batch):
            guard let job = current else { return }
            let began = Date()
            do {
                if !db.isInsideTransaction { try db.beginTransaction(.immediate) }
                try job.write(batch, db)
                try job.recordProgress(db, rows: done + batch.rows, finished: batch.isLast)
            } catch {
                rollBack(db)
                throw error
            }
            done += batch.rows
            uncommitted += batch.rows
            uncommittedBytes += batch.bytes
            summary.rowsWritten[job.name, default: 0] += batch.rows
            if batch.isLast || uncommitted >= transactionRows || uncommittedBytes >= 4 * Store.importHandoverBytes {
                try commit(db)
            }
            summary.writeSeconds += Date().timeIntervalSince(began)
            currentFinished = batch.isLast
            progress(ImportProgress(file: job.name, rows: done, bytesRead: batch.position, bytesTotal: total))
        }
    }

    /// Commits the open transaction, if any; when that fails, its rows are rolled back and no longer count.
    private mutating func commit(_ db: Database) throws {
        guard db.isInsideTransaction else { return }
        do {
            try db.commit()
            uncommitted = 0
            uncommittedBytes = 0
            // No transaction is open: a save or a read mark waiting for the store goes in now, not after the import.
            yield?.letWaitingWritersIn()
        } catch {
            rollBack(db)
            throw error
        }
    }

    /// Drops the open transaction's rows (a write failed).
    private mutating func rollBack(_ db: Database) {
        if db.isInsideTransaction { try? db.rollback() }
        done -= uncommitted
        summary.rowsWritten[current?.name ?? "", default: 0] -= uncommitted
        uncommitted = 0
        uncommittedBytes = 0
    }
}
