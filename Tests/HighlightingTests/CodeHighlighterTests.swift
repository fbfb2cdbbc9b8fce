import Dispatch
import Foundation
import NIOConcurrencyHelpers
import Highlighting
import TerminalUI
import TextEngine
import XCTest

/// Tokens → styled lines, the cache, and calls from many threads at once.
final class CodeHighlighterTests: XCTestCase {
    private static let python = "import sys\n\ndef main(argv):\n    \"\"\"Entry.\"\"\"\n    return len(argv) > 1  # any?\n"

    private func styledLines(_ styling: CodeStyling, file: StaticString = #filePath, line: UInt = #line) -> [StyledLine] {
        guard case .styled(let lines) = styling else {
            XCTFail("expected styled lines, got \(styling)", file: file, line: line)
            return []
        }
        return lines
    }

    func testAKnownSnippetHasKeywordSpansAndKeepsItsText() throws {
        _ = try SourceHighlightTests.installed()
        let lines = styledLines(CodeHighlighter().styling(Self.python, language: "python"))
        XCTAssertEqual(lines.map(\.text), ["import sys", "", "def main(argv):", "    \"\"\"Entry.\"\"\"", "    return len(argv) > 1  # any?"])
        let keywords = lines.flatMap(\.spans).filter { $0.style == TokenClass.keyword.style }.map(\.text)
        XCTAssertEqual(keywords, ["def", "return"])
        XCTAssertEqual(lines[0].spans.first, StyledSpan("import", style: TokenClass.preprocessor.style), "python.lang calls import preproc")
        XCTAssertTrue(lines[4].spans.contains { $0.text.hasPrefix("# any?") && $0.style.color == .codeComment }, "\(lines[4].spans)")
        XCTAssertTrue(lines[0].spans.contains { $0.text == " sys" && $0.style == TokenClass.plainStyle }, "\(lines[0].spans)")
    }

    func testTheClassAndTagsChooseTheLanguage() throws {
        _ = try SourceHighlightTests.installed()
        let highlighter = CodeHighlighter()
        let snippet = "main = do\n  print 1\n"
        XCTAssertEqual(highlighter.styling(code: snippet, classes: "", tags: ["wallet"], cachedOnly: false), .plain)
        let lines = styledLines(highlighter.styling(code: snippet, classes: "", tags: ["plutus"], cachedOnly: false))
        XCTAssertTrue(lines[0].spans.contains { $0.text == "do" && $0.style == TokenClass.keyword.style }, "\(lines[0].spans)")
    }

    func testAnUnknownLanguageIsPlain() throws {
        _ = try SourceHighlightTests.installed()
        XCTAssertEqual(CodeHighlighter().styling("let x = 1", language: "swift"), .plain, "source-highlight 3.1.9 has no Swift definition")
        XCTAssertEqual(CodeHighlighter().styling(code: "x", classes: "lang-klingon", tags: [], cachedOnly: false), .plain)
        let noLibrary = CodeHighlighter(library: SourceHighlight(dataDirectory: nil))
        XCTAssertEqual(noLibrary.styling(Self.python, language: "python"), .plain)
        XCTAssertEqual(noLibrary.styling(Self.python, language: "python", cachedOnly: true), .plain, "nothing will ever be ready")
    }

    func testTheSecondLookupIsACacheHitAndCachedOnlyNeverHighlights() throws {
        _ = try SourceHighlightTests.installed()
        let highlighter = CodeHighlighter()
        XCTAssertEqual(highlighter.styling(Self.python, language: "python", cachedOnly: true), .notReady)
        XCTAssertEqual(highlighter.cacheCounts.misses, 1)
        XCTAssertEqual(highlighter.styling(Self.python, language: "python", cachedOnly: true), .notReady, "cachedOnly did no work")
        let first = highlighter.styling(Self.python, language: "python")
        XCTAssertEqual(highlighter.cacheCounts.hits, 0)
        XCTAssertEqual(highlighter.styling(Self.python, language: "python", cachedOnly: true), first)
        XCTAssertEqual(highlighter.styling(Self.python, language: "python"), first)
        XCTAssertEqual(highlighter.cacheCounts.hits, 2)
        XCTAssertNotEqual(highlighter.styling(Self.python, language: "ruby"), highlighter.styling(Self.python, language: "sh"),
                          "the language is part of the key")
    }

