import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a config file's bytes only when it is something a config file can be: a regular file (symbolic
/// links followed) of at most `maximumSize` bytes that this process may read.
///
/// The type is checked with `stat` before anything is opened, and the file is opened with `O_NONBLOCK`
/// and checked again with `fstat`: a FIFO or a device named as the config never blocks the program, and a
/// huge file is refused unread instead of being parsed for half a minute.
public enum ConfigFileReader {
    /// The largest config file read (1 MB); the example config is about 3 KB.
    public static let maximumSize = 1 << 20

    /// What reading found.
    public enum Outcome: Equatable, Sendable {
        case contents(Data)
        case missing
        /// Something there that cannot be used as a config file; `reason` is a phrase such as `is a directory`.
        case unusable(reason: String)
    }

    /// Why `path` cannot be used as a config file, or nil when it can (without reading its contents).
    public static func problem(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return reason(errno) }
        if let problem = problem(with: info) { return problem }
        return access(path, R_OK) == 0 ? nil : reason(errno)
    }

    /// Reads the file at `path`, refusing anything but a readable regular file of at most `maximumSize` bytes.
    public static func read(atPath path: String) -> Outcome {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            return code == ENOENT ? .missing : .unusable(reason: reason(code))
        }
        if let problem = problem(with: info) { return .unusable(reason: problem) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .unusable(reason: reason(errno)) }
        defer { close(descriptor) }
        // The path may have been replaced between stat and open: check what was opened.
        guard fstat(descriptor, &info) == 0 else { return .unusable(reason: reason(errno)) }
        if let problem = problem(with: info) { return .unusable(reason: problem) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= maximumSize {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .unusable(reason: reason(errno))
            }
            data.append(contentsOf: buffer[0..<count])
        }
        if data.count > maximumSize { return .unusable(reason: tooLarge) }
        return .contents(data)
    }

    private static let tooLarge = "is over 1 MB, too large for a config file"

    private static func problem(with info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return info.st_size > maximumSize ? tooLarge : nil
        case S_IFDIR:
            return "is a directory"
        case S_IFIFO:
            return "is a FIFO (named pipe), not a regular file"
        case S_IFSOCK:
            return "is a socket, not a regular file"
        case S_IFCHR, S_IFBLK:
            return "is a device, not a regular file"
        default:
            return "is not a regular file"
        }
    }

    /// `errno` as a lower-case phrase: `no such file`, `permission denied`.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case ENOTDIR: return "a part of the path is not a directory"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
