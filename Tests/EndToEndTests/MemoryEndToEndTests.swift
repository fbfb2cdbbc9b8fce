import Foundation
import TestSupport
import XCTest

/// Issue 10 parts 4, 5, 7 and 9 end to end, the real binary in tmux against the double: saved questions and the
/// search history, sort and tag filter outlive the session; a question's duplicates and linked questions (from an
/// imported dump) are listed and followed; answers that arrived since a question was read are marked; a read-only
/// data directory leaves the browser working online; two processes share one store.
final class MemoryEndToEndTests: StacktermTestCase {
    private var dataHome: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        dataHome = try temporaryFolder("stackterm-memory")
    }

    /// Starts stackterm on the test's own store.
    private func launchOnStore(_ arguments: [String] = []) throws -> TmuxSession {
        session?.kill()
        return try launch(arguments, environment: ["XDG_DATA_HOME": dataHome.path])
    }

    /// Waits until the header names `header` and the status line counts the rows drawn (a page, not a load, is shown).
    private func waitForRows(_ tmux: TmuxSession, header: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { screen in
            screen[0].contains(header) && screen.last?.range(of: #"^ [1-9][0-9]* questions "#, options: .regularExpression) != nil
        }, "no rows under \(header):\n\(tmux.screenDump())", file: file, line: line)
    }

    func testSavedQuestionsSearchesAndTheSortOutliveTheSession() throws {
        var tmux = try launchOnStore()
        waitForList(tmux)
        let title = try tmux.capture()[3].dropFirst(11).prefix(24).trimmingCharacters(in: .whitespaces)
        try tmux.sendKeys(.text("j"), .text("m"))
        XCTAssertTrue(tmux.waitUntil { $0[3].contains("★ " + title) && $0.last?.contains("Saved: kept offline for good") == true },
                      "the saved row is starred:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("s"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · creation") && $0.last?.contains("quota") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("/"), .text("staking"), .key("Enter"))
        waitForRows(tmux, header: "search “staking”")
        try tmux.sendKeys(.text("q"), .text("M"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · saved questions") && $0[2].contains("★ " + title) },
                      "the saved screen lists it:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("★ saved · cardano") }, "opened from the saved screen:\n\(tmux.screenDump())")
        try quit(tmux)

        // The next run starts where this one was left, the saved question and the search still there.
        tmux = try launchOnStore()
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("cardano · creation") && $0[2].contains("  ") },
                      "the sort was remembered:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("As you left it: sort creation") },
                      "the status line says the memory decided:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("M"))
        XCTAssertTrue(tmux.waitUntil { $0[2].contains("★ " + title) }, "still saved:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("M"), .text("/"), .key("Up"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("Search: staking") == true }, "the search history came back:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("Search:") == false }, tmux.screenDump())
        try quit(tmux)

        // A flag beats what was remembered.
        tmux = try launchOnStore(["--sort", "votes"])
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("cardano · votes") }, tmux.screenDump())
        try quit(tmux)
    }

    func testDuplicatesAndLinkedQuestionsOfAnImportedSiteAreListedAndFollowed() throws {
        guard let folder = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        try importDump(dataHome: dataHome, site: "cardano", folder)
        let tmux = try launchOnStore(["--offline", "https://cardano.stackexchange.com/q/329"])
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0.contains { $0.contains("Duplicate of:") } }, tmux.screenDump())
        let screen = try tmux.capture()
        let entry = try XCTUnwrap(screen.first { $0.contains("Ways to burn tokens?") }, tmux.screenDump())
        let number = try XCTUnwrap(entry.split(separator: "[").dropFirst().first?.split(separator: "]").first, entry)
        try tmux.sendKeys(.text("L"))
        XCTAssertTrue(tmux.waitUntil { $0.contains { $0.contains("[\(number)]") && $0.contains("Ways to burn tokens?") } },
                      "the link picker lists it:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text(String(number)), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { screen in
            screen[0].contains("Ways to burn tokens?") && screen.contains { $0.contains("Duplicate of this question:") }
                && screen.contains { $0.contains("Burning tokens after the 'before' time slot?") }
        }, "the duplicate's original opened, listing its duplicate:\n\(tmux.screenDump())")
        try quit(tmux)
    }

    func testAnswersThatArrivedSinceTheQuestionWasReadAreMarkedNew() throws {
        guard let folder = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        // The site as it stood on 2021-05-01: question 4 with its first two answers.
        let early = dataHome.appendingPathComponent("early-dump")
        try FileManager.default.createDirectory(at: early, withIntermediateDirectories: true)
        let posts = try String(contentsOf: folder.appendingPathComponent("Posts.xml"), encoding: .utf8)
        // The dump's "\r\n" is one Character: neither `split(separator: "\n")` nor `components(separatedBy:)` splits it.
        let kept = posts.split(whereSeparator: \.isNewline).map(String.init).compactMap { line -> String? in
            guard line.contains("<row ") else { return line }
            if line.contains(" Id=\"4\" ") {
                return line.replacingOccurrences(of: #"LastActivityDate="[^"]*""#, with: #"LastActivityDate="2021-05-01T00:00:00.000""#,
                                                 options: .regularExpression)
                    .replacingOccurrences(of: #"AnswerCount="\d+""#, with: #"AnswerCount="2""#, options: .regularExpression)
            }
            return line.contains(" Id=\"25\" ") || line.contains(" Id=\"197\" ") ? line : nil
        }
        try kept.joined(separator: "\n").write(to: early.appendingPathComponent("Posts.xml"), atomically: true, encoding: .utf8)
        try importDump(dataHome: dataHome, site: "cardano", early)
        var tmux = try launchOnStore(["--offline", "https://cardano.stackexchange.com/q/4"])
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0.joined().contains("Answer 1/2") }, "read on May 1st:\n\(tmux.screenDump())")
        try quit(tmux)

        // Online now, the thread has four answers: the two that came later are new.
        tmux = try launchOnStore(["https://cardano.stackexchange.com/q/4"])
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0.last?.contains("2 new answers since you read this") == true },
                      "the status line counts them:\n\(tmux.screenDump())")
        var rules: Set<String> = []
        for _ in 1...4 {
            try tmux.sendKeys(.text("]"))
            _ = tmux.waitUntil(timeout: 2) { screen in screen.contains { $0.contains("── Answer") && !rules.contains($0) } }
            rules.formUnion(try tmux.capture().filter { $0.contains("── Answer") })
        }
        XCTAssertEqual(rules.count, 4, "\(rules)")
        XCTAssertEqual(rules.filter { $0.contains("· new ·") }.count, 2, "the two later answers, whatever their order:\n\(rules)")
        try quit(tmux)
    }

    func testAReadOnlyDataDirectoryLeavesTheBrowserWorkingOnline() throws {
        guard let home = try TemporaryDirectory.unwritableFolder(in: dataHome) else {
            throw XCTSkip("SKIPPED: running as root and no read-only directory to try")
        }
        let tmux = try launch(environment: ["XDG_DATA_HOME": home.path])
        waitForList(tmux)
        XCTAssertTrue(try tmux.capture().statusSays("No local store"), "one warning:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/", timeout: 10) || tmux.waitFor(text: "No answers yet", timeout: 1), tmux.screenDump())
        XCTAssertFalse(try tmux.capture().statusSays("No local store"), "the warning went with the key press")
        try tmux.sendKeys(.text("m"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Not saved: there is no local store") }, tmux.screenDump())
        try quit(tmux)
    }

    func testTwoProcessesOnOneStoreBothWork() throws {
        let first = try launchOnStore()
        let second = try StacktermSession.launch(baseURL: double.baseURL.absoluteString, environment: ["XDG_DATA_HOME": dataHome.path])
        defer { second.kill() }
        for (tmux, word) in [(first, "wallet"), (second, "staking")] {
            XCTAssertTrue(tmux.waitFor(text: "quota", timeout: 15), tmux.screenDump())
            try tmux.sendKeys(.text("/"), .text(word), .key("Enter"))
        }
        for (tmux, word) in [(first, "wallet"), (second, "staking")] {
            waitForRows(tmux, header: "search “\(word)”")
            try tmux.sendKeys(.key("Enter"))
        }
        for tmux in [first, second] {
            XCTAssertTrue(tmux.waitUntil(timeout: 15) { !$0[0].contains("search") && $0.last?.contains("c comments") == true },
                          "a question opened:\n\(tmux.screenDump())")
            XCTAssertFalse(try tmux.capture().last?.contains("could not be written") == true, tmux.screenDump())
        }
        try quit(first)
        try quit(second)

        // Both kept what they did: a third run recalls both searches.
        let third = try launchOnStore()
        waitForList(third)
        // Up shows the newest search; a second Up the one before it (each key waited for, so none is lost in a race).
        try third.sendKeys(.text("/"), .key("Up"))
        let isSearch: (String?) -> Bool = { $0?.contains("Search: wallet") == true || $0?.contains("Search: staking") == true }
        XCTAssertTrue(third.waitUntil { isSearch($0.last) }, third.screenDump())
        let newest = try third.capture().last ?? ""
        try third.sendKeys(.key("Up"))
        XCTAssertTrue(third.waitUntil { $0.last != newest && isSearch($0.last) }, "both searches are there:\n\(third.screenDump())")
        try third.sendKeys(.key("Escape"))
        XCTAssertTrue(third.waitUntil { $0.last?.contains("Search:") == false }, third.screenDump())
        try quit(third)
    }

    func testASecondIdenticalSessionMakesNoRequestForWhatIsFresh() throws {
        func session() throws -> TmuxSession {
            let tmux = try launchOnStore()
            waitForList(tmux)
            try tmux.sendKeys(.text("j"), .key("Enter"))
            XCTAssertTrue(tmux.waitFor(text: "Answer 1/", timeout: 10) || tmux.waitFor(text: "No answers yet", timeout: 1), tmux.screenDump())
            try tmux.sendKeys(.text("q"), .text("/"), .text("staking"), .key("Enter"))
            waitForRows(tmux, header: "search “staking”")
            try tmux.sendKeys(.key("Enter"))
            XCTAssertTrue(tmux.waitFor(text: "Answer 1/", timeout: 10) || tmux.waitFor(text: "No answers yet", timeout: 1), tmux.screenDump())
            try quit(tmux)
            return tmux
        }
        _ = try session()
        XCTAssertGreaterThan(try double.requestLog().count, 0)
        try double.clearRequestLog()
        _ = try session()
        XCTAssertEqual(try double.requestLog(), [], "the second session asked again for what it had fresh")
    }
}