    func testTheCacheForgetsTheOldestBlocksPastItsBudget() throws {
        _ = try SourceHighlightTests.installed()
        let blocks = (0..<3).map { "x = \($0)  # \(String(repeating: "y", count: 8))" } // the same length each
        let highlighter = CodeHighlighter(cacheBytes: 2 * blocks[0].utf8.count)
        for block in blocks { _ = highlighter.styling(block, language: "python") }
        XCTAssertNotEqual(highlighter.styling(blocks[2], language: "python", cachedOnly: true), .notReady, "the newest is kept")
        XCTAssertNotEqual(highlighter.styling(blocks[1], language: "python", cachedOnly: true), .notReady, "two fit")
        XCTAssertEqual(highlighter.styling(blocks[0], language: "python", cachedOnly: true), .notReady, "the oldest went")
    }

    func testConcurrentCallsGiveTheSameLinesAsOneThread() throws {
        _ = try SourceHighlightTests.installed()
        let snippets: [(String, String)] = (0..<16).map { index in
            switch index % 4 {
            case 0: ("def f\(index)(x):\n    return x * \(index)  # c\n", "python")
            case 1: ("int f\(index)(void) { return \(index); } /* c */\n", "c")
            case 2: ("f\(index) :: Int -> Int\nf\(index) x = x + \(index) -- c\n", "haskell")
            default: ("for i in 1 2 \(index); do echo \"$i\"; done # c\n", "sh")
            }
        }
        let expected = snippets.map { CodeHighlighter().styling($0.0, language: $0.1) }
        let shared = CodeHighlighter()
        let results = ResultBox(count: snippets.count * 4)
        DispatchQueue.concurrentPerform(iterations: snippets.count * 4) { index in
            let (code, language) = snippets[index % snippets.count]
            // Half the calls share one highlighter (its cache), half make their own (the library alone).
            let highlighter = index % 2 == 0 ? shared : CodeHighlighter()
            results.set(index, highlighter.styling(code, language: language))
        }
        for index in 0..<(snippets.count * 4) {
            XCTAssertEqual(results.get(index), expected[index % snippets.count], "call \(index)")
        }
    }

    func testGraphemesAreNeverSplitBetweenSpans() throws {
        _ = try SourceHighlightTests.installed()
        let code = "s = \"e\u{301}\" + 'ü' # 中文 e\u{301}\n"
        let lines = styledLines(CodeHighlighter().styling(code, language: "python"))
        XCTAssertEqual(lines.map(\.text), ["s = \"e\u{301}\" + 'ü' # 中文 e\u{301}"])
        let characters = lines[0].spans.reduce(0) { $0 + $1.text.count }
        XCTAssertEqual(characters, lines[0].text.count, "each span boundary falls between graphemes")
    }

    func testWithoutColoursOnlyBoldKeywordsAreLeft() throws {
        _ = try SourceHighlightTests.installed()
        let lines = styledLines(CodeHighlighter().styling(Self.python, language: "python"))
        var boldText = ""
        for span in lines.flatMap(\.spans) {
            XCTAssertEqual(CursesStyle.pair(for: span.style.color, colorsEnabled: false), 0, "no colour pair under NO_COLOR: \(span)")
            let attributes = CursesStyle.attributes(for: span.style, colorsEnabled: false, colorCount: 0)
            let bold = CursesStyle.attributes(for: CellStyle(.bold), colorsEnabled: false, colorCount: 0)
            let plain = CursesStyle.attributes(for: .plain, colorsEnabled: false, colorCount: 0)
            XCTAssertTrue(attributes == plain || attributes == bold, "at most bold: \(span)")
            if attributes == bold { boldText += span.text + " " }
        }
        XCTAssertEqual(boldText, "def return ")
        XCTAssertTrue(CursesStyle.colorDisabled(by: ["NO_COLOR": "1"]))
    }
}

/// Results written from many threads, read after they all finished.
private final class ResultBox: Sendable {
    private let values: NIOLockedValueBox<[CodeStyling?]>

    init(count: Int) { values = NIOLockedValueBox(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: CodeStyling) { values.withLockedValue { $0[index] = value } }

    func get(_ index: Int) -> CodeStyling? { values.withLockedValue { $0[index] } }
}
