import Foundation
import XCTest

extension StacktermTestCase {
    /// Sends SIG`name` to this test's stackterm: the one process whose command line names this test's double.
    func sendSignal(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        kill.arguments = ["-\(name)", "-f", "stackterm --api-base-url \(double.baseURL.absoluteString)"]
        try kill.run()
        kill.waitUntilExit()
        XCTAssertEqual(kill.terminationStatus, 0, "pkill found no stackterm for this test's double", file: file, line: line)
    }
}
