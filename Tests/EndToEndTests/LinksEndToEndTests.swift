import XCTest
import TestSupport

/// Issue 9 parts 5 and 9 end to end: `stackterm URL` opens the question over the list, `L` lists its links and
/// Enter follows a link to another question of the site inside stackterm; `search WORDS` starts on the results;
/// a URL that is no question is a usage error. The real binary in tmux against the double.
final class LinksEndToEndTests: StacktermTestCase {
    private let relayURL = "https://cardano.stackexchange.com/questions/530/relay-node-block-producing-node"

    func testAURLOpensTheQuestionAndItsLinkOpensInside() throws {
        let tmux = try launch([relayURL])
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("Relay Node & Block-Producing Node") && $0.last?.contains("comments") == true },
                      "the question from the command line:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitFor(text: "[1] https://cardano.stackexchange.com/questions/529/", timeout: 15), "its body:\n\(tmux.screenDump())")

        try tmux.sendKeys(.text("L"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("Links —") && $0.contains { $0.contains("[1]") && $0.contains("/questions/529/") } },
                      "the link picker lists the body's link:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("1"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("Relay Node vs Block-Producer Node") },
                      "the linked question opened inside stackterm:\n\(tmux.screenDump())")

        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("Relay Node & Block-Producing Node") }, "back to the first question:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · activity") }, "the list is underneath:\n\(tmux.screenDump())")
        try quit(tmux, key: "q")
    }

    func testAnAnswerURLOpensItsQuestion() throws {
        // Short enough that the answer's question needs scrolling to reach the answer.
        let tmux = try launch(["https://cardano.stackexchange.com/a/544"], height: 12)
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("Relay Node & Block-Producing Node") && $0.last?.contains("answer 2/2") == true },
                      "the answer's question, scrolled to the answer:\n\(tmux.screenDump())")
        XCTAssertTrue(try tmux.capture()[1].contains("Answer 2/2"), tmux.screenDump())
        try quit(tmux)
    }

    func testSearchWordsStartsOnTheResultsOverTheList() throws {
        let tmux = try launch(["search", "plutus"])
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("search “plutus”") && $0.last?.contains("questions") == true },
                      "the search results:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("cardano · activity") && !$0[0].contains("search") },
                      "q goes back to the site's list under the results:\n\(tmux.screenDump())")
        try quit(tmux, key: "q")
    }

    func testTheSearchOptionStartsOnTheResultsToo() throws {
        let tmux = try launch(["--search", "epoch nonce"])
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("search “epoch nonce”") && $0.last?.contains("question") == true },
                      "the search results:\n\(tmux.screenDump())")
        try quit(tmux)
    }

    func testATerminalBrowserGetsTheTerminalAndItsFailureIsReported() throws {
        // A fake w3m that shows it has the terminal, waits for a line typed at it, then fails.
        let browser = try FakeBrowser(name: "w3m", before: "printf 'FAKE-W3M %s\\n' \"$1\"; read answer", after: "exit 1")
        defer { browser.remove() }
        let tmux = try launch([relayURL], environment: ["BROWSER": browser.path])
        XCTAssertTrue(tmux.waitFor(text: "[1] https://cardano.stackexchange.com/questions/529/", timeout: 15), tmux.screenDump())
        try tmux.sendKeys(.text("L"))
        XCTAssertTrue(tmux.waitFor(text: "Links —"), tmux.screenDump())
        try tmux.sendKeys(.text("o"))
        XCTAssertTrue(tmux.waitFor(text: "FAKE-W3M https://cardano.stackexchange.com/questions/529/"),
                      "the browser has the terminal:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("w3m failed (exit status 1)") && $0[0].contains("Links —") },
                      "the screen is back and says why:\n\(tmux.screenDump())")
        XCTAssertFalse(try tmux.capture().contains { $0.contains("FAKE-W3M") }, "redrawn over the browser's output")
        try tmux.sendKeys(.text("Q"))
        XCTAssertTrue(tmux.waitFor(text: "TTY-RESTORED", timeout: 5), tmux.screenDump())
    }

    func testAURLThatIsNoQuestionIsAUsageError() throws {
        let tmux = try launch(["https://example.com/wiki/Cardano"])
        XCTAssertTrue(tmux.waitFor(text: "EXIT=2", timeout: 15), tmux.screenDump())
        XCTAssertTrue(tmux.screenDump().contains("not a question or answer URL"), tmux.screenDump())
    }
}
