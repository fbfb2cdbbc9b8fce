import Foundation
import NIOConcurrencyHelpers

/// The store's open lock: an advisory `flock` on `NAME.open-lock` beside the database, held while a `Store` checks,
/// creates or upgrades the file, so programs started at once take turns. Without it the second one could see the
/// first one's half-made file (GRDB's migration table before the first migration) as another program's database
/// and move it aside, or run a migration the first one is running ("table … already exists").
///
/// The wait is bounded: after `longestWait` the open goes on without the lock (SQLite's own busy timeout still
/// applies). Where the lock file cannot be made (a read-only directory, a full disk) the open goes on without it too.
/// An open nested in one that holds the lock on the same thread (recovery starting a fresh store) does not wait for
/// it. Like the import lock, the file is never removed.
final class StoreOpenLock: Sendable {
    private let descriptor: Int32
    private let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        _ = Self.holders.withLockedValue { $0.removeValue(forKey: path) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// How long an open waits for another one to finish before it goes on without the lock.
    static let longestWait: TimeInterval = 10

    /// The thread holding each lock this process holds.
    private static let holders = NIOLockedValueBox<[String: pthread_t]>([:])

    /// Takes the open lock of the store at `store`, waiting for another open to finish; nil when the lock file
    /// cannot be used, the wait ran out, or this thread already holds it.
    static func take(store: URL) -> StoreOpenLock? {
        let path = store.path + ".open-lock"
        if holders.withLockedValue({ $0[path] }) == pthread_self() { return nil }
        guard let descriptor = try? StoreImportLock.openLockFile(path, what: "the open lock") else { return nil }
        let deadline = Date(timeIntervalSinceNow: longestWait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(descriptor)
                return nil
            }
            usleep(5_000)
        }
        holders.withLockedValue { $0[path] = pthread_self() }
        return StoreOpenLock(descriptor: descriptor, path: path)
    }
}
