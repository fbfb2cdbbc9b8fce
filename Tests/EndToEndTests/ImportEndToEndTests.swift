import Foundation
import TestSupport
import XCTest

/// `stackterm import` as a person runs it: the real binary, a store under a temporary XDG_DATA_HOME.
final class ImportEndToEndTests: XCTestCase {
    private var dataHome: URL!

    override func setUpWithError() throws {
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    /// Runs the built `stackterm` to its end; returns its status and stderr (stdout stays empty).
    private func stackterm(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = BuildProducts.executable("stackterm")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        for (name, value) in extra { environment[name] = value }
        process.environment = environment
        let err = dataHome.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) { if process.isRunning { process.terminate() } }
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: err, encoding: .utf8))
    }

    func testImportingAFolderTwiceWritesOnceAndSaysSo() throws {
        guard let folder = SharedData.path("dumps/conlang.meta") else { throw XCTSkip("SKIPPED: no shared data") }
        let (status, stderr) = try stackterm(["import", folder.path])
        XCTAssertEqual(status, 0, stderr)
        XCTAssertTrue(stderr.contains("as site conlang.meta"), stderr)
        XCTAssertTrue(stderr.contains("import: Posts.xml"), stderr)
        XCTAssertTrue(stderr.contains("import: done"), stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataHome.appendingPathComponent("stackterm/stackterm.sqlite").path))
        let (again, secondStderr) = try stackterm(["import", folder.path])
        XCTAssertEqual(again, 0, secondStderr)
        XCTAssertTrue(secondStderr.contains("Posts.xml already imported, unchanged"), secondStderr)
        XCTAssertTrue(secondStderr.contains("done, 0 posts written"), secondStderr)
    }

    func testAnArchiveIsAUsageErrorThatSaysWhatToDo() throws {
        let (status, stderr) = try stackterm(["import", "/tmp/french.meta.stackexchange.com.7z"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(stderr.contains("reading .7z archives is not built yet"), stderr)
    }

    func testNoAbsoluteHomeIsAClearError() throws {
        guard let folder = SharedData.path("dumps/coffee") else { throw XCTSkip("SKIPPED: no shared data") }
        let (status, stderr) = try stackterm(["import", folder.path], environment: ["XDG_DATA_HOME": nil, "HOME": "relative"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(stderr.contains("HOME is not an absolute path"), stderr)
    }
}
