import Foundation

/// Which file a path names (device and inode), to tell that the file a store opened is still the one at its path:
/// another stackterm may have moved it aside (found damaged or unusable) and started a new one there.
struct StoreFileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The file at `path` now (links followed, as SQLite opens it); nil when there is none.
    static func of(_ path: String) -> StoreFileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return StoreFileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
