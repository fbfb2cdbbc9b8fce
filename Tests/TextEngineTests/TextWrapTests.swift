import XCTest
@testable import TextEngine

final class TextWrapTests: XCTestCase {
    private func texts(_ lines: [StyledLine]) -> [String] { lines.map(\.text) }

    func testWrapsAtSpacesAndDropsThemAtBreaks() {
        XCTAssertEqual(texts(TextWrap.wrap("the quick brown fox", width: 10)), ["the quick", "brown fox"])
        XCTAssertEqual(texts(TextWrap.wrap("  lead", width: 10)), ["lead"])
        XCTAssertEqual(texts(TextWrap.wrap("", width: 10)), [""])
    }

    func testBreaksLongWordsBetweenGraphemes() {
        XCTAssertEqual(texts(TextWrap.wrap("see https://example.com/abc", width: 8)), ["see", "https://", "example.", "com/abc"])
        XCTAssertEqual(texts(TextWrap.wrap("cafe\u{301}cafe\u{301}", width: 3)), ["caf", "e\u{301}ca", "fe\u{301}"])
    }

    func testCJKWrapsBetweenCharacters() {
        XCTAssertEqual(texts(TextWrap.wrap("中文字符测试", width: 5)), ["中文", "字符", "测试"])
        XCTAssertEqual(texts(TextWrap.wrap("ab中文", width: 5)), ["ab中", "文"])
    }

    func testACarriageReturnEndsNoWord() {
        XCTAssertEqual(texts(TextWrap.wrap("xx ab\rcd", width: 4)), ["xx", "abcd"], "the CR is dropped, the word stays whole")
        XCTAssertEqual(texts(TextWrap.wrap("xx ab\r\ncd", width: 9)), ["xx ab", "cd"])
    }

    func testHardBreaksKeepEmptyLines() {
        XCTAssertEqual(texts(TextWrap.wrap("one\n\ntwo", width: 10)), ["one", "", "two"])
    }

    func testStylesSurviveWrapping() {
        let spans = [StyledSpan("plain ", style: .plain), StyledSpan("bold words here", style: CellStyle(.bold))]
        let lines = TextWrap.wrap(spans, width: 11)
        XCTAssertEqual(texts(lines), ["plain bold", "words here"])
        XCTAssertEqual(lines[0].spans, [StyledSpan("plain ", style: .plain), StyledSpan("bold", style: CellStyle(.bold))])
        XCTAssertEqual(lines[1].spans, [StyledSpan("words here", style: CellStyle(.bold))])
    }

    func testGraphemesWiderThanTheWidth() {
        XCTAssertEqual(texts(TextWrap.wrap("👍🏽", width: 3)), ["👍", "🏽"], "split into its terminal cells")
        XCTAssertEqual(texts(TextWrap.wrap("a中", width: 1)), ["a", "…"], "a cell wider than the whole width")
    }

    func testNoLineExceedsTheWidth() {
        let pieces = ["word", " ", "中", "😀", "e\u{301}", "👍🏽", "https://x.org/a/b", "\n", "ש", "  "]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for width in 1...12 {
                let lines = TextWrap.wrap(text, width: width)
                for line in lines {
                    XCTAssertLessThanOrEqual(line.width, width, "\(text) @\(width)")
                    XCTAssertEqual(line.width, TextWidth.of(line.text))
                }
                let squeeze = { (s: String) in s.filter { !$0.isWhitespace } }
                if width >= 4 { XCTAssertEqual(squeeze(lines.map(\.text).joined()), squeeze(text), "text kept: \(text) @\(width)") }
            }
        }
    }

    func testHardBreak() {
        XCTAssertEqual(TextWrap.hardBreak("abcdefg", width: 3), ["abc", "def", "g"])
        XCTAssertEqual(TextWrap.hardBreak("", width: 3), [""])
        XCTAssertEqual(TextWrap.hardBreak("a中文", width: 2), ["a", "中", "文"])
        XCTAssertEqual(TextWrap.hardBreak("  x  ", width: 10), ["  x  "], "spaces are kept")
    }

    func testStyledLineTruncation() {
        var line = StyledLine("abc", style: CellStyle(.bold))
        line.append("中文", style: .plain)
        XCTAssertEqual(line.width, 7)
        XCTAssertEqual(line.truncated(to: 7), line)
        XCTAssertEqual(line.truncated(to: 5).text, "abc…")
        XCTAssertEqual(line.truncated(to: 6).text, "abc中…")
        XCTAssertEqual(line.truncated(to: 3).text, "ab…")
        XCTAssertEqual(line.truncated(to: 0).text, "")
    }
}
