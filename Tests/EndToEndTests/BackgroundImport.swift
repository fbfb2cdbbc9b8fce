import Foundation
import TestSupport
import XCTest

/// `stackterm import FOLDER --site SITE` running in the background on the store under a data home, its stderr going
/// to a file the test reads; and the sqlite3 shell's answer to a query on a store (a reader: it never waits).
enum BackgroundImport {
    /// Starts the import; its stderr goes to `errors` (made empty first).
    static func start(_ folder: URL, site: String, dataHome: URL, errors: URL) throws -> Process {
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = BuildProducts.executable("stackterm")
        process.arguments = ["import", folder.path, "--site", site]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return process
    }

    /// Waits (up to two minutes, a bound against hanging only) until `file` holds `text`; returns what it holds.
    static func waitFor(
        _ text: String, in file: URL, line: StaticString = #filePath, _ number: UInt = #line
    ) -> String {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let said = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if said.contains(text) { return said }
            usleep(20_000)
        }
        let said = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        XCTFail("never said \(text): \(said)", file: line, line: number)
        return said
    }

    /// What the sqlite3 shell prints for `sql` on the database at `path`.
    static func sqlite(_ sql: String, store path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(StoreLock.executable))
        process.arguments = ["-batch", path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
