import Foundation

/// The store's import lock: an advisory `flock` on `NAME.import-lock` beside the database, held by an import for its
/// whole run and by `store --forget`/`--vacuum`, so a second one waits its turn (saying so) instead of failing with
/// SQLite's "database is locked" once the busy timeout runs out.
///
/// The kernel drops the lock with the process, however it ends (SIGKILL included), so a lock found free means no
/// import runs: an open that finds FTS5's bulk-load settings in the file (`Store.restoreAfterKilledImport`) knows a
/// killed import left them. The file holds the holder's process id, for the waiting message; it is never removed
/// (removing it would let two processes lock two different files).
final class StoreImportLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The lock file of the store at `store`.
    static func url(for store: URL) -> URL { URL(fileURLWithPath: store.path + ".import-lock") }

    /// Takes the lock when it is free; nil when another import (or `store` command) holds it.
    static func take(store: URL) throws(StoreError) -> StoreImportLock? {
        let descriptor = try open(store)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        let lock = StoreImportLock(descriptor: descriptor)
        lock.recordHolder()
        return lock
    }

    /// Takes the lock, waiting for the holder to finish: `waiting` is told once, naming the holder, and `shouldStop`
    /// is asked every 100 ms (true: stop waiting and return nil).
    static func wait(
        store: URL, waiting: (String) -> Void, shouldStop: () -> Bool
    ) throws(StoreError) -> StoreImportLock? {
        var told = false
        while true {
            if let lock = try take(store: store) { return lock }
            if !told {
                let holder = holder(store: store).map { " (process \($0))" } ?? ""
                waiting("waiting for another stackterm import\(holder) to finish with \(store.path)…")
                told = true
            }
            if shouldStop() { return nil }
            usleep(100_000)
        }
    }

    /// The process id the holder wrote, if the file holds one.
    static func holder(store: URL) -> Int32? {
        guard let text = try? String(contentsOf: url(for: store), encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func open(_ store: URL) throws(StoreError) -> Int32 {
        try openLockFile(url(for: store).path, what: "the import lock")
    }

    /// Opens (creating it) the lock file at `path`, refusing anything but a regular file (a link is not followed).
    static func openLockFile(_ path: String, what: String) throws(StoreError) -> Int32 {
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .database(path: path, message: "cannot open \(what): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notAFile(path: path, kind: StorePathCheck.kind(info.st_mode))
        }
        return descriptor
    }

    private func recordHolder() {
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
}

extension Store {
    /// Runs `body` while no import runs, waiting for one that does (`waiting` told once, `shouldStop` asked every
    /// 100 ms); nil when `shouldStop` ended the wait. For writes that would otherwise wait behind an import's
    /// transactions until SQLite's busy timeout fails them: `store --forget`, `store --vacuum`.
    public func whileNoImportRuns<T>(
        waiting: (String) -> Void, shouldStop: () -> Bool = { false }, _ body: () throws -> T
    ) throws -> T? {
        guard let lock = try StoreImportLock.wait(store: fileURL, waiting: waiting, shouldStop: shouldStop) else { return nil }
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }
}
