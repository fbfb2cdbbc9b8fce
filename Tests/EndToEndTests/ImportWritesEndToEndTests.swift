import Foundation
import TestSupport
import XCTest

/// Issue 32 item 1 end to end: saves, read marks and a search made in a browser while `stackterm import` of a large
/// dump writes to the same store are all in the store after quitting mid-import and starting again — written while
/// the import let them in between its transactions, or journalled at the quit and written by the next start.
final class ImportWritesEndToEndTests: StacktermTestCase, StacktermRunning {
    private var dataHome: URL!
    private var storePath: String { dataHome.appendingPathComponent("stackterm/stackterm.sqlite").path }
    private var importer: Process?

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard StoreLock.executable != nil else {
            throw XCTSkip("SKIPPED: needs the sqlite3 shell (apt-get install sqlite3)")
        }
        dataHome = try temporaryFolder("stackterm-import-writes")
    }

    override func tearDown() {
        if let importer, importer.isRunning { importer.terminate(); importer.waitUntilExit() }
        super.tearDown()
    }

    var runEnvironment: [String: String?] { ["XDG_DATA_HOME": dataHome.path] }

    /// Rows of the generated dump: enough that the import outlasts the browser's session (a debug build imports a few
    /// thousand rows a second), few enough to keep the list indexes (under 250,000 expected posts).
    private static let importRows =
        Int(ProcessInfo.processInfo.environment["STACKTERM_E2E_IMPORT_ROWS"] ?? "") ?? 400_000

    func testSavesMarksAndASearchMadeDuringAnImportOutliveAQuitMidImport() throws {
        guard let cardano = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        try importDump(dataHome: dataHome, site: "cardano", cardano)
        let errors = try startImport(try dump(rows: Self.importRows), site: "bigsite")
        _ = BackgroundImport.waitFor("import: Posts.xml ", in: errors)

        var tmux = try launch(["--offline", "--site", "cardano"], environment: ["XDG_DATA_HOME": dataHome.path])
        waitForList(tmux)
        // Three saves (rows 1, 3 and 5), two questions opened (read marks), one search kept in the history.
        for keys in [["m"], ["j", "j", "m"], ["j", "j", "m"]] {
            try tmux.sendKeys(.text(keys.joined()))
            XCTAssertTrue(tmux.waitUntil(timeout: 30) { $0.last?.contains("Sav") == true }, tmux.screenDump())
        }
        for _ in 0..<2 {
            try tmux.sendKeys(.key("Enter"))
            XCTAssertTrue(tmux.waitUntil(timeout: 30) { !$0[0].contains("cardano · ") },
                          "a question opened:\n\(tmux.screenDump())")
            try tmux.sendKeys(.text("q"), .text("k"))
            XCTAssertTrue(tmux.waitUntil(timeout: 30) { $0[0].contains("cardano · ") }, tmux.screenDump())
        }
        try tmux.sendKeys(.text("/"), .text("staking"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 30) { $0[0].contains("search “staking”") }, tmux.screenDump())
        try quit(tmux, within: 15, "Q waits for the store only briefly")
        XCTAssertTrue(importer?.isRunning == true, "the browser quit mid-import (raise STACKTERM_E2E_IMPORT_ROWS)")
        let journalled = journalFiles()
        let committedAtQuit = try sqlite("SELECT count(*) FROM saved")

        // The next start writes whatever the quit left in the journal, the import still running or not.
        tmux = try launch(["--offline", "--site", "cardano"], environment: ["XDG_DATA_HOME": dataHome.path])
        waitForList(tmux)
        try tmux.sendKeys(.text("M"))
        XCTAssertTrue(tmux.waitUntil(timeout: 60) { $0.filter { $0.contains("★") }.count == 3 },
                      "all three saves are listed (journalled: \(journalled), saved then: \(committedAtQuit)):\n"
                        + tmux.screenDump())
        try quit(tmux, within: 15)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM saved"), "3")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM read_mark"), "2", "both questions opened are marked read")
        XCTAssertEqual(try sqlite("SELECT group_concat(query) FROM search_history"), "staking")
        print("ImportWritesEndToEndTests: journalled at quit \(journalled), saved when the first browser quit: "
              + "\(committedAtQuit) of 3, import running at the end: \(importer?.isRunning == true)")
    }

    /// A folder holding a Posts.xml of `rows` questions with bodies of a few hundred bytes, written in pieces.
    private func dump(rows: Int) throws -> URL {
        let folder = dataHome.appendingPathComponent("bigsite")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Posts.xml")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let filler = String(repeating: "grain mill mash boil ferment ", count: 10)
        handle.write(Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<posts>\n".utf8))
        var piece = ""
        for id in 1...rows {
            piece += "<row Id=\"\(id)\" PostTypeId=\"1\" Title=\"Question \(id) on milling\" Body=\"&lt;p&gt;word\(id) "
                + "\(filler)&lt;/p&gt;\" CreationDate=\"2020-01-01T00:00:00.000\" Score=\"1\" />\n"
            if id % 10_000 == 0 || id == rows {
                handle.write(Data(piece.utf8))
                piece = ""
            }
        }
        handle.write(Data("</posts>\n".utf8))
        return folder
    }

    /// `stackterm import FOLDER --site SITE` started; returns the file its stderr goes to.
    private func startImport(_ folder: URL, site: String) throws -> URL {
        let errors = dataHome.appendingPathComponent("import-\(site).err")
        importer = try BackgroundImport.start(folder, site: site, dataHome: dataHome, errors: errors)
        return errors
    }

    /// The journal files beside the store (the user's writes a quit left for the next start).
    private func journalFiles() -> [String] {
        let folder = dataHome.appendingPathComponent("stackterm").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.contains(".pending-writes.") }
    }

    /// What the sqlite3 shell prints for `sql` on the store (a reader: it never waits for the import).
    private func sqlite(_ sql: String) throws -> String {
        try BackgroundImport.sqlite(sql, store: storePath)
    }
}
