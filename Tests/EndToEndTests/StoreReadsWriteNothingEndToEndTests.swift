import Foundation
import TestSupport
import XCTest

/// Issue 32: the commands that only read the store (`store`, `store --check`, `print --offline`) leave its file and
/// its `-wal` as they were, byte for byte — `store` after `store --vacuum` used to report a file 4 pages larger.
final class StoreReadsWriteNothingEndToEndTests: XCTestCase {
    /// The store file's bytes, and its `-wal`'s (nil when there is none).
    private struct Snapshot: Equatable {
        let file: Data
        let log: Data?
    }

    private func snapshot(_ store: URL) throws -> Snapshot {
        Snapshot(file: try Data(contentsOf: store), log: try? Data(contentsOf: URL(fileURLWithPath: store.path + "-wal")))
    }

    func testListingCheckingAndPrintingOfflineLeaveTheFileAndItsLogUnchanged() throws {
        let root = try temporaryFolder("stackterm-reads-write-nothing")
        let folder = try oneQuestionDump(in: root)
        let environment = ["XDG_DATA_HOME": root.path]
        for arguments in [["import", folder.path, "--site", "beer"], ["store", "--vacuum"]] {
            let ran = try StacktermRun.run(arguments, environment: environment)
            XCTAssertEqual(ran.status, 0, ran.errors)
        }
        let store = root.appendingPathComponent("stackterm/stackterm.sqlite")
        let vacuumed = try snapshot(store)
        XCTAssertNil(vacuumed.log, "vacuum leaves no log")
        let reads = [["store"], ["store", "--check"], ["print", "--offline", "--site", "beer"], ["store"]]
        for arguments in reads {
            let ran = try StacktermRun.run(arguments, environment: environment)
            XCTAssertEqual(ran.status, 0, ran.errors)
            let after = try snapshot(store)
            XCTAssertEqual(after.file.count, vacuumed.file.count, "\(arguments) changed the file's size")
            XCTAssertTrue(after.file == vacuumed.file, "\(arguments) changed the file's content")
            XCTAssertEqual(after.log?.count, vacuumed.log?.count, "\(arguments) left a log")
        }
        let listed = try StacktermRun.run(["store"], environment: environment)
        let sizeLine = "\(store.path): " + String(format: "%.1f", Double(vacuumed.file.count) / 1_048_576) + " MB on disk"
        XCTAssertTrue(listed.output.hasPrefix(sizeLine), "the listing reports the vacuumed size: \(listed.output)")
    }
}
