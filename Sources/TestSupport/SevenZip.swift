import Foundation

/// Debian's `7zz` (package `7zip`), for tests that make dump archives the way Stack Exchange ships them.
public enum SevenZip {
    /// The `7zz` executable, or nil when it is not installed (`.ci/setup` installs it).
    public static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/7zz" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes a 7z archive at `archive` holding `paths`: a file is stored by its name, a folder as
    /// `folder/name…` (7-Zip's rule for absolute paths); throws when 7zz fails.
    public static func archive(_ paths: [URL], to archive: URL) throws {
        guard let executable else { throw SevenZipError(message: "7zz is not installed (Debian package 7zip)") }
        let command = SpawnedCommand(
            executable: executable, arguments: ["a", "-t7z", "-mx=1", "-bd", "-y", archive.path] + paths.map(\.path),
            environment: ProcessInfo.processInfo.environment)
        let result = try command.run()
        guard result.status == 0 else {
            throw SevenZipError(message: "7zz exited \(result.status): " + String(decoding: result.errorOutput, as: UTF8.self))
        }
    }
}

/// A `7zz` run that failed.
public struct SevenZipError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
