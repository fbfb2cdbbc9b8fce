import AppCore
import Rendering
import TextEngine
import XCTest

/// The prompt's visible window: the cursor always on screen, wide graphemes never split, markers where cut.
final class LineEditorViewTests: XCTestCase {
    private func editor(_ text: String, cursor: Int) -> LineEditor {
        var editor = LineEditor(text: text)
        _ = editor.handle(.home)
        for _ in 0..<cursor { _ = editor.handle(.right) }
        return editor
    }

    private func visible(_ text: String, cursor: Int, width: Int) -> (text: String, cursorColumn: Int) {
        LineEditorView.visible(editor(text, cursor: cursor), width: width)
    }

    func testShortTextIsShownWhole() {
        let shown = visible("swift", cursor: 5, width: 10)
        XCTAssertEqual(shown.text, "swift")
        XCTAssertEqual(shown.cursorColumn, 5)
        XCTAssertEqual(visible("中文", cursor: 1, width: 10).cursorColumn, 2)
        XCTAssertEqual(visible("", cursor: 0, width: 1).text, "")
    }

    func testTextFillingTheFieldNeedsACellForTheCursorAtTheEnd() {
        XCTAssertEqual(visible("abcd", cursor: 2, width: 4).text, "abcd")
        let atEnd = visible("abcd", cursor: 4, width: 4)
        XCTAssertEqual(atEnd.text, "‹cd")
        XCTAssertEqual(atEnd.cursorColumn, 3)
    }

    func testTypingAtTheEndScrollsLeftWithAMarker() {
        let shown = visible("hello world", cursor: 11, width: 8)
        XCTAssertEqual(shown.text, "‹ world")
        XCTAssertEqual(shown.cursorColumn, 7)
    }

    func testCursorNearTheStartShowsTheStartAndMarksTheRightCut() {
        let shown = visible("hello world", cursor: 2, width: 8)
        XCTAssertEqual(shown.text, "hello w…")
        XCTAssertEqual(shown.cursorColumn, 2)
    }

    func testCursorInTheMiddleIsTheLastGraphemeShownBetweenMarkers() {
        let shown = visible("abcdefghijkl", cursor: 8, width: 6)
        XCTAssertEqual(shown.text, "‹fghi…")
        XCTAssertEqual(shown.cursorColumn, 4, "on the i")
    }

    func testAWideGraphemeThatDoesNotFitBeforeTheMarkerIsLeftOut() {
        let shown = visible("ab中文字", cursor: 0, width: 5)
        XCTAssertEqual(shown.text, "ab中…")
        let narrower = visible("abc中文字", cursor: 0, width: 5)
        XCTAssertEqual(narrower.text, "abc…", "中 would need columns 3-4, where … must go")
        XCTAssertEqual(narrower.cursorColumn, 0)
    }

    func testWideCursorGraphemeInANarrowField() {
        let cjk = visible("中文字", cursor: 1, width: 2)
        XCTAssertEqual(cjk.text, "文")
        XCTAssertEqual(cjk.cursorColumn, 0)
        let tooWide = visible("中文字", cursor: 1, width: 1)
        XCTAssertEqual(tooWide.text, "")
        XCTAssertEqual(tooWide.cursorColumn, 0)
        XCTAssertEqual(visible("中文字", cursor: 3, width: 1).text, "", "only the cursor cell fits")
    }

    /// Found by Fuzz/run.sh line-editor: the whole text fitted, so the cursor on its last grapheme, which
    /// takes no column (U+2028, a combining mark alone), was put at column `width`, past the field.
    func testCursorOnATrailingZeroWidthGraphemeStaysInsideAFullField() {
        let one = visible("e\u{2028}", cursor: 1, width: 1)
        XCTAssertLessThan(one.cursorColumn, 1)
        XCTAssertLessThanOrEqual(TextWidth.of(one.text), 1)
        XCTAssertEqual(TextWidth.of("abcd\u{2028}"), 4)
        let trailing = visible("abcd\u{2028}", cursor: 4, width: 4)
        XCTAssertLessThan(trailing.cursorColumn, 4)
        XCTAssertLessThanOrEqual(TextWidth.of(trailing.text), 4)
    }

    func testZeroWidthFieldShowsNothing() {
        XCTAssertEqual(visible("abc", cursor: 1, width: 0).text, "")
        XCTAssertEqual(visible("abc", cursor: 1, width: -3).cursorColumn, 0)
    }

    /// For many texts, every cursor position and every small width: the window fits, the cursor is inside
    /// it and on its grapheme, and what is shown is a run of whole graphemes of the text.
    func testEveryCursorPositionAtSmallWidths() {
        let texts = ["plain ascii text", "中文字符测试一下", "e\u{0301}a\u{0308}o\u{0302}u\u{0301}i", "👨‍👩‍👧 and 🇯🇵 flags 👍🏽",
                     "mixed 中文 e\u{0301} 😀 end", ""]
        for text in texts {
            let characters = Array(text)
            for cursor in 0...characters.count {
                for width in 1...14 {
                    check(characters, cursor: cursor, width: width)
                }
            }
        }
    }

    private func check(_ characters: [Character], cursor: Int, width: Int) {
        let text = String(characters)
        let shown = visible(text, cursor: cursor, width: width)
        let context = "\(text.debugDescription) cursor \(cursor) width \(width) → \(shown.text.debugDescription)"
        XCTAssertLessThanOrEqual(TextWidth.of(shown.text), width, context)
        XCTAssertTrue((0..<width).contains(shown.cursorColumn), context)

        var body = shown.text
        let leftMarked = body.hasPrefix(LineEditorView.leftMarker)
        if leftMarked { body.removeFirst() }
        if body.hasSuffix(LineEditorView.rightMarker) { body.removeLast() }
        let graphemes = Array(body)
        guard !graphemes.isEmpty || cursor == characters.count else {
            let cursorWidth = TextWidth.of(characters[cursor])
            XCTAssertGreaterThan(cursorWidth, width, "only a grapheme wider than the field is left out: \(context)")
            return
        }
        let leftColumns = leftMarked ? 1 : 0
        let consistent = (0...characters.count).contains { start in
            let end = start + graphemes.count
            guard end <= characters.count, Array(characters[start..<end]) == graphemes else { return false }
            let cursorShown = (start <= cursor && cursor < end) || (cursor == characters.count && end == cursor)
            return cursorShown && shown.cursorColumn == leftColumns + TextWidth.of(String(characters[start..<cursor]))
        }
        XCTAssertTrue(consistent, "a run of whole graphemes holding the cursor at its column: \(context)")
    }
}
