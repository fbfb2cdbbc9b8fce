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

    /// A store (root's) holding one beer question, checkpointed (no `-wal` left); skips unless root with setpriv.
    /// Returns the data home, the store's folder and every path from the data home down.
    private func importedStore(_ prefix: String) throws -> (URL, URL, [String]) {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("SKIPPED: needs root and setpriv to run stackterm as another user")
        }
        let dataHome = try temporaryFolder(prefix)
        let folder = try oneQuestionDump(in: dataHome)
        for arguments in [["import", folder.path, "--site", "beer"], ["store", "--vacuum"]] {
            let ran = try StacktermRun.run(arguments, environment: ["XDG_DATA_HOME": dataHome.path])
            XCTAssertEqual(ran.status, 0, ran.errors)
        }
        let storeFolder = dataHome.appendingPathComponent("stackterm")
        let files = try FileManager.default.contentsOfDirectory(atPath: storeFolder.path).map { storeFolder.path + "/" + $0 }
        return (dataHome, storeFolder, [dataHome.path, storeFolder.path] + files)
    }

    func testAReadOnlyStoreIsListedLeavesNoSHMAndIsWritableAfterChmod() throws {
        let (dataHome, storeFolder, paths) = try importedStore("stackterm-read-only")
        let store = storeFolder.appendingPathComponent("stackterm.sqlite").path
        for path in paths { XCTAssertEqual(chown(path, 65534, 65534), 0, path) }
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

    /// Issue 32's case 6: another user's readable store in a folder this user cannot write is read (`store`,
    /// `print --offline`), with the line that says writes are paused — it was refused with "cannot write the local
    /// store here".
    func testAReadableStoreInAnUnwritableFolderIsRead() throws {
        let (dataHome, storeFolder, paths) = try importedStore("stackterm-read-only-folder")
        for path in paths { XCTAssertEqual(chmod(path, path.hasSuffix(".sqlite") ? 0o644 : 0o755), 0, path) }
        let before = try FileManager.default.contentsOfDirectory(atPath: storeFolder.path).sorted()
        let (listed, listedErrors) = try asNobody(["store"], dataHome: dataHome)
        XCTAssertEqual(listed, 0, listedErrors)
        XCTAssertTrue(listedErrors.contains("the local store's folder is read-only for you (\(storeFolder.path)): reading "
            + "only, nothing new is kept"), listedErrors)
        let (printed, printErrors) = try asNobody(["print", "--offline", "--site", "beer"], dataHome: dataHome)
        XCTAssertEqual(printed, 0, printErrors)
        XCTAssertFalse(printErrors.contains("cannot write the local store here"), printErrors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: storeFolder.path).sorted(), before, "nothing was created")
    }
}
