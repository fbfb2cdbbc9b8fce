import XCTest
import TestSupport

/// The real `stackterm` binary in tmux against the local double: what a person sees and can do.
final class BrowseEndToEndTests: StacktermTestCase {
    func testBrowsePageOpenReadBackAndQuit() throws {
        let tmux = try launch(["--sort", "votes"])
        waitForList(tmux)
        let first = try tmux.capture()
        XCTAssertTrue(first[0].contains("cardano · votes"), first[0])

        // Page down until page 2 is requested (prefetch) and its rows are on screen.
        for _ in 0..<4 { try tmux.sendKeys(.key("PageDown")) }
        // Four pages of 27 rows pass row 100, so page 3 may already be in too.
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { screen in
            ["100 questions", "150 questions"].contains { screen.last?.contains($0) == true }
        }, tmux.screenDump())
        let pageTwo = try double.requestLog().filter { $0.contains("/questions?") && $0.contains("page=2&") }
        XCTAssertEqual(pageTwo.count, 1, "page 2 requested exactly once")

        // Open the top-voted question: its body and an answer show.
        try tmux.sendKeys(.key("Home"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/", timeout: 10) || tmux.waitFor(text: "No answers yet", timeout: 1), tmux.screenDump())
        let view = try tmux.capture()
        XCTAssertTrue(view[1].contains(first[2].dropFirst(11).prefix(20).trimmingCharacters(in: .whitespaces)),
                      "the opened question is the selected one:\n\(view.joined(separator: "\n"))")
        XCTAssertTrue(view.contains { $0.contains("views · asked") })
        for _ in 0..<40 where !(try tmux.capture().joined().contains("Answer 1/")) { try tmux.sendKeys(.key("PageDown")) }
        XCTAssertTrue(try tmux.capture().joined().contains("Answer 1/"), tmux.screenDump())

        // Back to the list, then quit.
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano · votes") == true }, tmux.screenDump())
        try quit(tmux, key: "q")
    }

    func testQuitWithLoadsInFlightIsInstantAndRestoresTheTerminal() throws {
        let tmux = try launch()
        waitForList(tmux)
        try double.setFaults("delay_ms=30000")
        try tmux.sendKeys(.text("G"), .key("Enter"))  // prefetch page 2, then open a question: three loads hang
        let deadline = Date().addingTimeInterval(5)
        while try double.requestLog().count < 4, Date() < deadline { usleep(20_000) }
        try quit(tmux, within: 3, "quit must not wait for the 30 s server")
    }

    func testTitlesWithEscapeSequencesCannotChangeThePaneTitle() throws {
        try double.setFaults("escape_titles=1")
        let tmux = try launch()
        let before = try tmux.paneTitle()
        waitForList(tmux)
        XCTAssertEqual(try tmux.paneTitle(), before, "a title changed the pane title")
        XCTAssertFalse(try tmux.paneTitle().contains("PWNED"))
        let screen = try tmux.capture()
        XCTAssertTrue(screen[0].contains("cardano"), "the screen was not cleared by a title:\n\(screen.joined(separator: "\n"))")
        XCTAssertGreaterThan(screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count, 20)
    }

    func testResizeReflowsAndATinyTerminalShowsANotice() throws {
        let tmux = try launch()
        waitForList(tmux)
        try tmux.sendKeys(.text("j"), .text("j"), .text("j"))
        try tmux.resize(width: 40, height: 10)
        XCTAssertTrue(tmux.waitUntil { $0.count == 10 && $0[0].count <= 40 && $0.last?.contains("help") == true }, tmux.screenDump())
        try tmux.resize(width: 20, height: 5)
        XCTAssertTrue(tmux.waitFor(text: "Terminal too small", timeout: 5), tmux.screenDump())
        try tmux.resize(width: 100, height: 30)
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano · activity") == true }, tmux.screenDump())
        try quit(tmux)
    }

    func testOfflineServerShowsAnErrorAndKeepsRunning() throws {
        let tmux = try launch(baseURL: "http://127.0.0.1:9/2.3")
        XCTAssertTrue(tmux.waitFor(text: "Offline", timeout: 15), tmux.screenDump())
        XCTAssertTrue(try tmux.capture().joined().contains("press r"), tmux.screenDump())
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitFor(text: "Offline", timeout: 15), tmux.screenDump())
        try quit(tmux, key: "q")
    }

    func testHTTPErrorsAndMalformedJSONAreExplained() throws {
        let tmux = try launch()
        waitForList(tmux)
        try double.setFaults("status=500")
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitFor(text: "HTTP 500", timeout: 10), tmux.screenDump())
        try double.setFaults("malformed=1")
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitFor(text: "Unexpected response", timeout: 10), tmux.screenDump())
        try double.setFaults("throttle=42")
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitFor(text: "42", timeout: 10), tmux.screenDump())
        try double.clearFaults()
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.last?.contains("questions") == true }, tmux.screenDump())
    }

    func testNotATerminalGivesAClearMessage() throws {
        let run = try StacktermRun.run(["--site", "cardano"], timeout: 60)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("needs a terminal"), run.errors)
    }
}
