import XCTest
import TestSupport

/// Issue 9's view stack end to end: back keys pop instead of quitting, `r` and Esc keep the list on screen,
/// and an opened question shows its body before its answers — the real binary in tmux against the double.
final class ViewStackEndToEndTests: StacktermTestCase {
    /// The title of the row the cursor is on, read by opening it (tmux's text capture shows no reverse video).
    private func selectedTitle(_ tmux: TmuxSession) throws -> String {
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("comments") == true }, tmux.screenDump())
        let title = try tmux.capture()[0].trimmingCharacters(in: .whitespaces)
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("questions") == true }, tmux.screenDump())
        return String(title.prefix(30))
    }

    func testBackKeysOnSearchResultsReturnToTheListAsItWas() throws {
        let tmux = try launch()
        waitForList(tmux)
        try tmux.sendKeys(.text("j"), .text("j"), .text("j"))
        let listScreen = try tmux.capture()
        let selected = try selectedTitle(tmux)

        for back in [TmuxInput.text("q"), .text("h"), .key("Left"), .key("Escape")] {
            try tmux.sendKeys(.text("/"), .text("plutus"), .key("Enter"))
            XCTAssertTrue(tmux.waitUntil { $0[0].contains("search “plutus”") && $0.last?.contains("50 questions") == true }, tmux.screenDump())
            try tmux.sendKeys(back)
            XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · activity") && !$0[0].contains("search") }, "\(back):\n\(tmux.screenDump())")
            XCTAssertFalse(tmux.waitFor(text: "EXIT=", timeout: 0.3), "\(back) on search results quit:\n\(tmux.screenDump())")
            XCTAssertEqual(Array(try tmux.capture().dropLast()), Array(listScreen.dropLast()), "\(back): the list comes back as it was")
            XCTAssertTrue(try selectedTitle(tmux).hasPrefix(selected), "\(back): the cursor is where it was")
        }

        // On the first screen Left does nothing and says so; q quits.
        try tmux.sendKeys(.key("Left"))
        XCTAssertTrue(tmux.waitFor(text: "Already on the first screen — q quits", timeout: 5), tmux.screenDump())
        XCTAssertFalse(tmux.waitFor(text: "EXIT=", timeout: 0.3), tmux.screenDump())
        try quit(tmux, key: "q")
    }

    func testReloadKeepsTheListOnScreenAndEscCancelsItKeepingTheList() throws {
        let tmux = try launch()
        waitForList(tmux)
        try tmux.sendKeys(.text("j"), .text("j"))
        let listScreen = try tmux.capture()
        try double.setFaults("delay_ms=3000&count=1")
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitFor(text: "reloading…", timeout: 3), tmux.screenDump())
        XCTAssertEqual(Array(try tmux.capture().dropLast()), Array(listScreen.dropLast()), "r keeps the rows while it loads")
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.last?.contains("reloading") == false }, tmux.screenDump())
        XCTAssertEqual(try tmux.capture()[2], listScreen[2], "the reloaded page (the same questions) replaced the rows")

        try double.setFaults("delay_ms=30000&count=1")
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitFor(text: "reloading…", timeout: 3), tmux.screenDump())
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitFor(text: "Load cancelled", timeout: 3), tmux.screenDump())
        XCTAssertEqual(Array(try tmux.capture().dropLast()), Array(listScreen.dropLast()), "Esc during the reload keeps the list")
        try quit(tmux)
    }

    func testTheBodyShowsWhileTheAnswersLoad() throws {
        let tmux = try launch()
        waitForList(tmux)
        try double.setFaults("delay_ms=3000&count=1") // the answers (the body came with the list page)
        try tmux.sendKeys(.key("Enter"))
        let filled = { (screen: [String]) in screen.dropFirst().dropLast().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count }
        // The question's header line ("▲ 1 · 37 views · asked …") tells the question view from the list, which is
        // also full of text before Enter is handled.
        let isQuestion = { (screen: [String]) in screen.contains { $0.contains(" views · asked ") } }
        XCTAssertTrue(tmux.waitUntil(timeout: 2) { isQuestion($0) && filled($0) >= 6 },
                      "the body shows before the answers:\n\(tmux.screenDump())")
        let early = try tmux.capture()
        XCTAssertFalse(early.contains { $0.contains("Answer 1/") }, "the answers are still loading:\n\(early.joined(separator: "\n"))")
        XCTAssertTrue(early.contains { $0.contains("Loading answers…") } || filled(early) >= 26, early.joined(separator: "\n"))
        Thread.sleep(forTimeInterval: 3.5)
        let late = try tmux.capture()
        XCTAssertFalse(late.contains { $0.contains("Loading answers…") }, late.joined(separator: "\n"))
        let bodyRows = early.firstIndex { $0.contains("Loading answers…") } ?? early.count - 1
        XCTAssertEqual(Array(late[..<bodyRows]), Array(early[..<bodyRows]), "the answers arrive below the body, which stays put")
        try quit(tmux)
    }

    func testResizeInAQuestionKeepsTheSameTextAtTheTop() throws {
        let tmux = try launch(["--sort", "votes"], height: 14)
        waitForList(tmux)
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("comments") == true && !$0.joined().contains("Loading answers") }, tmux.screenDump())
        // Well down into the text (not at its end), until a line of words is on top.
        for _ in 0..<40 { try tmux.sendKeys(.text("j")) }
        // A key bound to nothing says so once every key before it was taken: only then is the scroll final (a screen
        // still for a moment is not enough under ThreadSanitizer). The marker alternates, so each one's message is
        // new; it hides the position ("Bottom") from then on.
        var markers = 0
        func screenAfter(_ keys: String) throws -> [String] {
            markers += 1
            let marker = markers % 2 == 0 ? "z" : "x"
            try tmux.sendKeys(.text(keys + marker))
            return try XCTUnwrap(tmux.settledScreen { ($0.last ?? "").contains("\(marker) is not bound") },
                                 "the scroll never settled:\n\(tmux.screenDump())")
        }
        var top: [Substring] = []
        var screen = try screenAfter("")
        for _ in 0..<30 {
            let words = screen[1].split(separator: " ")
            // Not at the bottom: one line further down is still text (then back up to this line).
            if words.count >= 6, words.prefix(3).allSatisfy({ $0.allSatisfy(\.isLetter) }),
               try screenAfter("j")[1] != screen[1], try screenAfter("k")[1] == screen[1] {
                top = Array(words.prefix(3))
                break
            }
            screen = try screenAfter("j")
        }
        XCTAssertFalse(top.isEmpty, "no line of words reached the top:\n\(tmux.screenDump())")
        let phrase = top.joined(separator: " ")
        try tmux.resize(width: 50, height: 14)
        XCTAssertTrue(tmux.waitUntil { $0.count == 14 && $0[0].count <= 50 && $0[1...3].flatMap { $0.split(separator: " ") }.joined(separator: " ").contains(phrase) },
                      "after the resize “\(phrase)” is still at the top:\n\(tmux.screenDump())")
        try tmux.resize(width: 100, height: 14)
        XCTAssertTrue(tmux.waitUntil { $0[1].contains(phrase) }, "back at 100 columns the same line is on top:\n\(tmux.screenDump())")
        try quit(tmux)
    }
}
