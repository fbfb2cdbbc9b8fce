import Foundation
import TestSupport
import XCTest

/// Issue 9's moves inside a thread in the real binary: `]`/`[` from answer to answer with the position on the
/// status line, Ctrl-D half a page, and `/` finding in the thread with highlighted matches, `n` and Esc.
final class ThreadMovesEndToEndTests: StacktermTestCase {
    func testAnswerJumpsHalfPagesAndFind() throws {
        // Sorted by votes, the first cardano question ("How Cardano is different from Ethereum") has two answers.
        let tmux = try launch(["--sort", "votes"])
        waitForList(tmux)
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("question · Top") == true }, tmux.screenDump())

        try tmux.sendKeys(.text("]"))
        XCTAssertTrue(tmux.waitUntil { $0[1].contains("── Answer 1/2") && $0.last?.contains("answer 1/2 · ") == true },
                      "] puts the first answer at the top:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("]"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("answer 2/2 · ") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("["))
        XCTAssertTrue(tmux.waitUntil { $0[1].contains("── Answer 1/2") && $0.last?.contains("answer 1/2 · ") == true },
                      "[ goes back to the first answer:\n\(tmux.screenDump())")

        // Ctrl-D: half of the 28 content rows, so row 15 comes up to row 1.
        try tmux.sendKeys(.text("g"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("question · Top") == true }, tmux.screenDump())
        let before = try tmux.capture()
        try tmux.sendKeys(.key("C-d"))
        XCTAssertTrue(tmux.waitUntil { $0[1] == before[15] && $0[14] == before[28] }, "Ctrl-D scrolls half a page:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("C-u"))
        XCTAssertTrue(tmux.waitUntil { Array($0.dropLast()) == Array(before.dropLast()) }, tmux.screenDump())

        try tmux.sendKeys(.text("/"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.hasPrefix("Find:") == true }, "/ in a question opens the find prompt:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("cardano"), .key("Enter"))
        var total = 0
        XCTAssertTrue(tmux.waitUntil { screen in
            guard let status = screen.last, let range = status.range(of: #"1/(\d+) matches"#, options: .regularExpression) else { return false }
            total = Int(status[range].dropFirst(2).prefix { $0.isNumber }) ?? 0
            return true
        }, tmux.screenDump())
        XCTAssertGreaterThan(total, 2, "the thread says Cardano more than twice")
        // The title on the first row of the thread is the current match: reverse video (SGR 7).
        let escaped = try tmux.captureWithEscapes().split(separator: "\n").map(String.init)
        XCTAssertTrue(escaped.count > 1 && sgrParameters(escaped[1]).contains("7"), "the match is highlighted: \(escaped.prefix(3))")
        try tmux.sendKeys(.text("n"))
        XCTAssertTrue(tmux.waitFor(text: "2/\(total) matches", timeout: 5), tmux.screenDump())
        try tmux.sendKeys(.text("N"), .text("N"))
        XCTAssertTrue(tmux.waitFor(text: "\(total)/\(total) matches · search wrapped", timeout: 5), tmux.screenDump())

        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitFor(text: "Find cleared", timeout: 5), tmux.screenDump())
        try tmux.sendKeys(.text("/"), .text("zzqx"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "not found: zzqx", timeout: 5), tmux.screenDump())

        // Back on the list, / searches again.
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · votes") }, tmux.screenDump())
        try tmux.sendKeys(.text("/"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.hasPrefix("Search:") == true }, tmux.screenDump())
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.hasPrefix("Search:") == false }, "Esc closes the prompt:\n\(tmux.screenDump())")
        try quit(tmux)
    }

    /// Every SGR parameter set on `row` (as `capture-pane -e` writes them).
    private func sgrParameters(_ row: String) -> Set<String> {
        var parameters: Set<String> = []
        for piece in row.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let end = piece.firstIndex(of: "m") else { continue }
            parameters.formUnion(piece[..<end].split(separator: ";").map(String.init))
        }
        return parameters
    }
}
