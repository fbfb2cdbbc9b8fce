import Foundation

/// Another process holding a SQLite file's write lock — an open `BEGIN IMMEDIATE` in Debian's `sqlite3` shell — as a
/// second stackterm importing a dump would: the store's writers wait for it (5 s, then fail). Released on `release()`.
public final class StoreLock {
    private let process = Process()
    private let input = Pipe()

    /// The `sqlite3` shell, or nil when it is not installed (Debian package `sqlite3`).
    public static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/sqlite3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Takes the write lock of the database at `path` and returns once it is held.
    public init(path: String) throws {
        guard let executable = Self.executable else { throw StoreLockError(message: "the sqlite3 shell is not installed (Debian package sqlite3)") }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-batch", path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("PRAGMA busy_timeout = 10000;\nBEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        var said = Data()
        while !said.contains(Data("locked".utf8)) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                release()
                throw StoreLockError(message: "sqlite3 ended before it held the lock of \(path)")
            }
            said += chunk
        }
    }

    deinit { release() }

    /// Ends the transaction and the shell (the lock goes with it).
    public func release() {
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// Why a `StoreLock` could not be taken.
public struct StoreLockError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
