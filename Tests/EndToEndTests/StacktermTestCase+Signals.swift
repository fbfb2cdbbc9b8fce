import Foundation
import XCTest

extension StacktermTestCase {
    /// The `pgrep`/`pkill` pattern for this test's stackterm: the one process whose command line names its double.
    private var stacktermCommandPattern: String { "stackterm --api-base-url \(double.baseURL.absoluteString)" }

    /// Sends SIG`name` to this test's stackterm.
    func sendSignal(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        kill.arguments = ["-\(name)", "-f", stacktermCommandPattern]
        try kill.run()
        kill.waitUntilExit()
        XCTAssertEqual(kill.terminationStatus, 0, "pkill found no stackterm for this test's double", file: file, line: line)
    }

    /// The process id of this test's stackterm.
    func stacktermPID() throws -> Int32 {
        let pgrep = Process()
        let output = Pipe()
        pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        pgrep.arguments = ["-f", stacktermCommandPattern]
        pgrep.standardOutput = output
        try pgrep.run()
        pgrep.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return try XCTUnwrap(text.split(separator: "\n").compactMap { Int32($0) }.first, "no stackterm for this test's double")
    }
}
