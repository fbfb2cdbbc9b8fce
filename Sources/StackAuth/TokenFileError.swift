import Foundation

/// Why the token file could not be used, with the fix, in words that name the file and never quote the token.
public enum TokenFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` is an absolute path: there is no place for the file.
    case noLocation
    /// Group or others may read or change the file; `mode` is its permission bits.
    case tooOpen(path: String, mode: UInt32)
    /// The file belongs to the user `owner`, not to this one.
    case ownedByAnotherUser(path: String, owner: UInt32)
    /// A symbolic link where the file should be.
    case symbolicLink(path: String)
    /// A directory, FIFO, socket or device where the file should be.
    case notRegularFile(path: String)
    /// Larger than `TokenFile.maximumSize`; `size` in bytes.
    case tooLarge(path: String, size: Int)
    /// Not a token file: `reason` says why, e.g. `it has no token line`.
    case damaged(path: String, reason: String)
    /// The file could not be read: the system's reason, e.g. `permission denied`.
    case unreadable(path: String, reason: String)
    /// The token could not be saved: the system's reason, e.g. `no space left on device`.
    case unwritable(path: String, reason: String)
    /// The file could not be removed: the system's reason.
    case undeletable(path: String, reason: String)

    /// The problem and its fix, e.g. `… can be read or changed by other users (mode 0644) … Run: chmod 600 PATH`.
    public var message: String {
        switch self {
        case .noLocation:
            return "neither XDG_CONFIG_HOME nor HOME is an absolute path, so there is no place to keep the login token"
        case .tooOpen(let path, let mode):
            let octal = String(mode & 0o7777, radix: 8)
            return "\(shown(path)) can be read or changed by other users (mode \(String(repeating: "0", count: max(0, 4 - octal.count)))\(octal)), "
                + "so stackterm will not use the login token in it. Run: chmod 600 \(quoted(path)) "
                + "(and if someone else may have read it: stackterm logout, then stackterm login)"
        case .ownedByAnotherUser(let path, let owner):
            return "\(shown(path)) belongs to another user (uid \(owner)), so stackterm will not use the login token in it. "
                + "Remove it (rm \(quoted(path))) and log in again"
        case .symbolicLink(let path):
            return "\(shown(path)) is a symbolic link; stackterm keeps the login token only in a regular file of its own. "
                + "Remove the link (rm \(quoted(path))) and log in again"
        case .notRegularFile(let path):
            return "\(shown(path)) is not a regular file (a directory, FIFO or device?), so it cannot hold the login token. "
                + "Remove it and log in again"
        case .tooLarge(let path, let size):
            return "\(shown(path)) is \(size) bytes, too large for a login token file (at most \(TokenFile.maximumSize)). "
                + "Remove it (rm \(quoted(path))) and log in again"
        case .damaged(let path, let reason):
            return "\(shown(path)) is not a login token file (\(reason)). Remove it (rm \(quoted(path))) and log in again"
        case .unreadable(let path, let reason):
            return "cannot read the login token file \(shown(path)): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot save the login token in \(shown(path)): \(reason)"
        case .undeletable(let path, let reason):
            return "cannot remove the login token file \(shown(path)): \(reason)"
        }
    }

    /// The same as `message`.
    public var description: String { message }

    private func shown(_ path: String) -> String { ShownText.clean(path, limit: 500) }

    /// `path` as a shell word: as it is when it holds only safe characters, else in single quotes.
    private func quoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
        }
        return safe && !path.isEmpty ? path : "'" + shown(path).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
