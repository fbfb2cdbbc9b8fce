import GRDB

/// Copies an import's write-ahead log into the database file from the reading thread, on a connection of its own,
/// so the writing thread never stops to do it (SQLite lets a passive checkpoint run beside a writer).
///
/// Best effort: when the connection cannot be opened or a checkpoint fails, the writer's own automatic
/// checkpoint, set high during an import (`Store.setImportTuning`), still bounds the log.
final class ImportCheckpointer {
    private let path: String
    private var queue: DatabaseQueue?
    private var failed = false
    private var batches = 0
    /// Batches between checkpoints (a batch of 2,000 posts writes about 6 MB to the log).
    private let every: Int

    init(path: String, every: Int = 4) {
        self.path = path
        self.every = every
    }

    /// Counts a batch handed to the writer; every `every` batches, checkpoints what the writer has committed. A
    /// checkpoint that fails (another one running, say) is skipped; a connection that cannot be opened is not
    /// asked for again.
    func batchHanded() {
        batches += 1
        guard batches % every == 0, !failed else { return }
        if queue == nil {
            var configuration = Configuration()
            configuration.busyMode = .timeout(Store.busyTimeout)
            queue = try? DatabaseQueue(path: path, configuration: configuration)
            failed = queue == nil
        }
        _ = try? queue?.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }
}
