import Foundation
import TestSupport
import XCTest

/// The one temporary folder the tests use: fresh each time, removed whole even after a test locked part of it.
final class TemporaryDirectoryTests: XCTestCase {
    func testEachIsNewAndEmptyAndRemoveDeletesItWithItsLockedContents() throws {
        let first = try TemporaryDirectory("stackterm-tmp-test"), second = try TemporaryDirectory("stackterm-tmp-test")
        defer { second.remove() }
        XCTAssertNotEqual(first.url, second.url)
        XCTAssertTrue(first.url.lastPathComponent.hasPrefix("stackterm-tmp-test-"), first.url.path)
        XCTAssertEqual(try first.fileNames(), [])
        try Data("x".utf8).write(to: first.url.appendingPathComponent("b"))
        try FileManager.default.createDirectory(at: first.url.appendingPathComponent("a"), withIntermediateDirectories: false)
        XCTAssertEqual(try first.fileNames(), ["a", "b"])
        chmod(first.url.path, 0o555)
        first.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.url.path))
    }

    func testTheUnwritableFolderRefusesNewFilesAndFolders() throws {
        let parent = try TemporaryDirectory("stackterm-tmp-test")
        defer { parent.remove() }
        guard let folder = try TemporaryDirectory.unwritableFolder(in: parent.url) else {
            throw XCTSkip("SKIPPED: running as root and no read-only directory to try")
        }
        let probe = folder.appendingPathComponent("stackterm-probe-\(UUID().uuidString)").path
        XCTAssertNotEqual(mkdir(probe, 0o700), 0, "made a folder in \(folder.path)")
        XCTAssertFalse(FileManager.default.createFile(atPath: probe, contents: Data("x".utf8)), "wrote a file in \(folder.path)")
    }
}
