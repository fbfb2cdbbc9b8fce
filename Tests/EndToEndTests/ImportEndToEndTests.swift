import Foundation
import TestSupport
import XCTest

/// `stackterm import` and `stackterm store` as a person runs them: the real binary, a store under a temporary
/// XDG_DATA_HOME.
final class ImportEndToEndTests: XCTestCase, StacktermRunning {
    private var dataHome: URL!

    override func setUpWithError() throws {
        dataHome = try temporaryFolder("stackterm-import")
    }

    /// Runs the built `stackterm` on the test's store to its end; returns its status and stderr.
    var runEnvironment: [String: String?] { ["XDG_DATA_HOME": dataHome.path] }

    /// Runs `stackterm arguments…` on the test's store to its end; returns its status, stdout and stderr.
    private func run(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> (Int32, String, String) {
        let outcome = try stackterm(arguments, environment: extra, timeout: 300)
        return (outcome.status, outcome.output, outcome.errors)
    }

    func testImportingAFolderTwiceWritesOnceAndSaysSo() throws {
        guard let folder = SharedData.path("dumps/conlang.meta") else { throw XCTSkip("SKIPPED: no shared data") }
        let (status, _, stderr) = try run(["import", folder.path])
        XCTAssertEqual(status, 0, stderr)
        XCTAssertTrue(stderr.contains("as site conlang.meta"), stderr)
        XCTAssertTrue(stderr.contains("import: Posts.xml"), stderr)
        XCTAssertTrue(stderr.contains("import: done"), stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataHome.appendingPathComponent("stackterm/stackterm.sqlite").path))
        let (again, _, secondStderr) = try run(["import", folder.path])
        XCTAssertEqual(again, 0, secondStderr)
        XCTAssertTrue(secondStderr.contains("Posts.xml already imported, unchanged"), secondStderr)
        XCTAssertTrue(secondStderr.contains("done, 0 posts written"), secondStderr)
    }

