import Foundation
import TestSupport
import XCTest
@testable import StackStore

/// Reading needs no space: an intact store on a full file system (a small tmpfs mounted for the test) opens for
/// reading, reads work, and the caller learns that writes are paused.
final class StoreDiskFullTests: StoreTestCase {
    private var mountPoint: URL?

    override func tearDownWithError() throws {
        if let mountPoint { _ = umount(mountPoint.path) }
        try super.tearDownWithError()
    }

    /// A 2 MB tmpfs under the test's directory holding a copy of a store of one question, then filled to the last
    /// block; skips where tmpfs cannot be mounted (not root, no CAP_SYS_ADMIN). `withLog`: copied while open, with
    /// the `-wal` holding its last write and the `-shm` (what a writer killed before closing leaves).
    private func storeOnAFullDisk(withLog: Bool = false) throws -> URL {
        let source = try openStore()
        try source.save(questions: [question(1, "Kept before the disk filled")], site: "beer")
        if !withLog { try source.checkpoint() }
        let point = directory.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        guard mount("tmpfs", point.path, "tmpfs", 0, "size=2m") == 0 else {
            throw XCTSkip("SKIPPED: cannot mount a tmpfs here (\(String(cString: strerror(errno)))) to fill a disk")
        }
        mountPoint = point
        let file = point.appendingPathComponent(StoreLocation.fileName)
        for suffix in ["", "-wal", "-shm"] where withLog || suffix.isEmpty {
            try FileManager.default.copyItem(atPath: storeFile.path + suffix, toPath: file.path + suffix)
        }
        withExtendedLifetime(source) {}
        let filler = open(point.appendingPathComponent("filler").path, O_CREAT | O_WRONLY, 0o600)
        let block = [UInt8](repeating: 0, count: 4_096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)
        var space = statvfs()
        XCTAssertEqual(statvfs(point.path, &space), 0)
        XCTAssertEqual(space.f_bavail, 0, "the file system is full")
        return file
    }

    func testAnIntactStoreOnAFullDiskOpensForReadingAndSaysWritesArePaused() throws {
        let file = try storeOnAFullDisk()
        let store = try Store(fileURL: file)
        XCTAssertTrue(store.isReadOnly)
        XCTAssertEqual(store.writesPaused, "the disk is full: the local store is read only, and writes are paused until space is freed")
        XCTAssertEqual(try store.questionCount(site: "beer"), 1)
        XCTAssertEqual(try store.search("filled", site: "beer").map(\.questionID), [1])
        XCTAssertThrowsError(try store.save(questions: [question(2, "Not kept")], site: "beer"))
    }
}

extension StoreDiskFullTests {
    func testADraftOnAStoreOpenedForReadingOnlySaysWhy() throws {
        let store = try Store(fileURL: try storeOnAFullDisk())
        let draft = StoredDraft(site: "beer", target: .answer(questionID: 1), text: "Not kept", updatedAt: Date())
        XCTAssertThrowsError(try store.saveDraft(draft)) { error in
            XCTAssertEqual(error as? StoreError, .writesPaused(store.writesPaused ?? ""))
            XCTAssertTrue("\(error)".contains("the disk is full"), "\(error)")
        }
        XCTAssertThrowsError(try store.deleteDraft(site: "beer", target: .answer(questionID: 1), ifUpdatedAt: nil))
        XCTAssertNil(try store.draft(site: "beer", target: .answer(questionID: 1)), "reading works")
    }
}

extension StoreDiskFullTests {
    /// Issue 32's case 7: a store whose `-wal` was left holding a write opens for writing on a full disk; its writes
    /// then failed with SQLite's "database or disk is full", now said as the disk being full, nothing lost.
    func testWritesOnAFullDiskWithALogLeftSayTheDiskIsFull() throws {
        let file = try storeOnAFullDisk(withLog: true)
        let store = try Store(fileURL: file)
        let full = StoreError.diskFull(path: file.path)
        XCTAssertThrowsError(try store.save(questions: [question(2, String(repeating: "Not kept ", count: 9_000))], site: "beer")) {
            XCTAssertEqual($0 as? StoreError, full)
        }
        XCTAssertThrowsError(try store.vacuum()) { XCTAssertEqual($0 as? StoreError, full) }
        XCTAssertThrowsError(try store.forget(site: "beer")) { XCTAssertEqual($0 as? StoreError, full) }
        XCTAssertEqual(try store.questionCount(site: "beer"), 1, "nothing was lost")
        XCTAssertTrue(full.description.hasPrefix("the disk is full: the local store \(file.path) is read only"), full.description)
        XCTAssertTrue(full.description.contains("nothing it holds was lost"), full.description)
    }

    func testAStoreOpenedReadOnlyOnAFullDiskRefusesWritesAsTheDiskBeingFull() throws {
        let file = try storeOnAFullDisk()
        XCTAssertEqual(try Store(fileURL: file).writeRefusal, .diskFull(path: file.path))
    }
}
