import Foundation
import GRDB

/// The local store: one SQLite file in WAL mode, shared safely by threads and by several stackterm processes.
///
/// Every method is synchronous and may block on disk: call it off the main thread (the data managers do).
/// Writes go through the pool's single writer; reads run concurrently on WAL snapshots, and a second process
/// waits up to `busyTimeout` for a lock instead of failing. Opening never rewrites what it does not understand:
/// a file from a newer stackterm is refused (`StoreError.newerSchema`), and a file that is not a stackterm store
/// (corrupt, truncated, another program's database) is moved aside — kept, named in `notice` — and replaced.
public final class Store: Sendable {
    /// How long a statement waits for another connection's lock before failing.
    public static let busyTimeout: TimeInterval = 5

    /// Bytes per database page of a store created by this version (an older store keeps its 4 KB pages).
    static let pageSize = 16_384

    public let fileURL: URL
    /// Where an unusable file found at `fileURL` was moved, if one was.
    public let movedAside: URL?
    /// Why the store was opened for reading only (the file is read-only for this user, the disk is full), as one
    /// status line; nil when writes go through. While set, every write fails and nothing new is kept.
    public let writesPaused: String?
    /// The store was opened for reading only (`writesPaused` says why).
    public var isReadOnly: Bool { writesPaused != nil }
    /// What a command that must write says and stops with when writes are paused: `.diskFull` for a full disk,
    /// else `.writesPaused`; nil when writes go through.
    public var writeRefusal: StoreError? {
        guard let writesPaused else { return nil }
        return writesPaused == Self.diskFullPause ? .diskFull(path: fileURL.path) : .writesPaused(writesPaused)
    }
    /// `writesPaused` when the disk is full (the status line's words).
    static let diskFullPause = "the disk is full: the local store is read only, and writes are paused until space is freed"
    /// The size limit network writes evict down to (`evict(toBytes:)`); nil: no limit.
    public let maxBytes: Int64?
    let pool: any DatabaseWriter
    /// The file this store opened; a write finding another one at `fileURL` (or none) is refused (`.replaced`).
    private let openedFile: StoreFileIdentity?

    /// Why the file at `fileURL` was moved aside (`it is a directory, not a file`…), if one was.
    public let movedAsideReason: String?
    /// What recovery did when this open found the file damaged (an earlier run met damage and a check confirmed it).
    public let recovery: StoreRecovery?

    /// A sentence for the status line when opening moved a file aside; nil otherwise.
    public var notice: String? {
        if let recovery { return recovery.message }
        return movedAside.map { url in
            let reason = movedAsideReason ?? "it could not be read"
            // A companion (`-wal`, `-shm`) moved aside leaves the store itself in place.
            let original = url.deletingLastPathComponent()
                .appendingPathComponent(url.lastPathComponent.components(separatedBy: ".unusable-")[0]).path
            let whole = original == fileURL.path
            return UnusableFile.store(original, reason)
                + " (moved aside to \(url.path)" + (whole ? "; a new one was started)" : ")")
        }
    }

