import Foundation
import TestSupport
import XCTest

/// A store damaged past its header (issue 22 part 2), met by the real binary: two sites imported, the user's saved
/// question, read marks, search and setting added, then 64 KiB of noise written at 5 MB, over data pages.
struct DamagedStoreFixture {
    /// The data home holding the damaged store (`stackterm/stackterm.sqlite`).
    let home: URL
    /// The damaged file's bytes, as the noise left them.
    let damagedBytes: Data
    /// The dumps imported, by site.
    let dumps: [String: URL]
    /// The title of the saved beer question.
    let savedTitle: String
    /// Cardano's question ids (on the site), for finding the damaged ones.
    let cardanoIDs: [Int]

    var folder: URL { home.appendingPathComponent("stackterm") }
    /// The environment of a run on this store.
    var storeEnvironment: [String: String?] { ["XDG_DATA_HOME": home.path] }
    var store: URL { folder.appendingPathComponent("stackterm.sqlite") }

    /// What the sqlite3 shell prints for `sql` on `file`.
    static func sqlite(_ file: URL, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(StoreLock.executable))
        process.arguments = ["-batch", file.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Imports beer and cardano into `home` with the real binary, adds the user's rows, then writes the noise.
    static func make(in home: URL) throws -> DamagedStoreFixture {
        guard StoreLock.executable != nil else { throw XCTSkip("SKIPPED: needs the sqlite3 shell (apt-get install sqlite3)") }
        var dumps: [String: URL] = [:]
        for site in ["beer", "cardano"] {
            guard let folder = SharedData.path("dumps/\(site)") else { throw XCTSkip("SKIPPED: no shared data") }
            dumps[site] = folder
            let outcome = try StacktermRun.run(["import", folder.path, "--site", site], environment: ["XDG_DATA_HOME": home.path])
            XCTAssertEqual(outcome.status, 0, outcome.errors)
        }
        let store = home.appendingPathComponent("stackterm/stackterm.sqlite")
        _ = try sqlite(store, """
            INSERT INTO saved SELECT id, 1700000000 FROM question WHERE site = (SELECT id FROM site WHERE api_name = 'beer') ORDER BY id LIMIT 1;
            INSERT INTO read_mark SELECT id, answer_count, last_activity, 1700000000 FROM question
              WHERE site = (SELECT id FROM site WHERE api_name = 'beer') ORDER BY id LIMIT 2;
            INSERT INTO search_history VALUES ((SELECT id FROM site WHERE api_name = 'beer'), 'hops bitterness', 1700000000);
            INSERT OR REPLACE INTO app_setting VALUES ('browse/last_site', 'beer');
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
        let title = try sqlite(store, "SELECT title FROM question WHERE id = (SELECT question FROM saved);")
        let ids = try sqlite(store, "SELECT id & 1099511627775 FROM question WHERE site = (SELECT id FROM site WHERE api_name = 'cardano');")
            .split(separator: "\n").compactMap { Int($0) }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: store.path)[.size] as? NSNumber).intValue
        XCTAssertGreaterThan(size, 5 << 20 + 65_536, "the noise must land inside the file")
        var random = SplitMix64(seed: 22)
        let noise = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &random) })
        let handle = try FileHandle(forWritingTo: store)
        try handle.seek(toOffset: 5 << 20)
        try handle.write(contentsOf: noise)
        try handle.close()
        XCTAssertNotEqual(try sqlite(store, "PRAGMA quick_check;"), "ok", "the noise damaged no page SQLite checks")
        return DamagedStoreFixture(home: home, damagedBytes: try Data(contentsOf: store), dumps: dumps, savedTitle: title,
                                   cardanoIDs: ids)
    }

    /// A copy of the damaged store under a new data home `name` beside this one.
    func copy(_ name: String) throws -> DamagedStoreFixture {
        let home = self.home.deletingLastPathComponent().appendingPathComponent(name)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder, to: home.appendingPathComponent("stackterm"))
        return DamagedStoreFixture(home: home, damagedBytes: damagedBytes, dumps: dumps, savedTitle: savedTitle,
                                   cardanoIDs: cardanoIDs)
    }

    /// The files `NAME.damaged-*` beside the store.
    func movedAside() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("stackterm.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            .map { folder.appendingPathComponent($0) }
    }

    /// The commands that import each site again, as recovery must list them.
    var reimportCommands: [String] {
        dumps.keys.sorted().map { "stackterm import \(dumps[$0]!.path) --site \($0)" }
    }

    /// Fails unless the damaged file sits aside untouched, and the new store is intact and holds what the user made.
    func assertRecovered(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let aside = try movedAside()
        XCTAssertEqual(aside.count, 1, "\(what): moved aside: \(aside)", file: file, line: line)
        if let moved = aside.first {
            XCTAssertTrue(try Data(contentsOf: moved) == damagedBytes, "\(what) wrote into the damaged file", file: file, line: line)
        }
        XCTAssertEqual(try Self.sqlite(store, "PRAGMA quick_check;"), "ok", what, file: file, line: line)
        let kept = try Self.sqlite(store, """
            SELECT (SELECT count(*) FROM saved) || ' ' || (SELECT count(*) FROM read_mark) || ' '
              || (SELECT count(*) FROM search_history) || ' ' || (SELECT value FROM app_setting WHERE key = 'browse/last_site');
            """)
        XCTAssertEqual(kept, "1 2 1 beer", "\(what): saved, read marks, searches, last site", file: file, line: line)
        XCTAssertEqual(try Self.sqlite(store, "SELECT title FROM question WHERE id = (SELECT question FROM saved);"), savedTitle,
                       "\(what): the saved question's thread", file: file, line: line)
    }
}

final class StoreDamageEndToEndTests: XCTestCase, StacktermRunning {
    private var fixture: DamagedStoreFixture!

    override func setUpWithError() throws {
        let root = try temporaryFolder("stackterm-damage")
        let home = root.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        fixture = try DamagedStoreFixture.make(in: home)
    }

    /// Each run names its damaged store (`DamagedStoreFixture.storeEnvironment`).
    var runEnvironment: [String: String?] { [:] }

    func testStoreVacuumForgetAndImportFindTheDamageMoveItAsideAndKeepWhatTheUserMade() throws {
        let coffee = try XCTUnwrap(SharedData.path("dumps/coffee"))
        let runs: [(String, [String], Int32)] = [
            ("store", ["store"], 3), ("vacuum", ["store", "--vacuum"], 3), ("forget", ["store", "--forget", "beer"], 3),
            ("import", ["import", coffee.path, "--site", "coffee"], 0),
        ]
        for (name, arguments, status) in runs {
            let home = try fixture.copy(name)
            let outcome = try stackterm(arguments, environment: home.storeEnvironment)
            let said = outcome.output + outcome.errors
            XCTAssertFalse(said.contains("database disk image is malformed"), "stackterm \(arguments): \(said)")
            XCTAssertEqual(outcome.status, status, "stackterm \(arguments): \(said)")
            XCTAssertTrue(outcome.errors.contains("was moved aside to \(home.store.path).damaged-"), "stackterm \(arguments): \(said)")
            for command in home.reimportCommands {
                XCTAssertTrue(outcome.errors.contains(command), "stackterm \(arguments) does not say \(command): \(said)")
            }
            try home.assertRecovered("stackterm \(arguments)")
        }
        let imported = try DamagedStoreFixture.sqlite(
            fixture.home.deletingLastPathComponent().appendingPathComponent("import/stackterm/stackterm.sqlite"),
            "SELECT count(*) FROM question WHERE site = (SELECT id FROM site WHERE api_name = 'coffee');")
        XCTAssertEqual(imported, "225", "the import went into the new store")
    }

    func testPrintOfflineSaysTheStoreIsDamagedAndTheNextRunRecovers() throws {
        let home = try fixture.copy("print")
        let met = try stackterm(["print", "--offline", "--site", "cardano", "--search", "wallet", "--limit", "500"], environment: home.storeEnvironment)
        XCTAssertFalse(met.errors.contains("malformed"), met.errors)
        XCTAssertTrue(met.errors.contains("\(home.store.path) is damaged"), met.errors)
        XCTAssertEqual(try home.movedAside(), [], "moved aside while print ran")
        XCTAssertTrue(try Data(contentsOf: home.store) == home.damagedBytes, "print wrote into the damaged file")
        let next = try stackterm(["print", "--offline", "--site", "beer"], environment: home.storeEnvironment)
        XCTAssertEqual(next.status, 0, next.errors)
        XCTAssertTrue(next.output.contains(home.savedTitle), next.output)
        XCTAssertTrue(next.errors.contains("was moved aside to \(home.store.path).damaged-"), next.errors)
        for command in home.reimportCommands { XCTAssertTrue(next.errors.contains(command), next.errors) }
        try home.assertRecovered("print --offline, run again")
    }

    func testCheckSaysIntactOrDamagedWithItsExitCode() throws {
        let clean = try fixture.copy("clean")
        try FileManager.default.removeItem(at: clean.folder)
        let beer = try XCTUnwrap(fixture.dumps["beer"])
        XCTAssertEqual(try stackterm(["import", beer.path, "--site", "beer"], environment: clean.storeEnvironment).status, 0)
        for arguments in [["store", "--check"], ["store", "--check", "--full"]] {
            let outcome = try stackterm(arguments, environment: clean.storeEnvironment)
            XCTAssertEqual(outcome.status, 0, "stackterm \(arguments): \(outcome.errors)")
            XCTAssertTrue(outcome.output.contains(arguments.count == 2 ? "quick_check" : "integrity_check"), outcome.output)
            XCTAssertTrue(outcome.output.contains("no damage found"), outcome.output)
        }
        for (name, arguments) in [("quick", ["store", "--check"]), ("full", ["store", "--check", "--full"])] {
            let home = try fixture.copy(name)
            let outcome = try stackterm(arguments, environment: home.storeEnvironment)
            XCTAssertEqual(outcome.status, 3, "stackterm \(arguments): \(outcome.output) \(outcome.errors)")
            XCTAssertTrue(outcome.output.contains("damage found"), outcome.output)
            XCTAssertTrue(outcome.errors.contains("was moved aside to \(home.store.path).damaged-"), outcome.errors)
            try home.assertRecovered("stackterm \(arguments)")
        }
        let help = try stackterm(["store", "--help"], environment: fixture.storeEnvironment)
        XCTAssertTrue(help.output.contains("--check"), help.output)
        XCTAssertTrue(help.output.contains("--full"), help.output)
        XCTAssertTrue(help.output.contains("3 damage was found"), help.output)
    }
}

/// The browser on the damaged store, offline: a read that meets the damage says so in one status line and nothing is
/// written; the next start moves the file aside and keeps what the user made.
final class StoreDamageBrowserEndToEndTests: StacktermTestCase {
    func testTheBrowserSaysTheStoreIsDamagedAndTheNextStartRecovers() throws {
        let root = try temporaryFolder("stackterm-damage-browser")
        let template = root.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        let fixture = try DamagedStoreFixture.make(in: template)
        // The questions whose rows the noise covered: the shell prints the ids it could still read.
        let probe = fixture.cardanoIDs.map { "SELECT id & 1099511627775 FROM question WHERE id = (2 << 40) | \($0);" }
        let readable = Set(try DamagedStoreFixture.sqlite(fixture.store, probe.joined(separator: "\n"))
            .split(separator: "\n").compactMap { Int($0) })
        let damaged = try XCTUnwrap(fixture.cardanoIDs.first { !readable.contains($0) }, "no cardano question is damaged")

        let environment = ["XDG_DATA_HOME": fixture.home.path]
        let first = try launch(["--offline", "https://cardano.stackexchange.com/questions/\(damaged)"], width: 250,
                               environment: environment)
        XCTAssertTrue(first.waitFor(text: "is damaged", timeout: 15), first.screenDump())
        XCTAssertFalse(first.screenDump().contains("malformed"), first.screenDump())
        try quit(first)
        XCTAssertTrue(try Data(contentsOf: fixture.store) == fixture.damagedBytes, "the browser wrote into the damaged file")
        XCTAssertEqual(try fixture.movedAside(), [], "moved aside while the browser ran")

        let second = try launch(["--offline", "--site", "beer"], width: 250, environment: environment)
        XCTAssertTrue(second.waitFor(text: "was damaged", timeout: 15), second.screenDump())
        XCTAssertTrue(second.waitFor(text: "moved aside to \(fixture.store.path).damaged-", timeout: 5), second.screenDump())
        try quit(second)
        try fixture.assertRecovered("the browser's next start")
    }
}
