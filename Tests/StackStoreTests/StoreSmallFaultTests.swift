import Foundation
import GRDB
import StackDump
import TestSupport
import XCTest
@testable import StackStore

/// The small lies of issue 22: a truncated archive, a second Posts.xml, sizes after forgetting, a `-shm` left
/// unwritable.
final class StoreSmallFaultTests: StoreTestCase {
    private func requireSevenZip() throws {
        guard SevenZip.executable != nil else { throw XCTSkip("SKIPPED: 7zz not installed (Debian package 7zip)") }
    }

    func testATruncatedArchiveSaysItIsCutShortNotLibarchiveErrorZero() throws {
        try requireSevenZip()
        let archive = directory.appendingPathComponent("beer.stackexchange.com.7z")
        try SevenZip.archive([try postsFolder("beer", rows: 500).appendingPathComponent("Posts.xml")], to: archive)
        let whole = try Data(contentsOf: archive)
        try whole.prefix(whole.count * 2 / 3).write(to: archive)
        XCTAssertThrowsError(try openStore().importDump(.archive(archive), site: "beer")) { error in
            XCTAssertTrue("\(error)".contains("the archive is cut short or damaged"), "\(error)")
            XCTAssertTrue("\(error)".contains("the file is \(whole.count * 2 / 3) bytes"), "\(error)")
            XCTAssertFalse("\(error)".contains("libarchive error"), "\(error)")
        }
    }

    func testASecondPostsXMLInAnArchiveIsNamedAsIgnored() throws {
        try requireSevenZip()
        let archive = directory.appendingPathComponent("twice.7z")
        try SevenZip.archive([try postsFolder("a", rows: 3), try postsFolder("b", rows: 5)], to: archive)
        let store = try openStore()
        let summary = try store.importDump(.archive(archive), site: "twice")
        XCTAssertEqual(summary.ignoredEntries, ["b/Posts.xml"])
        XCTAssertEqual(try store.questionCount(site: "twice"), 3)
    }

    func testForgettingASiteLeavesSizesThatAreTrueAtOnce() throws {
        let store = try openStore()
        try store.importDump(folder: try postsFolder("gone", rows: 3_000), site: "gone")
        try store.importDump(folder: try postsFolder("kept", rows: 10), site: "kept")
        XCTAssertNotNil(try store.forget(site: "gone"))
        let log = (try? FileManager.default.attributesOfItem(atPath: storeFile.path + "-wal")[.size] as? NSNumber)?.int64Value ?? 0
        XCTAssertEqual(log, 0, "the log holds no pages once the site is forgotten")
        let usage = try store.usage()
        XCTAssertEqual(usage.fileBytes, try XCTUnwrap(FileManager.default.attributesOfItem(atPath: storeFile.path)[.size] as? NSNumber).int64Value,
                       "on disk: the file itself")
        XCTAssertEqual(usage.usedBytes, usage.fileBytes, "in use: every page, the freed ones returned to the file system")
        XCTAssertEqual(usage.sites.map(\.site), ["kept"])
    }

    func testAnUnwritableSHMLeftByAReadOnlySessionIsMadeWritableAgain() throws {
        let first = try openStore()
        try first.save(questions: [question(1, "Kept")], site: "beer")
        let shm = storeFile.path + "-shm"
        XCTAssertEqual(chmod(shm, 0o444), 0)
        let second = try openStore()
        var info = stat()
        XCTAssertEqual(stat(shm, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o644)
        try second.save(questions: [question(2, "Also kept")], site: "beer")
        XCTAssertEqual(try second.questionCount(site: "beer"), 2)
        withExtendedLifetime(first) {}
    }

    func testAnImmutableURIEscapesWhatSQLiteWouldRead() {
        XCTAssertEqual(StoreReadOnly.uri(immutable: "/tmp/a b/50%?#.sqlite"), "file:/tmp/a b/50%25%3F%23.sqlite?immutable=1")
    }
}
