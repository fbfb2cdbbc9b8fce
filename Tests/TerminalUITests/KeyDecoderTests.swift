import AppCore
import CNcursesw
import TerminalUI
import XCTest

/// The curses-code → `Key` mapping, as a table, without a terminal.
final class KeyDecoderTests: XCTestCase {
    private func key(_ value: UInt32) -> Key? { KeyDecoder.key(for: .character(value)) }
    private func key(code: Int32) -> Key? { KeyDecoder.key(for: .keyCode(code)) }

    func testPrintableCharactersIncludingMultibyte() {
        XCTAssertEqual(key(0x61), .character("a"))
        XCTAssertEqual(key(0x20), .character(" "))
        XCTAssertEqual(key(0x3F), .character("?"))
        XCTAssertEqual(key(0xE9), .character("é"))
        XCTAssertEqual(key(0x4E2D), .character("中"))
        XCTAssertEqual(key(0x1F600), .character("😀"))
    }

    func testAMouseEventStaysInOrderWithTheKeys() {
        let click = MouseEvent(.click, row: 4, column: 7)
        XCTAssertEqual(KeyDecoder.decode([.character(0x6A), .mouse(click), .keyCode(KEY_DOWN)]), [.character("j"), .mouse(click), .down])
    }

    func testControlLetters() {
        XCTAssertEqual(key(0x01), .control("a"))
        XCTAssertEqual(key(0x04), .control("d"))
        XCTAssertEqual(key(0x15), .control("u"))
        XCTAssertEqual(key(0x1A), .control("z"))
    }

    func testEnterTabBackspaceDeleteEscape() {
        XCTAssertEqual(key(0x0D), .enter)
        XCTAssertEqual(key(0x0A), .enter)
        XCTAssertEqual(key(code: KEY_ENTER), .enter)
        XCTAssertEqual(key(0x09), .tab)
        XCTAssertEqual(key(0x7F), .backspace)
        XCTAssertEqual(key(0x08), .backspace)
        XCTAssertEqual(key(code: KEY_BACKSPACE), .backspace)
        XCTAssertEqual(key(code: KEY_DC), .delete)
        XCTAssertEqual(key(0x1B), .escape)
    }

    func testArrowsPagingHomeEnd() {
        let table: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
            (KEY_A1, .home), (KEY_C1, .end), (KEY_A3, .pageUp), (KEY_C3, .pageDown),
        ]
        for (code, expected) in table { XCTAssertEqual(key(code: code), expected, "code \(code)") }
    }

    func testFunctionKeysOneToTwelve() {
        for number in 1...12 { XCTAssertEqual(key(code: stackterm_key_f(Int32(number))), .function(number)) }
        XCTAssertNil(key(code: stackterm_key_f(0)))
        XCTAssertNil(key(code: stackterm_key_f(13)))
    }

    func testInputsThatAreNotKeys() {
        XCTAssertNil(key(0x00), "Ctrl-@")
        XCTAssertNil(key(0x1C), "Ctrl-\\")
        XCTAssertNil(key(0x85), "C1 control")
        XCTAssertNil(key(0xD800), "surrogate is not a scalar")
        XCTAssertNil(key(code: KEY_RESIZE))
        XCTAssertNil(key(code: KEY_MOUSE))
    }

    func testLoneEscapeAndEscapeBeforeDecodedKey() {
        XCTAssertEqual(KeyDecoder.decode([.character(0x1B)]), [.escape])
        XCTAssertEqual(KeyDecoder.decode([.character(0x1B), .keyCode(KEY_UP)]), [.escape, .up])
        XCTAssertEqual(KeyDecoder.decode([.character(0x1B), .character(0x1B)]), [.escape, .escape])
        XCTAssertEqual(KeyDecoder.decode([.character(0x6A), .character(0x1B)]), [.character("j"), .escape])
    }

    func testUndecodedSequencesProduceNoCharacters() {
        let csi = Self.inputs("\u{1B}[1;5A")               // Ctrl-Up that curses did not know
        let ss3 = Self.inputs("\u{1B}OP")                  // F1 in SS3 form
        let osc = Self.inputs("\u{1B}]11;rgb:0/0/0\u{07}") // a colour report ended by BEL
        let oscST = Self.inputs("\u{1B}]0;x\u{1B}\\")      // ended by ST
        let alt = Self.inputs("\u{1B}x")                   // Alt+x
        for sequence in [csi, ss3, osc, oscST, alt] {
            XCTAssertEqual(KeyDecoder.decode(sequence + Self.inputs("j")), [.character("j")], "\(sequence)")
        }
        XCTAssertEqual(KeyDecoder.decode(Self.inputs("\u{1B}[")), [], "cut-off sequence")
    }

    func testCombiningMarksJoinTheCharacterBefore() {
        XCTAssertEqual(KeyDecoder.decode(Self.inputs("e\u{301}")), [.character("e\u{301}")])
        XCTAssertEqual(KeyDecoder.decode([.character(0x301)]), [], "a lone mark is not a key")
        XCTAssertEqual(KeyDecoder.decode(Self.inputs("aa")), [.character("a"), .character("a")])
        XCTAssertEqual(KeyDecoder.decode(Self.inputs("🇯🇵")), [.character("🇯🇵")])
        XCTAssertEqual(KeyDecoder.decode(Self.inputs("q\u{15}")), [.character("q"), .control("u")])
    }

    private static func inputs(_ text: String) -> [CursesInput] {
        text.unicodeScalars.map { .character($0.value) }
    }
}
