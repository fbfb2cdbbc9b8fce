import AppCore
import XCTest

/// Every key of the prompt's line editor, on ASCII and on wide and combined graphemes, and the history walk.
final class LineEditorTests: XCTestCase {
    /// An editor holding `text` with the cursor after `cursor` graphemes (moved there with Home and Right).
    private func editor(_ text: String, cursor: Int? = nil, history: [String] = []) -> LineEditor {
        var editor = LineEditor(text: text, history: history)
        if let cursor {
            XCTAssertEqual(editor.handle(.home), .editing)
            for _ in 0..<cursor { XCTAssertEqual(editor.handle(.right), .editing) }
        }
        return editor
    }

    private func type(_ text: String, into editor: inout LineEditor) {
        for character in text { XCTAssertEqual(editor.handle(.character(character)), .editing) }
    }

    // MARK: inserting

    func testTypingInsertsAtTheCursor() {
        var line = LineEditor()
        type("swift", into: &line)
        XCTAssertEqual(line.text, "swift")
        XCTAssertEqual(line.cursor, 5)
        line = editor("swft", cursor: 2)
        type("i", into: &line)
        XCTAssertEqual(line.text, "swift")
        XCTAssertEqual(line.cursor, 3)
    }

    func testWideCharactersCountAsOneGraphemeEach() {
        var line = editor("ab", cursor: 1)
        type("中文👨‍👩‍👧🇯🇵", into: &line)
        XCTAssertEqual(line.text, "a中文👨‍👩‍👧🇯🇵b")
        XCTAssertEqual(line.cursor, 5)
        XCTAssertEqual(line.text.count, 6)
    }

    func testCombiningMarkJoinsTheGraphemeBeforeTheCursor() {
        var line = LineEditor()
        type("e", into: &line)
        XCTAssertEqual(line.handle(.character("\u{0301}")), .editing)
        XCTAssertEqual(line.text, "e\u{0301}")
        XCTAssertEqual(line.text.count, 1)
        XCTAssertEqual(line.cursor, 1)

        line = editor("ab", cursor: 1)
        _ = line.handle(.character("\u{0308}"))
        XCTAssertEqual(line.text, "a\u{0308}b")
        XCTAssertEqual(line.cursor, 1, "the cursor stays right after the joined grapheme")
        type("c", into: &line)
        XCTAssertEqual(line.text, "a\u{0308}cb")
    }

    func testControlCharactersAreNeverInserted() {
        var line = editor("ok")
        for control in ["\u{1B}", "\n", "\u{7F}", "\u{9B}", "\t"] {
            _ = line.handle(.character(Character(control)))
        }
        XCTAssertEqual(line, editor("ok"))
        XCTAssertEqual(LineEditor(text: "a\u{1B}[2Jb\n").text, "a[2Jb")
    }

    // MARK: moving

    /// Presses each key in turn and checks where the cursor is after it.
    private func expectCursor(_ line: inout LineEditor, _ steps: [(Key, Int)], file: StaticString = #filePath, at sourceLine: UInt = #line) {
        for (key, expected) in steps {
            _ = line.handle(key)
            XCTAssertEqual(line.cursor, expected, "after \(key)", file: file, line: sourceLine)
        }
    }

    func testLeftAndRightMoveByGraphemeAndStopAtTheEnds() {
        var line = editor("e\u{0301}👨‍👩‍👧中", cursor: 0)
        expectCursor(&line, [(.left, 0), (.right, 1), (.right, 2), (.right, 3), (.right, 3), (.left, 2), (.control("b"), 1),
                             (.control("f"), 2)])
    }

    func testHomeEndAndControlAControlE() {
        var line = editor("日本語 text", cursor: 3)
        expectCursor(&line, [(.home, 0), (.end, 8), (.control("a"), 0), (.control("e"), 8)])
        _ = line.handle(.control("A"))
        XCTAssertEqual(line.cursor, 0, "an upper-case control letter is the same key")
    }

    // MARK: deleting

    func testBackspaceDeletesTheWholeGraphemeBeforeTheCursor() {
        var line = editor("ae\u{0301}👨‍👩‍👧b", cursor: 3)
        _ = line.handle(.backspace)
        XCTAssertEqual(line.text, "ae\u{0301}b")
        XCTAssertEqual(line.cursor, 2)
        _ = line.handle(.backspace)
        XCTAssertEqual(line.text, "ab")
        _ = line.handle(.control("h"))
        XCTAssertEqual(line.text, "b")
        XCTAssertEqual(line.cursor, 0)
        _ = line.handle(.backspace)
        XCTAssertEqual(line.text, "b", "nothing before the cursor")
    }

    func testDeleteAndControlDDeleteTheGraphemeAfterTheCursor() {
        var line = editor("x中🇯🇵y", cursor: 1)
        _ = line.handle(.delete)
        XCTAssertEqual(line.text, "x🇯🇵y")
        XCTAssertEqual(line.cursor, 1)
        _ = line.handle(.control("d"))
        XCTAssertEqual(line.text, "xy")
        _ = line.handle(.end)
        _ = line.handle(.delete)
        XCTAssertEqual(line.text, "xy", "nothing after the cursor")
    }

