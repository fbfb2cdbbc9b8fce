import Foundation
import GRDB
import StackDump
import TestSupport
import XCTest
@testable import StackStore

/// `.7z` archives made here with Debian's 7zz from the shared dumps import as their folders do, whatever the order of
/// the files inside, and stop, resume and fail as folder imports do.
final class StoreArchiveImportTests: StoreTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        guard SharedData.root != nil else { throw XCTSkip("SKIPPED: shared data absent (set STACKTERM_DATA)") }
        guard SevenZip.executable != nil else { throw XCTSkip("SKIPPED: 7zz not installed (Debian package 7zip)") }
    }

    private func dump(_ name: String) throws -> URL {
        try XCTUnwrap(SharedData.path("dumps/\(name)"), "no \(name) dump")
    }

    private func xmlFiles(_ folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }
    }

    /// An archive holding `folder`'s XML files in 7zz's order (by name: Comments, PostLinks, Posts, Tags, Users).
    private func archive(_ folder: URL, name: String? = nil) throws -> URL {
        let url = directory.appendingPathComponent(name ?? "\(folder.lastPathComponent).stackexchange.com.7z")
        try SevenZip.archive(try xmlFiles(folder), to: url)
        return url
    }

    /// An archive holding the files in the order `names` gives (each under a folder that sorts in that order).
    private func archive(_ folder: URL, order names: [String]) throws -> URL {
        var parts: [URL] = []
        for (index, name) in names.enumerated() {
            let part = directory.appendingPathComponent("part\(index)")
            try FileManager.default.createDirectory(at: part, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: part.appendingPathComponent(name))
            parts.append(part)
        }
        let url = directory.appendingPathComponent("ordered.7z")
        try SevenZip.archive(parts, to: url)
        var inside: [String] = []
        try DumpArchive.forEachEntry(in: url) { inside.append($0.fileName) }
        XCTAssertEqual(inside, names, "the archive holds the files in the order asked for")
        return url
    }

    /// What one site holds, table by table, and a thread read back whole.
    private func snapshot(_ store: Store, site: String) throws -> [String] {
        let counts = try store.pool.read { db -> [String] in
            let siteID = try XCTUnwrap(try Int64.fetchOne(db, sql: "SELECT id FROM site WHERE api_name = ?", arguments: [site]))
            let (low, high) = StoreKey.range(site: siteID)
            return try [
                "question WHERE id >= \(low) AND id < \(high)", "answer WHERE id >= \(low) AND id < \(high)",
                "comment WHERE id >= \(low) AND id < \(high)", "user WHERE site = \(siteID)",
                "tag WHERE site = \(siteID) AND count IS NOT NULL", "post_link WHERE site = \(siteID)",
                "post_fts_docsize WHERE id >= \(low) AND id < \(high)",
                "question WHERE id >= \(low) AND id < \(high) AND owner_id IN (SELECT id FROM user WHERE site = \(siteID))",
            ].map { "\($0): \(try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1)" }
        }
        let first = try XCTUnwrap(try store.questions(site: site, sort: .votes, limit: 1).first)
        let thread = try XCTUnwrap(try store.thread(site: site, questionID: first.question.questionID))
        return counts + ["\(thread.thread)", "\(thread.links)"]
    }

    private func folderSnapshot(_ folder: URL, site: String) throws -> [String] {
        let store = try Store(fileURL: directory.appendingPathComponent("folder.sqlite"))
        try store.importDump(folder: folder, site: site)
        return try snapshot(store, site: site)
    }

    func testAnArchiveImportsWhatItsFolderImports() throws {
        let folder = try dump("conlang.meta")
        let expected = try folderSnapshot(folder, site: "conlang.meta")
        let store = try openStore()
        var progress: [ImportProgress] = []
        let summary = try store.importDump(.archive(try archive(folder)), site: "conlang.meta", progress: { progress.append($0) })
        XCTAssertEqual(try snapshot(store, site: "conlang.meta"), expected)
        XCTAssertEqual(summary.missingFiles, [])
        XCTAssertEqual(Set(summary.rowsWritten.keys), ["Users.xml", "Tags.xml", "Posts.xml", "Comments.xml", "PostLinks.xml"])
        let total = try XCTUnwrap(progress.last?.bytesTotal)
        XCTAssertEqual(progress.map(\.bytesRead), progress.map(\.bytesRead).sorted(), "bytes only grow")
        XCTAssertTrue(progress.allSatisfy { $0.bytesRead <= total }, "\(progress.map(\.bytesRead)) of \(total)")
    }

    func testTheOrderOfTheFilesInsideDoesNotMatter() throws {
        let folder = try dump("cardano")
        let expected = try folderSnapshot(folder, site: "cardano")
        // Posts last, after the comments and links that point at them and the users who wrote them.
        let archive = try archive(folder, order: ["PostLinks.xml", "Comments.xml", "Users.xml", "Tags.xml", "Posts.xml"])
        let store = try openStore()
        try store.importDump(.archive(archive), site: "cardano")
        XCTAssertEqual(try snapshot(store, site: "cardano"), expected)
    }

    func testAnArchiveAndItsExtractedFolderAreTheSameImport() throws {
        let folder = try dump("conlang.meta")
        let store = try openStore()
        try store.importDump(.archive(try archive(folder)), site: "conlang.meta")
        let again = try store.importDump(folder: folder, site: "conlang.meta")
        XCTAssertEqual(Set(again.alreadyImported), ["Users.xml", "Tags.xml", "Posts.xml", "Comments.xml", "PostLinks.xml"])
        XCTAssertEqual(again.rowsWritten, [:])
    }

    func testAnInterruptedArchiveImportResumesAfterTheLastCommittedBatch() throws {
        let folder = try dump("beer")
        let expected = try folderSnapshot(folder, site: "beer")
        let archive = try archive(folder)
        let store = try openStore()
        let batches = Counter()
        XCTAssertThrowsError(try store.importDump(.archive(archive), site: "beer", batchSize: 500,
                                                  shouldStop: { batches.next() > 2 })) {
            XCTAssertTrue("\($0)".contains("interrupted after 1000 rows"), "\($0)")
            XCTAssertTrue("\($0)".contains("beer.stackexchange.com.7z (Posts.xml)"), "\($0)")
        }
        var seen: [Int] = []
        let summary = try store.importDump(.archive(archive), site: "beer", batchSize: 500, progress: { seen.append($0.rows) })
        XCTAssertEqual(seen.first, 1_500, "resumes after the 1,000 rows already committed")
        XCTAssertEqual(summary.missingFiles, ["Users.xml", "Tags.xml", "Comments.xml", "PostLinks.xml"])
        XCTAssertEqual(try snapshot(store, site: "beer"), expected)
    }

    func testCtrlCIsHeardWhileAnEntryTheStoreDoesNotReadIsPassedOver() throws {
        let folder = try dump("beer")
        // Badges.xml comes first and is not read: it is decompressed all the same, with Ctrl-C looked at meanwhile.
        let badges = directory.appendingPathComponent("Badges.xml")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("Posts.xml"), to: badges)
        let url = directory.appendingPathComponent("beer.7z")
        try SevenZip.archive([badges, folder.appendingPathComponent("Posts.xml")], to: url)
        let store = try openStore()
        XCTAssertThrowsError(try store.importDump(.archive(url), site: "beer", shouldStop: { true })) {
            XCTAssertEqual("\($0)", "\(url.path): interrupted between files; run the import again to resume")
        }
        XCTAssertEqual(try store.questionCount(site: "beer"), 0)
        let summary = try store.importDump(.archive(url), site: "beer")
        XCTAssertGreaterThan(summary.rowsWritten["Posts.xml"] ?? 0, 0)
    }

    func testATruncatedArchiveNamesItAndKeepsTheRowsBefore() throws {
        let whole = try Data(contentsOf: try archive(try dump("quantumcomputing")))
        let truncated = directory.appendingPathComponent("qc.truncated.7z")
        try whole.prefix(whole.count * 3 / 4).write(to: truncated)
        let store = try openStore()
        XCTAssertThrowsError(try store.importDump(.archive(truncated), site: "qc", batchSize: 200)) {
            XCTAssertTrue("\($0)".hasPrefix(truncated.path + ": "), "\($0)")
        }
        // Run again: the same error, nothing lost, nothing doubled.
        let before = try store.questionCount(site: "qc")
        XCTAssertThrowsError(try store.importDump(.archive(truncated), site: "qc", batchSize: 200))
        XCTAssertEqual(try store.questionCount(site: "qc"), before)
    }

    func testAnArchiveWithoutDumpFilesIsAClearError() throws {
        let other = directory.appendingPathComponent("Badges.xml")
        try Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<badges>\n</badges>\n".utf8).write(to: other)
        let url = directory.appendingPathComponent("badges.7z")
        try SevenZip.archive([other], to: url)
        XCTAssertThrowsError(try openStore().importDump(.archive(url), site: "x")) {
            XCTAssertTrue("\($0)".contains("holds none of the dump files (Users.xml"), "\($0)")
        }
        XCTAssertThrowsError(try openStore().importDump(.archive(directory.appendingPathComponent("absent.7z")), site: "x")) {
            XCTAssertTrue("\($0)".contains("no such archive"), "\($0)")
        }
    }
}
