import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one file that keeps the login: `$XDG_CONFIG_HOME/stackterm/token`, else `~/.config/stackterm/token`.
///
/// It is written atomically (a new file of mode 0600 beside it, created with `O_EXCL | O_NOFOLLOW`, synced, then
/// renamed over it; the folder made 0700 when missing) and read only when it is safe, as ssh treats a private key:
/// a regular file, not a link, owned by this user, that group and others can neither read nor change, of at most
/// `maximumSize` bytes. No file means nobody is logged in.
public struct TokenFile: Sendable, Equatable {
    /// The largest token file read (a token with a user's name is about 200 bytes).
    public static let maximumSize = 4096
    /// The file's name in its folder.
    public static let fileName = "token"

    /// The file's absolute path.
    public let path: String

    /// The file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The file at its usual place under `environment` (`TokenFile.defaultPath`), or `noLocation`.
    public init(environment: [String: String]) throws(TokenFileError) {
        guard let path = Self.defaultPath(environment: environment) else { throw .noLocation }
        self.init(path: path)
    }

    /// `$XDG_CONFIG_HOME/stackterm/token`, else `$HOME/.config/stackterm/token`; only absolute paths count, as for
    /// the config file, so nil when neither variable is one.
    public static func defaultPath(environment: [String: String]) -> String? {
        func absolute(_ name: String) -> NSString? {
            environment[name].flatMap { $0.hasPrefix("/") ? $0 as NSString : nil }
        }
        if let xdg = absolute("XDG_CONFIG_HOME") { return xdg.appendingPathComponent("stackterm/\(fileName)") }
        return absolute("HOME")?.appendingPathComponent(".config/stackterm/\(fileName)")
    }

    /// The folder the file is in.
    public var folder: String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The stored login; nil when there is no file (nobody is logged in); an error when the file is unsafe or damaged.
    public func read() throws(TokenFileError) -> StoredLogin? {
        try read(allowingOpenMode: false)
    }

    /// The stored login even when group or others may read the file (`logout`: a token that may have been read by
    /// someone else is revoked all the more); a link, another user's or a damaged file is still refused.
    public func readForRevoking() throws(TokenFileError) -> StoredLogin? {
        try read(allowingOpenMode: true)
    }

    private func read(allowingOpenMode: Bool) throws(TokenFileError) -> StoredLogin? {
        guard let data = try FileAccess.readPrivateFile(path, maximumSize: Self.maximumSize,
                                                        allowingOpenMode: allowingOpenMode) else { return nil }
        switch StoredLoginFormat.decode(data) {
        case .success(let login): return login
        case .failure(let problem): throw .damaged(path: path, reason: problem.reason)
        }
    }

    /// Replaces the file with `login`, atomically, as a new file of mode 0600 (the folder made 0700 if missing).
    /// A symbolic link or anything but a regular file at the path is refused, not replaced.
    public func write(_ login: StoredLogin) throws(TokenFileError) {
        try FileAccess.makeFolder(folder, path: path)
        try FileAccess.checkReplaceable(path)
        try FileAccess.writeAtomically(Data(StoredLoginFormat.encode(login).utf8), to: path, folder: folder,
                                       temporaryPrefix: temporaryPrefix)
    }

    /// Removes the file and any temporary file a write left behind when it was killed; no file is not an error.
    public func delete() throws(TokenFileError) {
        if unlink(path) != 0, errno != ENOENT { throw .undeletable(path: path, reason: FileAccess.reason(errno)) }
        FileAccess.removeLeftovers(in: folder, prefix: temporaryPrefix)
    }

    /// The name of a write's temporary file starts with this, e.g. `.token.tmp-1234-9f8e…`.
    var temporaryPrefix: String { ".\((path as NSString).lastPathComponent).tmp-" }
}
