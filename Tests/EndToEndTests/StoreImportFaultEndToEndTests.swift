import Foundation
import TestSupport
import XCTest

/// Imports stopped by signals, cut short, or run two at once, through the real binary: what is kept, what is said,
/// and what FTS5's settings are left as.
final class StoreImportFaultEndToEndTests: XCTestCase, StacktermRunning {
    private var dataHome: URL!
    private var storePath: String { dataHome.appendingPathComponent("stackterm/stackterm.sqlite").path }
    private var running: [Process] = []

    override func setUpWithError() throws {
        guard StoreLock.executable != nil else { throw XCTSkip("SKIPPED: needs the sqlite3 shell (apt-get install sqlite3)") }
        dataHome = try temporaryFolder("stackterm-import-faults")
    }

    override func tearDown() {
        for process in running where process.isRunning { process.terminate(); process.waitUntilExit() }
    }

    /// A folder `name` holding a Posts.xml of `rows` questions with bodies of a few hundred bytes.
    private func dump(_ name: String, rows: Int) throws -> URL {
        let folder = dataHome.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let filler = String(repeating: "malt hops yeast water barley ", count: 12)
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<posts>\n"
        for id in 1...rows {
            xml += "<row Id=\"\(id)\" PostTypeId=\"1\" Title=\"Question \(id) about brewing\" Body=\"&lt;p&gt;word\(id) \(filler)&lt;/p&gt;\" "
                + "CreationDate=\"2020-01-01T00:00:00.000\" Score=\"1\" />\n"
        }
        try Data((xml + "</posts>\n").utf8).write(to: folder.appendingPathComponent("Posts.xml"))
        return folder
    }

    /// `stackterm import FOLDER --site SITE` started, its stderr going to a file this test reads.
    private func startImport(_ folder: URL, site: String) throws -> (Process, URL) {
        let errors = dataHome.appendingPathComponent("import-\(site)-\(running.count).err")
        let process = try BackgroundImport.start(folder, site: site, dataHome: dataHome, errors: errors)
        running.append(process)
        return (process, errors)
    }

    /// Waits (up to two minutes, a bound against hanging only) until the file holds `text`.
    private func waitFor(_ text: String, in file: URL, file line: StaticString = #filePath, _ number: UInt = #line) -> String {
        BackgroundImport.waitFor(text, in: file, line: line, number)
    }

    /// What the sqlite3 shell prints for `sql` on the store.
    private func sqlite(_ sql: String) throws -> String {
        try BackgroundImport.sqlite(sql, store: storePath)
    }

    private func fullTextSettings() throws -> String {
        try sqlite("SELECT group_concat(k || '=' || v, ' ') FROM (SELECT k, v FROM post_fts_config WHERE k IN ('automerge', 'crisismerge', 'hashsize') ORDER BY k)")
    }

    var runEnvironment: [String: String?] { ["XDG_DATA_HOME": dataHome.path] }

    func testAKilledImportLeavesBulkSettingsThatTheNextCommandPutsBack() throws {
        let folder = try dump("big", rows: 60_000)
        let (process, errors) = try startImport(folder, site: "big")
        _ = waitFor("import: Posts.xml ", in: errors)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(try fullTextSettings(), "automerge=0 crisismerge=1000 hashsize=16777216", "what SIGKILL leaves")
        let listed = try stackterm(["store"])
        XCTAssertEqual(listed.status, 0, listed.errors)
        XCTAssertEqual(try fullTextSettings(), "automerge=4 crisismerge=16 hashsize=1048576")
    }

