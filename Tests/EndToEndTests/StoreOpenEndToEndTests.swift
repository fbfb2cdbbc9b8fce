import Foundation
import TestSupport
import XCTest

/// What sits at the store's path, met by the real binary: a FIFO is refused by `store`, `import`, `print` and the
/// browser without blocking; a directory or a link to /dev/null is moved aside and a new store begun.
final class StoreOpenEndToEndTests: XCTestCase, StacktermRunning {
    private var dataHome: URL!
    private var storePath: String { dataHome.appendingPathComponent("stackterm/stackterm.sqlite").path }

    override func setUpWithError() throws {
        dataHome = try temporaryFolder("stackterm-store-open")
        try FileManager.default.createDirectory(at: dataHome.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
    }

    /// Runs `stackterm arguments…` on this test's store; a run still going after a minute is ended with SIGTERM,
    /// so a blocked open fails the test with status 143.
    var runEnvironment: [String: String?] { ["XDG_DATA_HOME": dataHome.path] }

    private func tinyDump() throws -> URL { try oneQuestionDump(in: dataHome) }

    func testAFIFOAtTheStorePathIsRefusedByStoreImportAndPrintWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(storePath, 0o600), 0)
        let folder = try tinyDump()
        for arguments in [["store"], ["import", folder.path, "--site", "beer"], ["print", "--offline", "--site", "beer"]] {
            let outcome = try stackterm(arguments)
            XCTAssertNotEqual(outcome.status, 143, "stackterm \(arguments) blocked until SIGTERM")
            XCTAssertNotEqual(outcome.status, 0, "stackterm \(arguments): \(outcome.errors)")
            XCTAssertTrue(outcome.errors.contains("\(storePath) cannot be used: it is a FIFO (named pipe), not a file"),
                          "stackterm \(arguments): \(outcome.errors)")
            XCTAssertFalse(outcome.errors.contains("SQLite error"), outcome.errors)
        }
        var info = stat()
        XCTAssertEqual(lstat(storePath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is left where it was")
    }

    func testADirectoryAtTheStorePathIsMovedAsideAndStoreSaysSo() throws {
        try FileManager.default.createDirectory(atPath: storePath, withIntermediateDirectories: false)
        let outcome = try stackterm(["store"])
        XCTAssertEqual(outcome.status, 1, outcome.errors)
        XCTAssertTrue(outcome.errors.contains("stackterm: the local store \(storePath) cannot be used: it is a directory, "
            + "not a file (moved aside to \(storePath).unusable-"), outcome.errors)
        var info = stat()
        XCTAssertEqual(lstat(storePath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "a new store was begun")
    }

    func testALinkToDevNullIsMovedAsideAndTheImportGoesIntoANewStore() throws {
        try FileManager.default.createSymbolicLink(atPath: storePath, withDestinationPath: "/dev/null")
        let outcome = try stackterm(["import", try tinyDump().path, "--site", "beer"])
        XCTAssertEqual(outcome.status, 0, outcome.errors)
        XCTAssertTrue(outcome.errors.contains("the local store \(storePath) cannot be used: it is a symbolic link to a "
            + "character device (/dev/null), not to a file (moved aside to \(storePath).unusable-"), outcome.errors)
        XCTAssertTrue(outcome.errors.contains("import: done, 1 posts written"), outcome.errors)
        let listed = try stackterm(["store"])
        XCTAssertEqual(listed.status, 0, listed.errors)
        XCTAssertTrue(listed.output.contains("\nbeer "), listed.output)
    }
}

/// The browser started on a FIFO at the store's path: it shows the list from the network, and `Q` quits.
final class StoreOpenBrowserEndToEndTests: StacktermTestCase {
    func testTheBrowserRunsWithoutTheStoreAndQuits() throws {
        let dataHome = try temporaryFolder("stackterm-store-fifo")
        let folder = dataHome.appendingPathComponent("stackterm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("stackterm.sqlite").path, 0o600), 0)
        let tmux = try launch(environment: ["XDG_DATA_HOME": dataHome.path])
        waitForList(tmux)
        try quit(tmux, within: 15, "Q quits with a FIFO at the store's path")
    }
}

extension XCTestCase {
    /// A folder `tiny` under `parent` holding a dump of one question ("Which hops").
    func oneQuestionDump(in parent: URL) throws -> URL {
        let folder = parent.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <posts>
              <row Id="1" PostTypeId="1" CreationDate="2020-01-01T00:00:00.000" Score="3" Body="&lt;p&gt;Hops?&lt;/p&gt;" Title="Which hops" Tags="|hops|" AnswerCount="0" CommentCount="0" />
            </posts>
            """.utf8).write(to: folder.appendingPathComponent("Posts.xml"))
        return folder
    }
}
