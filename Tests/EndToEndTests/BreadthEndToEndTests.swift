import XCTest
import TestSupport

/// Issue 4 end to end: search, tags, sorts, the answers feed, comments — the real binary in tmux against the double.
final class BreadthEndToEndTests: StacktermTestCase {
    /// Starts stackterm and waits for its first page.
    private func launchListing(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
        let tmux = try launch(arguments, environment: environment)
        waitForList(tmux)
        return tmux
    }

    private func requests(_ fragment: String) throws -> [String] {
        try double.requestLog().filter { $0.contains(fragment) }
    }

    func testSearchShowsResultsAndPages() throws {
        let tmux = try launchListing()
        try tmux.sendKeys(.text("/"), .text("plutus"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("search “plutus”") && $0.last?.contains("50 questions") == true }, tmux.screenDump())
        let first = try requests("/search/advanced")
        XCTAssertEqual(first.count, 1)
        XCTAssertTrue(first[0].contains("q=plutus"), first[0])
        try tmux.sendKeys(.text("G"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("100 questions") == true }, tmux.screenDump())
        XCTAssertTrue(try requests("/search/advanced").contains { $0.contains("page=2&") }, "search results page")
        // Esc in the prompt changes nothing; an empty search returns to the plain list.
        try tmux.sendKeys(.text("/"), .text("zzz"), .key("Escape"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("search “plutus”") }, tmux.screenDump())
        try tmux.sendKeys(.text("/"), .key("C-u"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { !$0[0].contains("search") && $0.last?.contains("50 questions") == true }, tmux.screenDump())
    }

    func testTagFilterNarrowsTheList() throws {
        let tmux = try launchListing()
        try tmux.sendKeys(.text("t"), .text("nft"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("[nft]") && $0.last?.contains("questions") == true && $0[2].contains("nft") }, tmux.screenDump())
        XCTAssertTrue(try requests("/questions?").last?.contains("tagged=nft") == true)
        // The tags column may be cut; the question view shows every tag.
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.contains { $0.contains("[nft]") } }, tmux.screenDump())
    }

    func testSortSwitchCancelsTheOldLoadAndNeverShowsItsResult() throws {
        let tmux = try launchListing()
        try double.clearRequestLog()
        try double.setFaults("delay_ms=2000&count=1")
        try tmux.sendKeys(.text("r"))               // the reload of the activity list hangs 2 s …
        Thread.sleep(forTimeInterval: 0.3)
        try tmux.sendKeys(.text("s"))               // … and is superseded by the creation sort
        // Rows drawn too: `s` empties the list while the status line may still count the old one.
        XCTAssertTrue(tmux.waitUntil {
            $0[0].contains("· creation") && $0.last?.contains("50 questions") == true && !$0[2].trimmingCharacters(in: .whitespaces).isEmpty
        }, tmux.screenDump())
        let creationFirst = try tmux.capture()[2]
        Thread.sleep(forTimeInterval: 2.5)          // the old response would have arrived by now
        XCTAssertEqual(try tmux.capture()[2], creationFirst, "the cancelled activity load never replaced the list")
        let log = try requests("/questions?")
        XCTAssertEqual(log.count, 2, "\(log)")
        XCTAssertTrue(log[0].contains("sort=activity") && log[1].contains("sort=creation"), "\(log)")
    }

    func testAnswersFeedOpensTheRightQuestionAtTheAnswer() throws {
        let tmux = try launchListing()
        try tmux.sendKeys(.text("a"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("latest answers") && $0.last?.contains("50 answers") == true && !$0.contains { $0.contains("question #") } },
                      tmux.screenDump())
        let row = try tmux.capture()[4]  // the third answer, under the column header
        let title = String(row.dropFirst(8).prefix(30)).trimmingCharacters(in: .whitespaces)
        try tmux.sendKeys(.key("Down"), .key("Down"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains(title.prefix(20)) && $0.contains { $0.contains("── Answer") } }, "opened the question of the chosen answer at its answer:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("latest answers") }, tmux.screenDump())
        try tmux.sendKeys(.text("a"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · activity") }, tmux.screenDump())
    }

    func testOpenPassesTheLinkToTheBrowserAsOneArgumentAndCopyUsesTheClipboard() throws {
        let directory = try temporaryFolder("stackterm-browser")
        let record = directory.appendingPathComponent("args")
        let browser = directory.appendingPathComponent("fake-browser")
        try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '\(record.path)'; done\n".write(to: browser, atomically: true, encoding: .utf8)
        chmod(browser.path, 0o755)
        let tmux = try launchListing(environment: ["BROWSER": browser.path])
        try tmux.setServerOption("set-clipboard", "on")
        let link = "https://cardano.stackexchange.com/questions/"
        try tmux.sendKeys(.text("o"))
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: record.path), Date() < deadline { usleep(50_000) }
        let arguments = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(arguments.count, 1, "one argument: \(arguments)")
        XCTAssertTrue(arguments.first?.hasPrefix(link) == true, "\(arguments)")
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Opening with fake-browser") }, tmux.screenDump())

        try tmux.sendKeys(.text("y"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Copied link: https://cardano.stackexchange.com/questions/") }, tmux.screenDump())
        let copied = Date().addingTimeInterval(5)
        var buffer = ""
        while !buffer.hasPrefix(link), Date() < copied { buffer = (try? tmux.showBuffer()) ?? ""; usleep(50_000) }
        XCTAssertEqual(buffer, String(arguments.first ?? ""), "the clipboard holds the same link")
    }

    func testNoBrowserGivesAClearMessage() throws {
        let tmux = try launchListing(environment: ["BROWSER": "/nonexistent/browser", "PATH": "/nonexistent"])
        try tmux.sendKeys(.text("o"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("No browser found") }, tmux.screenDump())
        try tmux.sendKeys(.text("j"))
        XCTAssertTrue(tmux.isAlive, "the program keeps running")
    }

    func testCommentsToggleInAQuestion() throws {
        let tmux = try launchListing(["--sort", "votes"])
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.contains { $0.contains("views · asked") } && $0.last?.contains("comments") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("c"))
        XCTAssertTrue(tmux.waitUntil { $0.contains { $0.contains("Comments (") || $0.contains("(no comments)") } }, tmux.screenDump())
        XCTAssertEqual(try requests("/comments").count, 1)
        try tmux.sendKeys(.text("c"), .text("c"))
        XCTAssertTrue(tmux.waitUntil { $0.contains { $0.contains("Comments (") || $0.contains("(no comments)") } }, tmux.screenDump())
        XCTAssertEqual(try requests("/comments").count, 1, "comments are fetched once")
    }

    func testSitePickerSwitchesSiteAndKeepsTheListInTheStore() throws {
        let data = try temporaryFolder("stackterm-data")
        let tmux = try launchListing(environment: ["XDG_DATA_HOME": data.path])
        try tmux.sendKeys(.text("S"))
        XCTAssertTrue(tmux.waitUntil { $0.contains { $0.contains("(coffee)") } }, tmux.screenDump())
        try tmux.sendKeys(.text("coff"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("coffee · activity") && $0.last?.contains("questions") == true }, tmux.screenDump())
        XCTAssertTrue(try requests("/questions?").last?.contains("site=coffee") == true)
        try quit(tmux)

        // A second run reads the site list from the store (kept for a week): no /sites request.
        try double.clearRequestLog()
        let again = try launchListing(environment: ["XDG_DATA_HOME": data.path])
        try again.sendKeys(.text("S"))
        XCTAssertTrue(again.waitUntil { $0.contains { $0.contains("(coffee)") } }, again.screenDump())
        XCTAssertEqual(try requests("/sites").count, 0)
    }
}
