import Foundation
import GRDB

/// Decides whether a file at the store's path can be opened as a store, and moves it aside when it cannot.
enum StoreFileCheck {
    /// An SQLite database that is not a stackterm store (another program's `application_id`, tables present).
    struct ForeignDatabase: Error, CustomStringConvertible {
        let applicationID: Int32
        var description: String { "it is another program's SQLite database (application_id \(applicationID))" }
    }

    private static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Why the file cannot be a store, judged from its first bytes; nil when it is absent, empty or starts like SQLite.
    /// Opened without blocking (`O_NONBLOCK`), and only read when it is a regular file.
    static func problem(at url: URL) -> String? {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 100)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        guard count > 0 else { return nil }
        guard count == 100, Array(head.prefix(16)) == sqliteHeader else {
            return "it is not an SQLite database"
        }
        return nil
    }

    /// Why an error met while opening means the file is unusable (corrupt, not a database, foreign); nil when it
    /// does not (a lock held too long, a full disk…), so the file is kept where it is.
    static func unusableReason(_ error: any Error) -> String? {
        if let foreign = error as? ForeignDatabase { return foreign.description }
        switch (error as? DatabaseError)?.resultCode {
        case .SQLITE_NOTADB: return "it is not an SQLite database"
        case .SQLITE_CORRUPT: return "it is damaged: SQLite cannot read its pages"
        default: return nil
        }
    }

    /// Renames `url` (and its `-wal`/`-shm` companions) to `NAME.<label>-<UTC time>` (`unusable`, `damaged`), keeping
    /// it, and returns the new path.
    static func moveAside(_ url: URL, because reason: String, as label: String = "unusable") throws(StoreError) -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var target = URL(fileURLWithPath: url.path + ".\(label)-" + formatter.string(from: Date()))
        var suffix = 1
        while FileManager.default.fileExists(atPath: target.path) {
            suffix += 1
            target = URL(fileURLWithPath: url.path + ".\(label)-" + formatter.string(from: Date()) + "-\(suffix)")
        }
        guard rename(url.path, target.path) == 0 else {
            let why = String(cString: strerror(errno))
            throw .database(path: url.path, message: "unusable (\(reason)) and could not be moved aside: \(why)")
        }
        for companion in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + companion) {
            _ = rename(url.path + companion, target.path + companion)
        }
        return target
    }
}
