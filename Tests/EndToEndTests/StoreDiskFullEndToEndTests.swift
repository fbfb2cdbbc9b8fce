import Foundation
import TestSupport
import XCTest

/// The disk full at start, met by the real binary: an intact store on a full tmpfs lists and prints offline, and
/// says writes are paused; the commands that write say so in the same words, whatever SQLite left beside the file.
final class StoreDiskFullEndToEndTests: XCTestCase {
    private var mountPoint: URL?

    override func tearDown() {
        if let mountPoint { _ = umount(mountPoint.path) }
    }

    /// What was left beside the store when the disk filled.
    private enum Companions: String, CaseIterable {
        /// Nothing: the last program closed it cleanly.
        case none
        /// An empty `-wal` and `-shm` (a program that only read, killed).
        case empty
        /// A `-wal` holding a committed transaction and its `-shm` (a program that wrote, killed before closing).
        case written
    }

    /// A one-question beer store under `root/source`, copied with each kind of companions to `root/full/KIND` on an
    /// 8 MB tmpfs then filled to the last block; returns the dump folder and the data home of each kind. Skips where
    /// tmpfs cannot be mounted (not root), or, for `.written`, without the sqlite3 shell.
    private func storesOnAFullDisk(_ root: URL, _ kinds: [Companions]) throws -> (dump: URL, homes: [Companions: URL]) {
        let folder = try oneQuestionDump(in: root)
        let source = root.appendingPathComponent("source")
        let imported = try StacktermRun.run(["import", folder.path, "--site", "beer"], environment: ["XDG_DATA_HOME": source.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let full = root.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
        guard mount("tmpfs", full.path, "tmpfs", 0, "size=8m") == 0 else {
            throw XCTSkip("SKIPPED: cannot mount a tmpfs here (\(String(cString: strerror(errno)))) to fill a disk")
        }
        mountPoint = full
        var homes: [Companions: URL] = [:]
        for kind in kinds {
            let home = full.appendingPathComponent(kind.rawValue)
            let store = home.appendingPathComponent("stackterm/stackterm.sqlite")
            try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent("stackterm/stackterm.sqlite"), to: store)
            try leave(kind, beside: store)
            homes[kind] = home
        }
        let filler = open(full.appendingPathComponent("filler").path, O_CREAT | O_WRONLY, 0o600)
        let block = [UInt8](repeating: 0, count: 4_096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)
        return (folder, homes)
    }

    private func leave(_ kind: Companions, beside store: URL) throws {
        switch kind {
        case .none: break
        case .empty:
            for suffix in ["-wal", "-shm"] { XCTAssertTrue(FileManager.default.createFile(atPath: store.path + suffix, contents: nil)) }
        case .written:
            let shell = "/usr/bin/sqlite3"
            guard FileManager.default.isExecutableFile(atPath: shell) else { throw XCTSkip("SKIPPED: no \(shell) to leave a -wal") }
            // Without the checkpoint on close, the log and its index stay as a killed writer leaves them.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: shell)
            process.arguments = [store.path, ".dbconfig no_ckpt_on_close on",
                                 "CREATE TABLE left_behind (id INTEGER); DROP TABLE left_behind;"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
            let log = try FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? NSNumber
            XCTAssertGreaterThan(log?.intValue ?? 0, 0, "the -wal holds the transaction")
        }
    }

    func testAStoreOnAFullDiskListsAndPrintsOfflineSayingWritesArePaused() throws {
        let root = try temporaryFolder("stackterm-disk-full")
        let full = try XCTUnwrap(try storesOnAFullDisk(root, [.none]).homes[.none])
        let listed = try StacktermRun.run(["store"], environment: ["XDG_DATA_HOME": full.path], timeout: 60)
        XCTAssertEqual(listed.status, 0, listed.errors)
        XCTAssertTrue(listed.output.contains("\nbeer "), listed.output)
        XCTAssertTrue(listed.errors.contains("the disk is full: the local store is read only, and writes are paused"), listed.errors)
        XCTAssertFalse(listed.errors.contains("disk I/O error"), listed.errors)
        let printed = try StacktermRun.run(["print", "--offline", "--site", "beer"], environment: ["XDG_DATA_HOME": full.path], timeout: 60)
        XCTAssertEqual(printed.status, 0, printed.errors)
        XCTAssertTrue(printed.output.contains("Which hops"), printed.output)
    }

    /// Issue 32's case 7: with a `-wal` and `-shm` left beside the store, `import`, `store --forget` and
    /// `store --vacuum` printed SQLite's "database or disk is full".
    func testImportForgetAndVacuumOnAFullDiskSayWritesArePausedWhateverIsLeftBesideTheStore() throws {
        let root = try temporaryFolder("stackterm-disk-full-writes")
        let (dump, homes) = try storesOnAFullDisk(root, Companions.allCases)
        let commands = [["import", dump.path, "--site", "stout"], ["store", "--forget", "beer"], ["store", "--vacuum"]]
        for kind in Companions.allCases {
            let home = try XCTUnwrap(homes[kind])
            let store = home.appendingPathComponent("stackterm/stackterm.sqlite").path
            for arguments in commands {
                let ran = try StacktermRun.run(arguments, environment: ["XDG_DATA_HOME": home.path], timeout: 60)
                let said = "\(kind) \(arguments): \(ran.errors)"
                XCTAssertEqual(ran.status, 1, said)
                XCTAssertTrue(ran.errors.contains("stackterm: the disk is full: the local store \(store) is read only, and "
                    + "writes are paused until space is freed; nothing it holds was lost: free some space on its disk, "
                    + "then try again"), said)
                for raw in ["database or disk is full", "disk I/O error", "SQLITE", "Error(", "StoreError", "DatabaseError"] {
                    XCTAssertFalse(ran.errors.contains(raw), said)
                }
            }
            let listed = try StacktermRun.run(["store"], environment: ["XDG_DATA_HOME": home.path], timeout: 60)
            XCTAssertTrue(listed.output.contains("\nbeer "), "\(kind): nothing was lost: \(listed.output) \(listed.errors)")
        }
    }
}
