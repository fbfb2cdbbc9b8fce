import Foundation
import GRDB
import NIOConcurrencyHelpers
import TestSupport
import XCTest
@testable import StackStore

/// What sits at the store's path before SQLite opens it: a FIFO, a directory, a link to /dev/null.
final class StorePathTests: StoreTestCase {
    /// Opens the store on another thread; fails (instead of hanging the suite) when it has not returned after a
    /// minute, then unblocks a FIFO at `unblock` by opening it for writing.
    private func openWithoutHanging(unblock: URL? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> Result<Store, StoreError> {
        let outcome = NIOLockedValueBox<Result<Store, StoreError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let url = storeFile
        Thread.detachNewThread {
            let result = Result { () throws(StoreError) -> Store in try Store(fileURL: url) }
            outcome.withLockedValue { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success else {
            if let unblock { let writer = open(unblock.path, O_WRONLY | O_NONBLOCK); if writer >= 0 { close(writer) } }
            XCTFail("opening the store blocked", file: file, line: line)
            throw XCTSkip("blocked")
        }
        return try XCTUnwrap(outcome.withLockedValue { $0 }, file: file, line: line)
    }

    func testAFIFOAtThePathIsRefusedUnopenedAndLeftAlone() throws {
        XCTAssertEqual(mkfifo(storeFile.path, 0o600), 0)
        guard case .failure(let error) = try openWithoutHanging(unblock: storeFile) else { return XCTFail("a FIFO was opened") }
        XCTAssertEqual(error, .notAFile(path: storeFile.path, kind: "a FIFO (named pipe)"))
        XCTAssertTrue("\(error)".contains("stackterm.sqlite cannot be used: it is a FIFO (named pipe), not a file"), "\(error)")
        var info = stat()
        XCTAssertEqual(lstat(storeFile.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    func testAFIFOAsTheWriteAheadLogIsRefused() throws {
        _ = try openStore()
        let wal = URL(fileURLWithPath: storeFile.path + "-wal")
        try? FileManager.default.removeItem(at: wal)
        XCTAssertEqual(mkfifo(wal.path, 0o600), 0)
        guard case .failure(let error) = try openWithoutHanging(unblock: wal) else { return XCTFail("a FIFO -wal was opened") }
        XCTAssertEqual(error, .notAFile(path: wal.path, kind: "a FIFO (named pipe)"))
    }

    func testADirectoryAtThePathIsMovedAsideWithWhatItHolds() throws {
        try FileManager.default.createDirectory(at: storeFile, withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: storeFile.appendingPathComponent("note.txt"))
        let store = try openWithoutHanging().get()
        let aside = try XCTUnwrap(store.movedAside)
        XCTAssertEqual(try String(contentsOf: aside.appendingPathComponent("note.txt"), encoding: .utf8), "kept")
        XCTAssertEqual(store.movedAsideReason, "it is a directory, not a file")
        XCTAssertEqual(store.notice, "the local store \(storeFile.path) cannot be used: it is a directory, not a file "
            + "(moved aside to \(aside.path); a new one was started)")
        try store.save(questions: [question(1, "Fresh")], site: "beer")
        XCTAssertEqual(try store.questionCount(site: "beer"), 1)
    }

    func testALinkToDevNullIsMovedAsideAndDevNullLeftAlone() throws {
        try FileManager.default.createSymbolicLink(atPath: storeFile.path, withDestinationPath: "/dev/null")
        let store = try openWithoutHanging().get()
        let aside = try XCTUnwrap(store.movedAside)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: aside.path), "/dev/null")
        XCTAssertEqual(store.movedAsideReason, "it is a symbolic link to a character device (/dev/null), not to a file")
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
        try store.save(questions: [question(1, "Fresh")], site: "beer")
        XCTAssertEqual(try openStore().questionCount(site: "beer"), 1)
    }

    func testALinkToAStoreFileIsOpenedThroughTheLink() throws {
        let real = directory.appendingPathComponent("elsewhere.sqlite")
        try Store(fileURL: real).save(questions: [question(1, "Linked")], site: "beer")
        try FileManager.default.createSymbolicLink(atPath: storeFile.path, withDestinationPath: real.path)
        let store = try openWithoutHanging().get()
        XCTAssertNil(store.movedAside)
        XCTAssertEqual(try store.questionCount(site: "beer"), 1)
    }

    func testAStoreOfThisVersionOpensWhileAnotherProcessHoldsTheWriter() throws {
        // As during an import: a connection open (so the write-ahead log is not empty) and the writer held.
        let first = try openStore()
        try first.save(questions: [question(1, "Held")], site: "beer")
        guard StoreLock.executable != nil else { throw XCTSkip("SKIPPED: needs the sqlite3 shell (apt-get install sqlite3)") }
        let holder = try StoreLock(path: storeFile.path)
        defer { holder.release() }
        // Opening reads only: it neither waits the 5 s busy timeout nor fails with "database is locked".
        let store = try openWithoutHanging().get()
        XCTAssertEqual(try store.questionCount(site: "beer"), 1)
        withExtendedLifetime(first) {}
    }
}