    func testTermAndHupStopAnImportSayingWhatIsKeptAndARerunResumes() throws {
        let folder = try dump("big", rows: 60_000)
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            let (process, errors) = try startImport(folder, site: "big")
            _ = waitFor("import: Posts.xml ", in: errors)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            XCTAssertFalse(said.contains("import: done"), "the import ended before the signal: \(said)")
            XCTAssertEqual(process.terminationStatus, status, said)
            XCTAssertTrue(said.contains("received, finishing the rows being written…"), said)
            XCTAssertTrue(said.contains("rows, which are kept; run the same command again to resume there"), said)
            XCTAssertEqual(try fullTextSettings(), "automerge=4 crisismerge=16 hashsize=1048576", "after signal \(signal)")
        }
        let resumed = try stackterm(["import", folder.path, "--site", "big"])
        XCTAssertEqual(resumed.status, 0, resumed.errors)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM question"), "60000")
    }

    /// Issue 32's case 2: a FIFO given as the archive (or as a folder's Posts.xml) blocked the import in `openat` for
    /// good, deaf to signals and holding the import lock. Judged by stat, it is refused at once.
    func testAFIFOGivenAsTheDumpOrAsItsPostsFileIsRefusedUnopened() throws {
        let archive = dataHome.appendingPathComponent("x.7z")
        XCTAssertEqual(mkfifo(archive.path, 0o600), 0)
        let folder = dataHome.appendingPathComponent("fifo-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("Posts.xml").path, 0o600), 0)
        for (source, expected) in [(archive, "x.7z: a FIFO (named pipe), not a dump archive or folder"),
                                   (folder, "Posts.xml: a FIFO (named pipe), not a dump file")] {
            let (process, errors) = try startImport(source, site: "x")
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            XCTAssertEqual(process.terminationStatus, 1, said)
            XCTAssertTrue(said.contains(expected), said)
        }
        let imported = try stackterm(["import", try dump("small", rows: 10).path, "--site", "small"])
        XCTAssertEqual(imported.status, 0, "no import holds the store: \(imported.errors)")
    }

    /// A second signal stops an import at once, whatever its threads are doing; what finished batches wrote is kept
    /// and a rerun resumes.
    func testASecondSignalStopsTheImportAtOnce() throws {
        let folder = try dump("big", rows: 60_000)
        let (process, errors) = try startImport(folder, site: "big")
        _ = waitFor("import: Posts.xml ", in: errors)
        // The second once the first is taken (two sent back to back are one for the kernel), while the batch being
        // written (2,000 rows: a few hundred milliseconds) is still being finished.
        kill(process.processIdentifier, SIGTERM)
        _ = waitFor("SIGTERM received, finishing the rows being written", in: errors)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        XCTAssertFalse(said.contains("import: done"), "the import ended before the signals: \(said)")
        XCTAssertEqual(process.terminationStatus, 143, said)
        XCTAssertTrue(said.contains("import: stopped at once by SIGTERM; the rows of finished batches are kept"), said)
        let resumed = try stackterm(["import", folder.path, "--site", "big"])
        XCTAssertEqual(resumed.status, 0, resumed.errors)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM question"), "60000")
    }

    func testASecondImportAndStoreWaitForTheFirstWithAMessage() throws {
        let big = try dump("big", rows: 60_000)
        let small = try dump("small", rows: 100)
        let (first, firstErrors) = try startImport(big, site: "big")
        _ = waitFor("import: Posts.xml ", in: firstErrors)
        let (second, secondErrors) = try startImport(small, site: "small")
        let said = waitFor("waiting for another stackterm import (process \(first.processIdentifier))", in: secondErrors)
        XCTAssertTrue(said.contains("import: waiting for another stackterm import"), said)
        let listed = try stackterm(["store"])
        XCTAssertEqual(listed.status, 0, "listing sizes during an import: \(listed.errors)")
        XCTAssertFalse(listed.errors.contains("locked"), listed.errors)
        first.waitUntilExit()
        second.waitUntilExit()
        let firstSaid = try String(contentsOf: firstErrors, encoding: .utf8)
        XCTAssertEqual(first.terminationStatus, 0, firstSaid)
        let secondSaid = try String(contentsOf: secondErrors, encoding: .utf8)
        XCTAssertEqual(second.terminationStatus, 0, secondSaid)
        XCTAssertFalse(secondSaid.contains("locked"), secondSaid)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM question"), "60100")
    }

    func testATruncatedPostsFileKeepsItsWholeRowsAndSaysHowMany() throws {
        let folder = try dump("cut", rows: 3_000)
        let posts = folder.appendingPathComponent("Posts.xml")
        let xml = try String(contentsOf: posts, encoding: .utf8)
        let cut = try XCTUnwrap(xml.range(of: "<row Id=\"2702\""))
        try Data(xml[..<xml.index(cut.lowerBound, offsetBy: 40)].utf8).write(to: posts)
        let outcome = try stackterm(["import", folder.path, "--site", "cut"])
        XCTAssertEqual(outcome.status, 1, outcome.errors)
        XCTAssertTrue(outcome.errors.contains("(the 2701 whole rows before it are kept)"), outcome.errors)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM question"), "2701")
    }

    func testATruncatedArchiveSaysItIsCutShortAndASecondPostsXMLIsNamed() throws {
        guard SevenZip.executable != nil else { throw XCTSkip("SKIPPED: 7zz not installed (Debian package 7zip)") }
        let archive = dataHome.appendingPathComponent("twice.7z")
        try SevenZip.archive([try dump("a", rows: 3), try dump("b", rows: 5)], to: archive)
        let twice = try stackterm(["import", archive.path, "--site", "twice"])
        XCTAssertEqual(twice.status, 0, twice.errors)
        XCTAssertTrue(twice.errors.contains("import: b/Posts.xml ignored: the archive holds another file of that name, imported first"),
                      twice.errors)
        let whole = try Data(contentsOf: archive)
        try whole.prefix(whole.count / 2).write(to: archive)
        let cut = try stackterm(["import", archive.path, "--site", "cut"])
        XCTAssertEqual(cut.status, 1, cut.errors)
        XCTAssertTrue(cut.errors.contains("twice.7z: the archive is cut short or damaged"), cut.errors)
        XCTAssertFalse(cut.errors.contains("libarchive error"), cut.errors)
    }
}
