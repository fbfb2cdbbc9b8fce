import Foundation

/// A user's write waiting for an import: a shared `flock` on `NAME.write-wanted` beside the database, held by a
/// process while one of the user's writes (a save, a read mark, a search) waits for the store's write lock or holds
/// it; an import, between two of its transactions, sees it and lets those writes in before it begins the next.
///
/// Without it an import starves them: it begins its next transaction microseconds after committing the last, while
/// a waiting connection's busy handler sleeps up to 100 ms between looks at the lock. Shared locks never wait for
/// each other, so any number of browsers may wait at once; the import only tries the exclusive lock, never holding
/// it longer than one call, and waits at most `ImportWriteYield.longestYield` for a writer that does not finish.
/// The kernel drops the lock with the process. The file is never removed (two processes must lock one file).
enum StoreWriteTurn {
    /// The lock file of the store at `store`.
    static func url(for store: URL) -> URL { URL(fileURLWithPath: store.path + ".write-wanted") }

    /// Runs `body` holding the shared lock (asking a running import to let it in); without it when the file cannot
    /// be made (a read-only directory), as before.
    static func asking<T>(store: URL, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let descriptor = try? StoreImportLock.openLockFile(url(for: store).path, what: "the write turn")
        defer { if let descriptor { close(descriptor) } }
        if let descriptor {
            // An import holds the exclusive lock only for the instant of its look: a few tries always get it.
            var tries = 0
            while flock(descriptor, LOCK_SH | LOCK_NB) != 0 && tries < 100 {
                tries += 1
                usleep(1_000)
            }
        }
        return try body()
    }
}

/// An import's side of `StoreWriteTurn`: between two transactions, lets in the user writes that wait.
final class ImportWriteYield: Sendable {
    /// The longest an import waits for writers that do not finish (a browser stopped with Ctrl-Z while it waited).
    static let longestYield: TimeInterval = 2

    private let descriptor: Int32?

    /// The yield of an import into the store at `store` (none when the lock file cannot be made).
    init(store: URL) {
        descriptor = try? StoreImportLock.openLockFile(StoreWriteTurn.url(for: store).path, what: "the write turn")
    }

    deinit { if let descriptor { close(descriptor) } }

    /// Called with no transaction open: when a user write waits (a shared lock is held), waits until no more do
    /// (their writes are committed), at most `longestYield`. Two system calls when none waits.
    func letWaitingWritersIn() {
        guard let descriptor else { return }
        let deadline = Date().addingTimeInterval(Self.longestYield)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { return }
            usleep(2_000)
        }
        flock(descriptor, LOCK_UN)
    }
}

extension Store {
    /// Runs one of the user's writes asking a running import (in any process) to let it in between two of its
    /// transactions (`StoreWriteTurn`); it still waits up to the busy timeout for the lock, and fails `.busy` after.
    public func userWrite<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try StoreWriteTurn.asking(store: fileURL, body)
    }

    /// Whether an import (in any process) holds this store's import lock now.
    public var importRunning: Bool {
        let descriptor = open(StoreImportLock.url(for: fileURL).path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // The import holds it exclusively; closing the descriptor drops the shared lock this may get.
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0
    }
}
