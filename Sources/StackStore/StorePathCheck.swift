import Foundation

/// What sits at the store's path (and its `-wal`/`-shm`), judged by `lstat`/`stat` before SQLite opens anything.
///
/// SQLite opens a FIFO at the database's path with a blocking `openat` that returns only when a writer appears, and
/// takes a directory, a device or a link to `/dev/null` for a database it cannot read. So only a regular file (or a
/// link to one, or nothing yet) is opened. A directory, or a symbolic link to anything but a regular file, is moved
/// aside: renaming it changes neither what the directory holds nor what the link points to. A FIFO, a socket or a
/// device node at the path itself may be another program's, so it is refused and left where it is.
enum StorePathCheck {
    /// What to do with one path.
    enum Verdict: Equatable {
        /// Nothing there, a regular file, or a link to one (or to nothing yet): SQLite may open it.
        case openable
        /// Not a file, but renaming it is harmless: move it aside and start a new store (`reason` says what it was).
        case moveAside(reason: String)
        /// Not a file, and not ours to move: refuse to open the store (`kind` names it).
        case refuse(kind: String)
    }

    /// The verdict on `path`, never opening it.
    static func verdict(_ path: String) -> Verdict {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .openable }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .openable
        case S_IFDIR: return .moveAside(reason: "it is a directory, not a file")
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else { return .openable }
            guard target.st_mode & S_IFMT != S_IFREG else { return .openable }
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            return .moveAside(reason: "it is a symbolic link to \(kind(target.st_mode)) (\(destination)), not to a file")
        default: return .refuse(kind: kind(info.st_mode))
        }
    }

    /// The verdict on the store's file and its companions: the first that is not `.openable`, with its path.
    static func verdict(forStore url: URL) -> (path: String, verdict: Verdict)? {
        for path in [url.path, url.path + "-wal", url.path + "-shm"] {
            let verdict = verdict(path)
            if verdict != .openable { return (path, verdict) }
        }
        return nil
    }

    /// `a FIFO (named pipe)`, `a socket`, `a character device`…
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }
}