    /// Opens the store in the default directory (`StoreLocation.defaultDirectory`).
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment, maxBytes: Int64? = Store.defaultMaxBytes,
        opening: StoreOpening = .forWriting, announceUpgrade: (String) -> Void = { _ in }
    ) throws(StoreError) {
        try self.init(fileURL: StoreLocation.defaultFile(environment: environment), maxBytes: maxBytes, opening: opening,
                      announceUpgrade: announceUpgrade)
    }

    /// Opens (creating or upgrading) the store at `fileURL`, creating its directory when needed; network writes keep
    /// it under `maxBytes` by evicting the oldest cached content. `announceUpgrade` is told, before it starts, that
    /// an existing store is being upgraded to this version's schema (once; seconds on a large store), or that the
    /// list indexes an interrupted import left missing are being built (seconds too). A statement waits `busyTimeout`
    /// seconds for another connection's lock (tests shorten it). `.forReading`: a command that only reads, which
    /// leaves a current store's file as it was (`StoreOpening`).
    public init(
        fileURL: URL, maxBytes: Int64? = Store.defaultMaxBytes, busyTimeout: TimeInterval = Store.busyTimeout,
        opening: StoreOpening = .forWriting, announceUpgrade: (String) -> Void = { _ in }
    ) throws(StoreError) {
        self.fileURL = fileURL
        self.maxBytes = maxBytes
        let path = fileURL.path
        // A folder this process cannot write (another user's, a read-only mount) still lets an existing store be read.
        let folderWritable = try Self.prepareDirectory(fileURL.deletingLastPathComponent(), storeExists: fileURL)
        // Held to the end of the open: one program at a time checks, creates or upgrades the file.
        let openLock = StoreOpenLock.take(store: fileURL)
        defer { withExtendedLifetime(openLock) {} }
        var aside: (url: URL, reason: String)?
        // Before SQLite opens anything: a FIFO would block its openat until a writer came.
        if let found = StorePathCheck.verdict(forStore: fileURL) {
            switch found.verdict {
            case .openable: break
            case .refuse(let kind): throw .notAFile(path: found.path, kind: kind)
            case .moveAside(let reason):
                aside = (try StoreFileCheck.moveAside(URL(fileURLWithPath: found.path), because: reason), reason)
            }
        }
        if aside == nil, let problem = StoreFileCheck.problem(at: fileURL) {
            aside = (try StoreFileCheck.moveAside(fileURL, because: problem), problem)
        }
        // An earlier run met damage: checked once, and when confirmed moved aside, what can be saved kept.
        var recovered = aside == nil && folderWritable ? try StoreSalvage.recoverIfStillDamaged(fileURL, maxBytes: maxBytes) : nil
        StoreReadOnly.repairCompanions(fileURL)
        if !folderWritable || StoreReadOnly.isUnwritable(fileURL) {
            do { pool = try StoreReadOnly.open(path) } catch { throw Self.wrap(error, path) }
            writesPaused = folderWritable
                ? "the local store is read-only for you (\(path)): reading only, nothing new is kept"
                : "the local store's folder is read-only for you (\(fileURL.deletingLastPathComponent().path)): "
                    + "reading only, nothing new is kept"
        } else {
            var paused: String?
            do {
                if opening == .forReading, let asItIs = StoreOpening.openAsItIs(path, busyTimeout: busyTimeout) {
                    pool = asItIs
                } else {
                    pool = try Self.openAndMigrate(path, busyTimeout, announceUpgrade)
                }
            } catch where aside == nil && StoreReadOnly.isOutOfSpace(error, path: path) {
                // Reading needs no space: an intact store on a full disk is read without creating anything.
                do { pool = try StoreReadOnly.open(path) } catch { throw Self.wrap(error, path) }
                paused = Self.diskFullPause
            } catch let error as DatabaseError where aside == nil && recovered == nil && error.resultCode == .SQLITE_CORRUPT {
                // Damage met while opening (the tables' layout unreadable): moved aside as damaged, what can be read kept.
                let reason = "SQLite could not read the layout of its tables"
                recovered = try StoreSalvage.recover(fileURL, reason: reason, maxBytes: maxBytes)
                do { pool = try Self.openAndMigrate(path, busyTimeout, announceUpgrade) } catch {
                    throw Self.wrap(error, path)
                }
            } catch {
                guard aside == nil, let reason = StoreFileCheck.unusableReason(error) else { throw Self.wrap(error, path) }
                aside = (try StoreFileCheck.moveAside(fileURL, because: reason), reason)
                do { pool = try Self.openAndMigrate(path, busyTimeout, announceUpgrade) } catch {
                    throw Self.wrap(error, path)
                }
            }
            writesPaused = paused
        }
        recovery = recovered
        self.movedAside = aside?.url ?? recovered?.movedTo
        self.movedAsideReason = aside?.reason
        openedFile = StoreFileIdentity.of(path)
        // Best effort: a store that cannot take the write keeps them until an open that can.
        if writesPaused == nil { _ = try? restoreAfterKilledImport(announce: announceUpgrade) }
    }

    private static func openAndMigrate(
        _ path: String, _ busyTimeout: TimeInterval, _ announceUpgrade: (String) -> Void
    ) throws -> any DatabaseWriter {
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Both take effect only on a new, empty file (before the first table), the page size only when set
            // first. 16 KB pages: a quarter of the pages (and system calls) an import writes with 4 KB ones, and
            // less CPU per row. Incremental auto-vacuum lets `compact()` hand the pages an import frees (FTS5
            // merges, rewritten rows) back to the file system.
            // Only then: on a file with pages, `auto_vacuum = …` takes the write lock (and waits for an import).
            if !db.configuration.readonly, try Int.fetchOne(db, sql: "PRAGMA page_count") == 0 {
                try db.execute(sql: "PRAGMA page_size = 16384") // `pageSize`
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            }
        }
        let pool = try DatabasePool(path: path, configuration: config)
        let migrator = StoreSchema.migrator
        // A store of this version's schema opens with reads only, so it never waits for a writer (an import holds
        // the writer between its transactions); a new, foreign, newer or older one goes on to the write below.
        if try pool.read(StoreSchema.isCurrent) { return pool }
        let upgrading = try pool.write { db in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            if applicationID != StoreSchema.applicationID && tables > 0 {
                throw StoreFileCheck.ForeignDatabase(applicationID: applicationID)
            }
            if try migrator.hasBeenSuperseded(db) {
                let known = Set(migrator.migrations)
                let unknown = try migrator.appliedIdentifiers(db).subtracting(known).sorted()
                throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
            }
            return tables > 0 ? try !migrator.hasCompletedMigrations(db) : false
        }
        if upgrading {
            announceUpgrade("upgrading the local store \(path) to this version's format (once; a large store takes a few seconds)")
        }
        try migrator.migrate(pool)
        return pool
    }

    /// Creates `directory` when needed and tells whether this process can create files in it; a folder it cannot
    /// write is refused unless the store file `storeExists` is already there to be read.
    private static func prepareDirectory(_ directory: URL, storeExists store: URL) throws(StoreError) -> Bool {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .directoryNotWritable(path: directory.path, reason: "it cannot be created (\(error.localizedDescription))")
        }
        // A real probe rather than access(2): root passes access() on directories it still cannot write (sysfs,
        // read-only mounts), and SQLite needs to create the -wal and -shm files beside the database.
        let probe = directory.appendingPathComponent(".stackterm-write-probe-\(getpid())-\(UUID().uuidString)").path
        let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else {
            let reason = "stackterm cannot create files in it (\(String(cString: strerror(errno))))"
            if access(store.path, R_OK) == 0 { return false }
            throw .directoryNotWritable(path: directory.path, reason: reason)
        }
        close(descriptor)
        unlink(probe)
        return true
    }

    static func wrap(_ error: any Error, _ path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if StoreReadOnly.isOutOfSpace(error, path: path) { return .diskFull(path: path) }
        if let error = error as? DatabaseError {
            if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                return .busy(path: path, message: "another program (an import, another stackterm) kept it locked for writing")
            }
            return StoreDamage.noted(error, path: path) ?? .database(path: path, message: SQLiteWords.reason(error))
        }
        return .database(path: path, message: "\(error)")
    }

    /// Runs `body` in one write transaction, mapping failures to `StoreError`.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        if let damage = knownDamage { throw .damaged(path: fileURL.path, detail: damage) }
        // One stat per transaction: the writes of a browser left open while `stackterm store` moved its file aside.
        if let openedFile, StoreFileIdentity.of(fileURL.path) != openedFile { throw .replaced(path: fileURL.path) }
        do { return try pool.write(body) } catch { throw Self.wrap(error, fileURL.path) }
    }

    /// Runs `body` on a read snapshot, mapping failures to `StoreError`: stopped by the caller's `StoreInterrupt`
    /// (`.interrupted`), or past `budget` (`.searchCut`).
    func read<T>(budget: Duration? = nil, _ body: (Database) throws -> T) throws(StoreError) -> T {
        let outer = StoreInterrupt.current
        let watch = budget.map { StoreInterrupt(outer: outer, deadline: .now + $0) } ?? outer
        do {
            return try pool.read { db in
                guard let watch else { return try body(db) }
                return try watch.watch(db) { try body(db) }
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            if watch?.isCancelled == true { throw .interrupted }
            if let budget, watch?.isExpired == true { throw .searchCut(milliseconds: Int(budget / .milliseconds(1))) }
            throw Self.wrap(error, fileURL.path)
        } catch {
            throw Self.wrap(error, fileURL.path)
        }
    }
}

extension Store {
    /// Returns the file's free pages to the file system (they stay in the file otherwise, for later writes).
    public func compact() throws(StoreError) {
        do { try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA incremental_vacuum") } } catch {
            throw Self.wrap(error, fileURL.path)
        }
    }

    /// Closes the file before the process ends: the last connection to it removes the empty `-wal` and `-shm` it made
    /// (a process that exits with the file open leaves them). Nothing is read or written through this store after.
    public func closeFile() {
        try? pool.close()
    }

    /// Copies the write-ahead log into the database file and truncates it (for size figures and before copying the file).
    public func checkpoint() throws(StoreError) {
        do { _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) } } catch { throw Self.wrap(error, fileURL.path) }
    }
}
