import Foundation

/// A fresh folder under the system's temporary directory, for one test; `remove()` deletes it with everything in
/// it, making it writable first in case the test locked it.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    /// Creates `<prefix>-<UUID>`.
    public init(_ prefix: String = "stackterm-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The names of the files inside, sorted.
    public func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    public func remove() {
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}

extension TemporaryDirectory {
    /// A folder this process cannot write in, or nil when there is none to try: `locked` inside `parent`, made
    /// read-only; for root, who writes through mode bits, `/sys/kernel`, where sysfs refuses new files and folders.
    public static func unwritableFolder(in parent: URL) throws -> URL? {
        guard geteuid() == 0 else {
            let locked = parent.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            chmod(locked.path, 0o555)
            return locked
        }
        let sysfs = URL(fileURLWithPath: "/sys/kernel")
        let probe = sysfs.appendingPathComponent("stackterm-probe").path
        if mkdir(probe, 0o700) == 0 {
            rmdir(probe)
            return nil
        }
        let file = open(probe, O_CREAT | O_WRONLY, 0o600)
        if file >= 0 {
            close(file)
            unlink(probe)
            return nil
        }
        return sysfs
    }
}
