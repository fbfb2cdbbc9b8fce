import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The token file's system calls: a careful read, a folder made 0700, an atomic write of a 0600 file.
enum FileAccess {
    /// The bytes of the private file at `path`, nil when there is none, or why it is not safe to use; with
    /// `allowingOpenMode`, a file group or others may read is read too (all else is still refused).
    static func readPrivateFile(_ path: String, maximumSize: Int, allowingOpenMode: Bool = false) throws(TokenFileError) -> Data? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw .unreadable(path: path, reason: reason(code))
        }
        try checkPrivate(info, path: path, maximumSize: maximumSize, allowingOpenMode: allowingOpenMode)
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw code == ELOOP ? .symbolicLink(path: path) : .unreadable(path: path, reason: reason(code))
        }
        defer { close(descriptor) }
        // The path may have been replaced between lstat and open: check what was opened.
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: reason(errno)) }
        try checkPrivate(info, path: path, maximumSize: maximumSize, allowingOpenMode: allowingOpenMode)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: maximumSize + 1)
        while data.count <= maximumSize {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: reason(errno))
            }
            data.append(contentsOf: buffer[0..<count])
        }
        if data.count > maximumSize { throw .tooLarge(path: path, size: data.count) }
        return data
    }

    /// Refuses what ssh refuses for a private key: a link or non-regular file, another user's file, a file group or
    /// others may read or change (unless `allowingOpenMode`); and one larger than `maximumSize`.
    private static func checkPrivate(_ info: stat, path: String, maximumSize: Int, allowingOpenMode: Bool) throws(TokenFileError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw .symbolicLink(path: path)
        default: throw .notRegularFile(path: path)
        }
        guard info.st_uid == geteuid() else { throw .ownedByAnotherUser(path: path, owner: info.st_uid) }
        guard allowingOpenMode || info.st_mode & 0o077 == 0 else { throw .tooOpen(path: path, mode: info.st_mode & 0o7777) }
        guard info.st_size <= maximumSize else { throw .tooLarge(path: path, size: Int(info.st_size)) }
    }

    /// Creates `folder` and each missing folder above it with mode 0700; `path` names the file in errors.
    static func makeFolder(_ folder: String, path: String) throws(TokenFileError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .unwritable(path: path, reason: "\(folder) is not a folder") }
            return
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != folder { try makeFolder(parent, path: path) }
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
            throw .unwritable(path: path, reason: "cannot create the folder \(folder): \(reason(errno))")
        }
    }

    /// Refuses to write over a symbolic link or over anything but a regular file.
    static func checkReplaceable(_ path: String) throws(TokenFileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw .symbolicLink(path: path)
        default: throw .notRegularFile(path: path)
        }
    }

    /// Writes `data` to a new file of mode 0600 in `folder` (created with `O_EXCL | O_NOFOLLOW`), syncs it and
    /// renames it over `path`; the temporary file is removed when anything fails.
    static func writeAtomically(_ data: Data, to path: String, folder: String, temporaryPrefix: String) throws(TokenFileError) {
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 where descriptor < 0 {
            temporary = (folder as NSString).appendingPathComponent(
                "\(temporaryPrefix)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0, errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: reason(errno)) }
        var failure: Int32?
        if fchmod(descriptor, 0o600) != 0 { failure = errno }
        if failure == nil { failure = writeAll(data, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .unwritable(path: path, reason: reason(failure))
        }
        syncFolder(folder)
    }

    /// Writes every byte, retrying after a signal or a short write; the `errno` of a failure, nil on success.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Makes the rename durable (best effort: some file systems cannot sync a folder).
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Removes the files in `folder` whose names start with `prefix` (a killed write's temporary files).
    static func removeLeftovers(in folder: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink((folder as NSString).appendingPathComponent(name))
        }
    }

    /// `errno` as a lower-case phrase: `no such file`, `permission denied`.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES: return "permission denied"
        case ENOTDIR: return "a part of the path is not a folder"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
