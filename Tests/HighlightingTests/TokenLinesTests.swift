@testable import Highlighting
import TextEngine
import XCTest

/// Tokens → styled lines: the byte-cut spans equal a walk grapheme by grapheme, on real blocks and on text whose
/// token edges sit next to combining marks, emoji and CR LF.
final class TokenLinesTests: XCTestCase {
    /// The lines a grapheme walk gives: `code` split by Character, each line through `TokenLines.graphemeLine`.
    private static func graphemeLines(of code: String, tokens: [SourceHighlight.Token]) -> [StyledLine] {
        var codeLines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if code.hasSuffix("\n") { codeLines.removeLast() }
        return codeLines.enumerated().map { number, line in
            TokenLines.graphemeLine(line, tokens: ArraySlice(tokens.filter { $0.line == number }))
        }
    }

    func testEveryDumpCodeBlockGetsTheLinesOfAGraphemeWalk() throws {
        let library = try SourceHighlightTests.installed()
        let blocks = try MemoizedRulesTests.dumpBlocks()
        guard !blocks.isEmpty else { throw XCTSkip("SKIPPED: no dump with code blocks under the shared data") }
        var styledLines = 0
        for block in blocks {
            for language in Set(["python", "sh"] + (block.language.map { [$0] } ?? [])) {
                guard case .tokens(let tokens) = library.highlight(block.code, language: language) else { continue }
                let lines = TokenLines.lines(of: block.code, tokens: tokens)
                styledLines += lines.count
                guard lines == Self.graphemeLines(of: block.code, tokens: tokens) else {
                    return XCTFail("\(block.site) post \(block.postID), \(language): the lines differ from a grapheme walk")
                }
            }
        }
        XCTAssertGreaterThan(styledLines, 10_000)
    }

    func testTokenEdgesNextToCombiningMarksEmojiAndCRLFKeepGraphemesWhole() throws {
        let library = try SourceHighlightTests.installed()
        let samples = [
            "if x: e\u{301}if 'é'\u{301} # c\u{301}\n", "x = \"👍🏽\"if 1 else 2 # 🇫🇷\n", "a = 1\r\nif b:\r\n  pass\r\n",
            "print('x')\r\n", "\n\n", "", "\n", "x\n\ny", "s = 'a'\u{300}\u{300} + 1", "def f():\r\n\treturn 'ü'\n",
            "# \u{600}1 + 2\n", "x = 1 # end\r",
        ]
        for code in samples {
            for language in ["python", "sh"] {
                guard case .tokens(let tokens) = library.highlight(code, language: language) else { return XCTFail(code) }
                let lines = TokenLines.lines(of: code, tokens: tokens)
                XCTAssertEqual(lines, Self.graphemeLines(of: code, tokens: tokens), "\(language): \(code.debugDescription)")
                XCTAssertEqual(lines.map(\.text), Self.graphemeLines(of: code, tokens: []).map(\.text))
            }
        }
    }
}
