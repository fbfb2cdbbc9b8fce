import Foundation
import GRDB

/// A store file this process may read but not write (`chmod 0444`, another user's file).
///
/// SQLite would open it read-only all the same and create its `-shm` with the file's own mode (0444), which then
/// stays behind: once the file is made writable again, that `-shm` still cannot be written and every write fails
/// ("attempt to write a readonly database"). So a read-only file without a `-wal` is opened `immutable` (SQLite
/// creates no companion at all), and an open of a writable store first gives its own companions left unwritable
/// by such a session the owner's write permission back.
enum StoreReadOnly {
    /// Whether `url` exists and this process may not write it.
    static func isUnwritable(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path) && access(url.path, W_OK) != 0
    }

    /// Gives the `-wal` and `-shm` of a writable store, when this process owns them and may not write them, the
    /// owner's write permission back.
    static func repairCompanions(_ url: URL) {
        var store = stat()
        guard stat(url.path, &store) == 0, access(url.path, W_OK) == 0 else { return }
        for companion in [url.path + "-wal", url.path + "-shm"] {
            var info = stat()
            guard lstat(companion, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  info.st_mode & S_IWUSR == 0 else { continue }
            _ = chmod(companion, (info.st_mode & 0o777) | S_IWUSR)
        }
    }

    /// Opens the unwritable store at `path` for reading: `immutable` when no `-wal` holds newer pages (nothing is
    /// created beside it), else read-only. Refuses a store whose schema this version would have to upgrade.
    static func open(_ path: String) throws -> DatabasePool {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(Store.busyTimeout)
        // An empty log (one a failed open just created) holds no pages: immutable reads miss nothing.
        let hasLog = ((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.int64Value ?? 0) > 0
        let pool = try DatabasePool(path: hasLog ? path : uri(immutable: path), configuration: config)
        guard try pool.read(StoreSchema.isCurrent) else {
            throw StoreError.database(path: path, message: "the file is read-only and not of this version's format, so it "
                + "cannot be upgraded; make it writable (chmod u+w) or point XDG_DATA_HOME elsewhere")
        }
        return pool
    }

    /// Whether an open failed for want of disk space (SQLite's "database or disk is full", or an I/O error while the
    /// file system has no free block).
    static func isOutOfSpace(_ error: any Error, path: String) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        if error.resultCode == .SQLITE_FULL { return true }
        var space = statvfs()
        let directory = (path as NSString).deletingLastPathComponent
        return error.resultCode == .SQLITE_IOERR && statvfs(directory, &space) == 0 && space.f_bavail == 0
    }

    /// `file:PATH?immutable=1`, the path's `%`, `?` and `#` escaped (Debian's SQLite reads URI file names).
    static func uri(immutable path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }
}
