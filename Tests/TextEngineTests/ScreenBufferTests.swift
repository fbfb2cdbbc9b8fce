import XCTest
@testable import TextEngine

final class ScreenBufferTests: XCTestCase {
    func testWriteASCIIAndReadLines() {
        var buffer = ScreenBuffer(width: 6, height: 2)
        XCTAssertEqual(buffer.write("hi", x: 1, y: 0), 2)
        buffer.write("toolongtext", x: 0, y: 1)
        XCTAssertEqual(buffer.lines, [" hi   ", "toolon"])
    }

    func testWideCharacterTakesTwoCells() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        XCTAssertEqual(buffer.write("中a", x: 0, y: 0), 3)
        XCTAssertEqual(buffer[0, 0].text, "中")
        XCTAssertEqual(buffer[1, 0].text, "", "the right half is an empty continuation cell")
        XCTAssertEqual(buffer.lines, ["中a   "])
    }

    func testWideCharacterAtRightEdgeBecomesBlank() {
        var buffer = ScreenBuffer(width: 5, height: 2)
        XCTAssertEqual(buffer.write("abcd中", x: 0, y: 0), 5)
        XCTAssertEqual(buffer.lines[0], "abcd ")
        buffer.write("中中中", x: 0, y: 1, maxWidth: 3)
        XCTAssertEqual(buffer.lines[1], "中   ")
    }

    func testOverwritingRightHalfBlanksLeftHalf() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.write("中", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        XCTAssertEqual(buffer.lines, [" x  "])
    }

    func testOverwritingLeftHalfBlanksRightHalf() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.write("中", x: 1, y: 0)
        buffer.write("y", x: 1, y: 0)
        XCTAssertEqual(buffer.lines, [" y  "])
        XCTAssertEqual(buffer[2, 0].text, " ")
    }

    func testWideOverTwoWidesBlanksBothOuterHalves() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.write("中中", x: 0, y: 0)
        buffer.write("文", x: 1, y: 0)
        XCTAssertEqual(buffer.lines, [" 文  "])
        XCTAssertEqual(buffer.cells.map(\.text), [" ", "文", "", " ", " "])
    }

    func testLeftEdgeClipsAStraddlingWideCharacter() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.write("中ab", x: -1, y: 0)
        XCTAssertEqual(buffer.lines, [" ab "])
    }

    func testCombiningMarkStaysWithItsCell() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        XCTAssertEqual(buffer.write("e\u{301}x", x: 0, y: 0), 2)
        XCTAssertEqual(buffer[0, 0].text, "e\u{301}")
        XCTAssertEqual(buffer.lines, ["e\u{301}x  "])
    }

    func testGraphemeWiderThanTwoIsSplitIntoTerminalCells() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        XCTAssertEqual(buffer.write("👍🏽", x: 0, y: 0), 4)
        XCTAssertEqual(buffer.cells.map(\.text), ["👍", "", "🏽", "", " ", " "])
        buffer.write("👨‍👩‍👧", x: 4, y: 0)
        XCTAssertEqual(buffer[4, 0].text, "👨‍👩‍👧", "a ZWJ sequence stays in one cell")
    }

    func testControlCharactersNeverReachCells() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.write("a\u{7}b\tc", x: 0, y: 0)
        XCTAssertEqual(buffer.lines, ["ab c"])
    }

    func testWriteStyledLineKeepsStylesAndClips() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        var line = StyledLine("ab", style: CellStyle(.bold))
        line.append("中文", style: CellStyle(color: .code))
        XCTAssertEqual(buffer.write(line: line, x: 0, y: 0, maxWidth: 5), 5)
        XCTAssertEqual(buffer.lines, ["ab中  "])
        XCTAssertEqual(buffer[0, 0].style, CellStyle(.bold))
        XCTAssertEqual(buffer[2, 0].style.color, .code)
        XCTAssertEqual(buffer[4, 0].style.color, .code, "the blank left for a cut wide character keeps the style")
    }

    func testOutOfRangeWritesAreIgnored() {
        var buffer = ScreenBuffer(width: 3, height: 1)
        XCTAssertEqual(buffer.write("x", x: 0, y: 5), 0)
        XCTAssertEqual(buffer.write("x", x: 9, y: 0), 0)
        XCTAssertEqual(ScreenBuffer(width: -2, height: -1).lines, [])
        XCTAssertEqual(buffer.lines, ["   "])
    }

    func testTextOfLoneScalarsIsDrawnAsTheGraphemePathDrawsIt() {
        // Each piece a grapheme of its own: ASCII, a tab, controls (C0, C1), Greek, math, box drawing, wide CJK and
        // emoji, zero-width ones (function application, soft hyphen), a fullwidth sign.
        let pieces = ["a", " ", "\t", "\u{7}", "\u{85}", "α", "ℝ", "─", "⎛", "日", "😀", "\u{2061}", "\u{AD}", "￥", "𝔽"]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            let x = next(8) - 3
            let maxWidth = next(3) == 0 ? nil : next(10)
            // "e" and a combining acute make the first write take the grapheme path; the second draws `text` alone,
            // then the rest where it stopped.
            var graphemes = ScreenBuffer(width: 10, height: 1)
            let graphemeColumns = graphemes.write(text + "e\u{301}", x: x, y: 0, maxWidth: maxWidth)
            var scalars = ScreenBuffer(width: 10, height: 1)
            let used = scalars.write(text, x: x, y: 0, maxWidth: maxWidth)
            let scalarColumns = used + scalars.write("e\u{301}", x: x + used, y: 0, maxWidth: maxWidth.map { $0 - used })
            XCTAssertEqual(scalars, graphemes, "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(x), \(String(describing: maxWidth))")
            XCTAssertEqual(scalarColumns, graphemeColumns)
        }
    }
}
