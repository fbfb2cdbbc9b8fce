import Foundation
import GRDB

/// How a `Store` opens its file: for a program that writes, or for a command that only reads.
public enum StoreOpening: Sendable {
    /// Created, upgraded and set up for concurrent reads and writes (the browser, `import`, `--forget`, `--vacuum`).
    case forWriting
    /// For a command that only reads (`stackterm store`, `print --offline`): a store of this version's format on a
    /// disk with room is opened as it is, so the reads leave its file and its `-wal` byte for byte as they were;
    /// any other (new, older, foreign, damaged, unwritable, on a full disk) is opened as for writing.
    case forReading
}

extension StoreOpening {
    /// One connection opened on `path` as it is, when it holds this version's schema; nil otherwise (the usual open
    /// then says why). GRDB's `DatabasePool` would set WAL mode up on opening, and to make sure the `-wal` exists it
    /// creates and drops a table whenever the log is empty: a write into the file (its schema cookie, and a 16 KB
    /// page more after a vacuum) on every open. A `DatabaseQueue` leaves the journal mode (WAL, kept in the file) as
    /// it is, and its connection, the last to close, removes the empty `-wal` and `-shm` it made, as SQLite does. A
    /// full disk is left to the usual open, which says that writes are paused.
    static func openAsItIs(_ path: String, busyTimeout: TimeInterval) -> DatabaseQueue? {
        var space = statvfs()
        let directory = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: path), statvfs(directory, &space) == 0, space.f_bavail > 0 else {
            return nil
        }
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        guard let queue = try? DatabaseQueue(path: path, configuration: config) else { return nil }
        guard (try? queue.read(StoreSchema.isCurrent)) == true else {
            try? queue.close()
            return nil
        }
        return queue
    }
}
