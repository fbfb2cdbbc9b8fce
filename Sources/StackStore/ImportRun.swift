import Foundation
import NIOConcurrencyHelpers
import GRDB
import StackDump

/// One import's two threads: the reader walks the source's files (a folder's, or an archive's entries in one
/// pass), parses them and hands batches over a `BatchPipe`; this thread writes each in a transaction.
///
/// Everything the writer learns comes through the pipe in the reader's order — a file begins, a file was already
/// imported, a batch — so when the reader fails (a malformed row, a damaged archive, Ctrl-C) the writer has taken
/// every batch before the failure and knows which file it was in and how many of its rows are committed.
struct ImportRun {
    private enum Event: Sendable {
        /// A file's rows follow, the first `start` of them committed by an earlier run.
        case begin(DumpFileJob, start: Int)
        /// A file an earlier run imported whole and unchanged since.
        case alreadyImported(String)
        case batch(DumpBatch)
    }

    let source: DumpSource
    let total: Int64?
    var summary = ImportSummary()
    /// The dump files the source held.
    private(set) var seen: Set<String> = []
    private var current: DumpFileJob?
    private var currentFinished = false
    private var done = 0

    init(source: DumpSource, total: Int64?) {
        self.source = source
        self.total = total
    }

    mutating func run(
        store: Store, site: Int64, stamp: Int64, batchSize: Int, shouldStop: @escaping @Sendable () -> Bool,
        progress: (ImportProgress) -> Void
    ) throws(StoreError) {
        let source = source
        let readerCPU = NIOLockedValueBox(0.0)
        let writerStart = ThreadCPU.seconds()
        defer {
            summary.writerCPUSeconds = ThreadCPU.seconds() - writerStart
            summary.readerCPUSeconds = readerCPU.withLockedValue { $0 }
        }
        do {
            try BatchPipe<Event>.run(produce: { pipe in
                let readerStart = ThreadCPU.seconds()
                defer { let used = ThreadCPU.seconds() - readerStart; readerCPU.withLockedValue { $0 = used } }
                let checkpointer = ImportCheckpointer(path: store.fileURL.path)
                // Ctrl-C is looked at before each batch (a file's first batch comes right after its `begin`).
                func put(_ event: Event, stoppable: Bool = false) throws {
                    guard !(stoppable && shouldStop()), pipe.put(event) else { throw BatchPipe<Event>.Stopped() }
                    if case .batch = event { checkpointer.batchHanded() }
                }
                try source.forEachFile(shouldStop: shouldStop) { file in
                    let job = DumpFileJob(name: file.name, path: file.path, kind: file.kind, site: site, stamp: stamp)
                    guard let start = try store.write({ db in try job.start(db, signature: file.signature) }) else {
                        try put(.alreadyImported(file.name))
                        return try file.passOver()
                    }
                    try put(.begin(job, start: start))
                    try job.read(file, skipping: start, batchSize: batchSize) { try put(.batch($0), stoppable: true) }
                }
            }, consume: { event in try take(event, store: store, progress: progress) })
        } catch is BatchPipe<Event>.Stopped, is DumpSource.Interrupted {
            guard let current, !currentFinished else {
                throw .importFailed(file: source.url.path, message: "interrupted between files; run the import again to resume")
            }
            throw .importFailed(file: current.path, message: "interrupted after \(done) rows; run the import again to resume")
        } catch let error as DumpError {
            throw .importFailed(file: current?.path ?? source.url.path, message: "\(error) (the \(done) rows before it are kept)")
        } catch let error as DumpArchiveError {
            let kept = current.map { " (the \(done) rows of \($0.name) before it are kept)" } ?? ""
            throw .importFailed(file: source.url.path, message: Self.withoutArchiveName(error) + kept)
        } catch {
            throw Store.wrap(error, store.fileURL.path)
        }
    }

    private mutating func take(_ event: Event, store: Store, progress: (ImportProgress) -> Void) throws {
        switch event {
        case .begin(let job, let start):
            seen.insert(job.name)
            current = job
            currentFinished = false
            done = start
            summary.rowsWritten[job.name] = 0
        case .alreadyImported(let name):
            seen.insert(name)
            summary.alreadyImported.append(name)
        case .batch(let batch):
            guard let job = current else { return }
            let began = Date()
            try store.pool.write { db in
                try job.write(batch, db)
                try job.recordProgress(db, rows: done + batch.rows, finished: batch.isLast)
            }
            summary.writeSeconds += Date().timeIntervalSince(began)
            done += batch.rows
            currentFinished = batch.isLast
            summary.rowsWritten[job.name, default: 0] += batch.rows
            progress(ImportProgress(file: job.name, rows: done, bytesRead: batch.position, bytesTotal: total))
        }
    }

    /// The archive error's words without the archive's name, which the import error already leads with.
    private static func withoutArchiveName(_ error: DumpArchiveError) -> String {
        let text = error.description
        guard let colon = text.range(of: ": ") else { return text }
        return String(text[colon.upperBound...])
    }
}
