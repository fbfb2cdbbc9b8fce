import Foundation
import StackDump
import TestSupport
import TextEngine
import XCTest

/// Highlighted code in the real binary: a cardano question tagged plutus shows its Haskell in colour, and `Y`
/// puts the block on the clipboard (tmux stores OSC 52 as a paste buffer with `set-clipboard on`).
final class HighlightEndToEndTests: StacktermTestCase {
    /// Question 1955 of the cardano dump (tags plutus, haskell), the only one whose text says "apostrophes";
    /// its body opens with a short code block. Returns that block's text as the renderer decodes it.
    private func firstBlockOfQuestion1955() throws -> String {
        let folder = try XCTUnwrap(SharedData.path("dumps/cardano"))
        var body: String?
        try DumpReader.forEachPost(in: folder.appendingPathComponent("Posts.xml")) { post in
            if post.id == 1955 { body = post.body }
        }
        return try XCTUnwrap(HTMLRenderer.render(html: XCTUnwrap(body), width: 98).codeBlocks.first)
    }

    /// The SGR parameters in force where `word` starts on the row holding `line`, from `capture-pane -e`.
    private func sgrBefore(_ word: String, onRowWith line: String, _ tmux: TmuxSession) throws -> Set<String>? {
        let text = try tmux.captureWithEscapes()
        let escape = try NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m")
        for row in text.split(separator: "\n").map(String.init) {
            let plain = escape.stringByReplacingMatches(in: row, range: NSRange(row.startIndex..., in: row), withTemplate: "")
            guard plain.contains(line), let wordRange = row.range(of: word) else { continue }
            var parameters: Set<String> = []
            for match in escape.matches(in: row, range: NSRange(row.startIndex..<wordRange.lowerBound, in: row)) {
                let values = Range(match.range(at: 1), in: row).map { row[$0].split(separator: ";").map(String.init) } ?? []
                if values.isEmpty || values == ["0"] { parameters.removeAll() } else { parameters.formUnion(values) }
            }
            return parameters
        }
        return nil
    }

    func testHaskellIsColouredAndYCopiesTheBlock() throws {
        let block = try firstBlockOfQuestion1955()
        let firstLine = String(block.split(separator: "\n")[0])
        let keyword = String(firstLine.split(separator: " ")[0])
        let tmux = try launch(environment: ["NO_COLOR": ""]) // colours on, whatever the test runner's environment says
        waitForList(tmux)
        try tmux.setServerOption("set-clipboard", "on")
        try tmux.sendKeys(.text("/"), .text("apostrophes"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("apostrophes") && $0.last?.contains("1 question") == true }, tmux.screenDump())
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: firstLine, timeout: 10), tmux.screenDump())

        var sgr: Set<String>?
        let coloured = tmux.waitUntil(timeout: 10) { _ in
            sgr = try? self.sgrBefore(keyword, onRowWith: firstLine, tmux)
            return sgr?.contains("34") == true
        }
        XCTAssertTrue(coloured, "\(keyword) is drawn in the keyword colour (blue, SGR 34): \(sgr ?? [])\n"
                      + ((try? tmux.captureWithEscapes())?.debugDescription ?? ""))
        XCTAssertTrue(sgr?.contains("1") == true, "and bold: \(sgr ?? [])")

        try tmux.sendKeys(.text("Y"))
        let lines = block.split(separator: "\n").count
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("Copied code block (\(lines) lines)") == true }, tmux.screenDump())
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { _ in (try? tmux.showBuffer()) == block },
                      "clipboard: \((try? tmux.showBuffer()).debugDescription), expected \(block.debugDescription)")
        try quit(tmux)
    }
}
