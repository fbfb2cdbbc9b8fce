import Foundation
import TestSupport
import XCTest

/// A store its user may only read (0444), met by the real binary run as that user: it lists what it holds, leaves
/// no unwritable `-shm` behind, and is usable again once made writable.
final class StoreReadOnlyEndToEndTests: XCTestCase {
    /// Runs stackterm as `nobody` (root only: setpriv changes the user); returns its status and stderr.
    private func asNobody(_ arguments: [String], dataHome: URL) throws -> (Int32, String) {
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", BuildProducts.executable("stackterm").path] + arguments
        process.environment = ["XDG_DATA_HOME": dataHome.path, "HOME": dataHome.path, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    func testAReadOnlyStoreIsListedLeavesNoSHMAndIsWritableAfterChmod() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("SKIPPED: needs root and setpriv to run stackterm as another user")
        }
        let dataHome = try temporaryFolder("stackterm-read-only")
        let folder = try oneQuestionDump(in: dataHome)
        let imported = try StacktermRun.run(["import", folder.path, "--site", "beer"], environment: ["XDG_DATA_HOME": dataHome.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let storeFolder = dataHome.appendingPathComponent("stackterm")
        let store = storeFolder.appendingPathComponent("stackterm.sqlite").path
        for path in [dataHome.path, storeFolder.path] + (try FileManager.default.contentsOfDirectory(atPath: storeFolder.path)).map({ storeFolder.path + "/" + $0 }) {
            XCTAssertEqual(chown(path, 65534, 65534), 0, path)
        }
        XCTAssertEqual(chmod(dataHome.path, 0o755), 0)
        XCTAssertEqual(chmod(store, 0o444), 0)
        let (listed, listedErrors) = try asNobody(["store"], dataHome: dataHome)
        XCTAssertEqual(listed, 0, listedErrors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store + "-shm"), "a read-only session left a -shm")
        XCTAssertEqual(chmod(store, 0o644), 0)
        let (forgot, forgotErrors) = try asNobody(["store", "--forget", "beer"], dataHome: dataHome)
        XCTAssertEqual(forgot, 0, "writable again after chmod: \(forgotErrors)")
        XCTAssertFalse(forgotErrors.contains("readonly"), forgotErrors)
    }
}
