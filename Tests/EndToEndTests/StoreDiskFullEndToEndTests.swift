import Foundation
import TestSupport
import XCTest

/// The disk full at start, met by the real binary: an intact store on a full tmpfs lists and prints offline, and
/// says writes are paused.
final class StoreDiskFullEndToEndTests: XCTestCase {
    private var mountPoint: URL?

    override func tearDown() {
        if let mountPoint { _ = umount(mountPoint.path) }
    }

    func testAStoreOnAFullDiskListsAndPrintsOfflineSayingWritesArePaused() throws {
        let root = try temporaryFolder("stackterm-disk-full")
        let folder = try oneQuestionDump(in: root)
        let source = root.appendingPathComponent("source")
        let imported = try StacktermRun.run(["import", folder.path, "--site", "beer"], environment: ["XDG_DATA_HOME": source.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let full = root.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
        guard mount("tmpfs", full.path, "tmpfs", 0, "size=2m") == 0 else {
            throw XCTSkip("SKIPPED: cannot mount a tmpfs here (\(String(cString: strerror(errno)))) to fill a disk")
        }
        mountPoint = full
        try FileManager.default.createDirectory(at: full.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source.appendingPathComponent("stackterm/stackterm.sqlite"),
                                         to: full.appendingPathComponent("stackterm/stackterm.sqlite"))
        let filler = open(full.appendingPathComponent("filler").path, O_CREAT | O_WRONLY, 0o600)
        let block = [UInt8](repeating: 0, count: 4_096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)
        let listed = try StacktermRun.run(["store"], environment: ["XDG_DATA_HOME": full.path], timeout: 60)
        XCTAssertEqual(listed.status, 0, listed.errors)
        XCTAssertTrue(listed.output.contains("\nbeer "), listed.output)
        XCTAssertTrue(listed.errors.contains("the disk is full: the local store is read only, and writes are paused"), listed.errors)
        XCTAssertFalse(listed.errors.contains("disk I/O error"), listed.errors)
        let printed = try StacktermRun.run(["print", "--offline", "--site", "beer"], environment: ["XDG_DATA_HOME": full.path], timeout: 60)
        XCTAssertEqual(printed.status, 0, printed.errors)
        XCTAssertTrue(printed.output.contains("Which hops"), printed.output)
    }
}