    func testAnArchiveImportsAndItsExtractedFolderCountsAsTheSameDump() throws {
        guard let folder = SharedData.path("dumps/conlang.meta") else { throw XCTSkip("SKIPPED: no shared data") }
        guard SevenZip.executable != nil else { throw XCTSkip("SKIPPED: 7zz not installed (Debian package 7zip)") }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }
        let archive = dataHome.appendingPathComponent("conlang.meta.stackexchange.com.7z")
        try SevenZip.archive(files, to: archive)
        let (status, _, stderr) = try run(["import", archive.path, "--site", "conlang.meta"])
        XCTAssertEqual(status, 0, stderr)
        XCTAssertTrue(stderr.contains("as site conlang.meta"), stderr)
        XCTAssertTrue(stderr.contains("import: Posts.xml"), stderr)
        XCTAssertTrue(stderr.contains(" MB ("), "progress names the archive's bytes: \(stderr)")
        XCTAssertTrue(stderr.contains("import: done"), stderr)
        let (again, _, secondStderr) = try run(["import", folder.path])
        XCTAssertEqual(again, 0, secondStderr)
        XCTAssertTrue(secondStderr.contains("Posts.xml already imported, unchanged"), secondStderr)
        let (named, _, namedStderr) = try run(["import", folder.path, "--site=conlang"])
        XCTAssertEqual(named, 0, namedStderr)
        XCTAssertTrue(namedStderr.contains("as site conlang into"), "--site after the path is heard: \(namedStderr)")
    }

    func testAMissingPathIsAUsageError() throws {
        let (status, _, stderr) = try run(["import", "/tmp/no-such-\(UUID().uuidString).7z"])
        XCTAssertEqual(status, 2)
        XCTAssertTrue(stderr.contains("no such archive or folder"), stderr)
    }

    /// Issue 32 case 11: `import README.md` announced `as site README.md` before failing.
    func testAFileThatIsNoArchiveIsRefusedBeforeTheImportIsAnnounced() throws {
        let readme = dataHome.appendingPathComponent("README.md")
        try Data("# Not a dump\n\nJust some text.\n".utf8).write(to: readme)
        let (status, _, stderr) = try run(["import", readme.path])
        XCTAssertEqual(status, 1, stderr)
        XCTAssertTrue(stderr.contains("README.md: not an archive (7z, zip or tar) nor a dump folder"), stderr)
        XCTAssertFalse(stderr.contains("as site"), stderr)
    }

    func testADamagedArchiveNamesItAndExitsWithOne() throws {
        let damaged = dataHome.appendingPathComponent("beer.stackexchange.com.7z")
        try Data("7z\u{BC}\u{AF}\u{27}\u{1C} not really an archive".utf8).write(to: damaged)
        let (status, _, stderr) = try run(["import", damaged.path])
        XCTAssertEqual(status, 1, stderr)
        XCTAssertTrue(stderr.contains("beer.stackexchange.com.7z"), stderr)
    }

    func testNoAbsoluteHomeIsAClearError() throws {
        guard let folder = SharedData.path("dumps/coffee") else { throw XCTSkip("SKIPPED: no shared data") }
        let (status, _, stderr) = try run(["import", folder.path], environment: ["XDG_DATA_HOME": nil, "HOME": "relative"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(stderr.contains("HOME is not an absolute path"), stderr)
    }

    func testStoreShowsSizesPerSiteForgetsASiteAndVacuums() throws {
        guard let conlang = SharedData.path("dumps/conlang.meta"), let coffee = SharedData.path("dumps/coffee") else {
            throw XCTSkip("SKIPPED: no shared data")
        }
        let (none, _, noneStderr) = try run(["store"])
        XCTAssertEqual(none, 1)
        XCTAssertTrue(noneStderr.contains("no local store yet at \(dataHome.path)/stackterm/stackterm.sqlite"), noneStderr)
        XCTAssertEqual(try stackterm(["import", conlang.path], timeout: 300).status, 0)
        XCTAssertEqual(try stackterm(["import", coffee.path], timeout: 300).status, 0)
        let (status, table, _) = try run(["store"])
        XCTAssertEqual(status, 0)
        let lines = table.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("\(dataHome.path)/stackterm/stackterm.sqlite: ") ?? false, table)
        XCTAssertTrue(lines.first?.contains("(limit 1024 MB)") ?? false, table)
        XCTAssertEqual(lines.dropFirst().first?.split(separator: " "),
                       ["site", "questions", "answers", "comments", "text", "MB", "imported", "cached", "saved"])
        XCTAssertEqual(lines.dropFirst(2).map { $0.split(separator: " ").first }, ["coffee", "conlang.meta"])
        let (unknown, _, unknownStderr) = try run(["store", "--forget", "cofee"])
        XCTAssertEqual(unknown, 1)
        XCTAssertTrue(unknownStderr.contains("the store holds no site named cofee (it holds: coffee, conlang.meta)"), unknownStderr)
        let (forgot, forgotOut, _) = try run(["store", "--forget", "coffee", "--vacuum"])
        XCTAssertEqual(forgot, 0)
        XCTAssertTrue(forgotOut.contains("forgot coffee: "), forgotOut)
        XCTAssertTrue(forgotOut.contains("vacuumed: "), forgotOut)
        XCTAssertFalse(forgotOut.contains("\ncoffee "), forgotOut)
        XCTAssertTrue(forgotOut.contains("\nconlang.meta "), forgotOut)
    }

    func testStoreNamesABadLimitInTheConfigAndAnUnusableFile() throws {
        let config = dataHome.appendingPathComponent("config.toml")
        try Data("store_max_mb = 0\n".utf8).write(to: config)
        let storeFolder = dataHome.appendingPathComponent("stackterm")
        try FileManager.default.createDirectory(at: storeFolder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: storeFolder.appendingPathComponent("stackterm.sqlite"))
        let (status, _, stderr) = try run(["store", "--config", config.path])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(stderr.contains("config.toml:1: store_max_mb: must be between 1 and 1048576 megabytes, not 0"), stderr)
        XCTAssertTrue(stderr.contains("the local store \(storeFolder.path)/stackterm.sqlite cannot be used: it is not an SQLite "
            + "database (moved aside to \(storeFolder.path)/stackterm.sqlite.unusable-"), stderr)
    }
}