    func testControlUDeletesToTheStartAndControlKToTheEnd() {
        var line = editor("héllo wörld", cursor: 6)
        _ = line.handle(.control("u"))
        XCTAssertEqual(line.text, "wörld")
        XCTAssertEqual(line.cursor, 0)
        _ = line.handle(.right)
        _ = line.handle(.control("k"))
        XCTAssertEqual(line.text, "w")
        XCTAssertEqual(line.cursor, 1)
    }

    func testControlWDeletesTrailingSpacesThenTheWordBeforeThem() {
        var line = editor("foo bar  ")
        _ = line.handle(.control("w"))
        XCTAssertEqual(line.text, "foo ")
        XCTAssertEqual(line.cursor, 4)
        _ = line.handle(.control("w"))
        XCTAssertEqual(line.text, "")
        _ = line.handle(.control("w"))
        XCTAssertEqual(line.text, "")

        line = editor("swift 中文字 ncurses", cursor: 9)
        _ = line.handle(.control("w"))
        XCTAssertEqual(line.text, "swift  ncurses")
        XCTAssertEqual(line.cursor, 6)

        line = editor("tag;other", cursor: 0)
        _ = line.handle(.control("w"))
        XCTAssertEqual(line.text, "tag;other", "nothing before the cursor")
    }

    // MARK: finishing and ignored keys

    func testEnterSubmitsTheTextAndEscapeCancels() {
        var line = editor("a b ", cursor: 1)
        XCTAssertEqual(line.handle(.enter), .submitted("a b "))
        XCTAssertEqual(line.text, "a b ")
        XCTAssertEqual(line.handle(.escape), .cancelled)
        var empty = LineEditor()
        XCTAssertEqual(empty.handle(.enter), .submitted(""))
    }

    func testTabAndOtherKeysAreIgnored() {
        let before = editor("text", cursor: 2)
        var line = before
        for key: Key in [.tab, .pageUp, .pageDown, .function(1), .control("z"), .control("l")] {
            XCTAssertEqual(line.handle(key), .editing)
        }
        XCTAssertEqual(line, before)
    }

    // MARK: history

    func testUpAndDownWalkTheHistoryAndRestoreTheDraft() {
        var line = LineEditor(history: ["first", "second", "third"])
        type("dra", into: &line)
        _ = line.handle(.up)
        XCTAssertEqual(line.text, "third")
        XCTAssertEqual(line.cursor, 5)
        XCTAssertEqual(line.historyPosition, 2)
        _ = line.handle(.up)
        _ = line.handle(.up)
        XCTAssertEqual(line.text, "first")
        _ = line.handle(.up)
        XCTAssertEqual(line.text, "first", "the oldest entry stops the walk")
        _ = line.handle(.down)
        XCTAssertEqual(line.text, "second")
        _ = line.handle(.down)
        _ = line.handle(.down)
        XCTAssertEqual(line.text, "dra")
        XCTAssertEqual(line.cursor, 3)
        XCTAssertNil(line.historyPosition)
        _ = line.handle(.down)
        XCTAssertEqual(line.text, "dra", "down on the draft does nothing")
    }

    func testEditingARecalledEntryLeavesTheHistoryAlone() {
        var line = LineEditor(history: ["swift", "rust"])
        _ = line.handle(.up)
        type("ls", into: &line)
        XCTAssertEqual(line.text, "rustls")
        XCTAssertEqual(line.handle(.enter), .submitted("rustls"))
        _ = line.handle(.up)
        XCTAssertEqual(line.text, "swift")
        _ = line.handle(.down)
        XCTAssertEqual(line.text, "rust")
        XCTAssertEqual(line.history, ["swift", "rust"])
    }

    func testUpWithoutHistoryDoesNothing() {
        var line = editor("draft")
        _ = line.handle(.up)
        XCTAssertEqual(line, editor("draft"))
    }

    func testRecordingASubmission() {
        XCTAssertEqual(LineEditor.recording("c", in: ["a", "b"]), ["a", "b", "c"])
        XCTAssertEqual(LineEditor.recording("a", in: ["a", "b"]), ["b", "a"], "a repeat moves to the end")
        XCTAssertEqual(LineEditor.recording("  ", in: ["a"]), ["a"], "blank entries are not kept")
        XCTAssertEqual(LineEditor.recording("d", in: ["a", "b", "c"], limit: 2), ["c", "d"])
    }
}

/// A bracketed paste typed into the prompt: one line, never submitted by its line breaks.
final class LineEditorPasteTests: XCTestCase {
    func testAPastedLineBreakIsASpaceAndDoesNotSubmit() {
        var editor = LineEditor(text: "find ")
        XCTAssertEqual(editor.handle(.paste("staking\r\nwallet\n\tpool\u{7}")), .editing)
        XCTAssertEqual(editor.text, "find staking wallet  pool")
        XCTAssertEqual(editor.handle(.enter), .submitted("find staking wallet  pool"))
    }

    func testAPasteInTheMiddleGoesAtTheCursor() {
        var editor = LineEditor(text: "ab")
        _ = editor.handle(.left)
        _ = editor.handle(.paste("XY"))
        XCTAssertEqual(editor.text, "aXYb")
        _ = editor.handle(.character("!"))
        XCTAssertEqual(editor.text, "aXY!b")
    }
}
