import XCTest
@testable import TextEngine

final class TerminalSafetyTests: XCTestCase {
    private func clean(_ text: String) -> String { TerminalSafety.sanitize(text) }

    func testOSCWindowTitleIsRemoved() {
        XCTAssertEqual(clean("\u{1B}]0;pwned\u{7}Title"), "Title")
        XCTAssertEqual(clean("\u{1B}]2;pwned\u{1B}\\Title"), "Title")
        XCTAssertEqual(clean("\u{9D}0;pwned\u{9C}Title"), "Title", "8-bit OSC ended by 8-bit ST")
        XCTAssertEqual(clean("a\u{1B}]8;;http://x\u{7}link\u{1B}]8;;\u{7}b"), "alinkb", "hyperlinks")
    }

    func testClearScreenAndCursorMovesAreRemoved() {
        XCTAssertEqual(clean("\u{1B}[2J\u{1B}[HHello"), "Hello")
        XCTAssertEqual(clean("x\u{1B}[?1049hy"), "xy")
        XCTAssertEqual(clean("\u{1B}cReset"), "Reset", "two-byte ESC c (full reset)")
        XCTAssertEqual(clean("\u{1B}(0lqk\u{1B}(B"), "lqk", "charset designations")
    }

    func testCSIColourIsRemoved() {
        XCTAssertEqual(clean("\u{1B}[31;1mred\u{1B}[0m text"), "red text")
        XCTAssertEqual(clean("\u{9B}31mred"), "red", "8-bit CSI")
    }

    func testC0C1AndDELAreRemoved() {
        XCTAssertEqual(clean("a\u{7}b\u{8}c\u{0}d\u{7F}e"), "abcde")
        XCTAssertEqual(clean("a\u{85}b\u{9A}c"), "abc")
    }

    func testStringSequencesAreRemovedUpToST() {
        XCTAssertEqual(clean("\u{1B}Pq#0;2;0;0;0\u{1B}\\after"), "after", "DCS (sixel)")
        XCTAssertEqual(clean("\u{1B}_apc\u{1B}\\x\u{1B}^pm\u{1B}\\y\u{1B}Xsos\u{1B}\\z"), "xyz")
        XCTAssertEqual(clean("ok\u{1B}]0;never ends"), "ok", "an unterminated OSC swallows the rest, as a terminal would")
    }

    func testBidiOverridesAreRemovedAndRTLTextKept() {
        XCTAssertEqual(clean("abc\u{202E}def\u{202C}"), "abcdef")
        XCTAssertEqual(clean("\u{2066}x\u{2069}\u{202A}y\u{202D}"), "xy")
        XCTAssertEqual(clean("שלום مرحبا"), "שלום مرحبا")
    }

    func testDirectionMarksAreRemoved() {
        XCTAssertEqual(clean("a\u{200E}b\u{200F}c\u{061C}d"), "abcd")
        XCTAssertEqual(clean("\u{200F}"), "")
    }

    func testCombiningMarkStormsAreCutAndRealTextKept() {
        let storm = "Z" + String(repeating: "\u{0301}\u{0316}", count: 20) + "a" + String(repeating: "\u{0489}", count: 9)
        // Compared scalar by scalar: String equality would accept reordered marks.
        func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        XCTAssertEqual(scalars(TerminalSafety.limitCombiningMarks(storm)), scalars("Z\u{0301}\u{0316}\u{0301}a\u{0489}\u{0489}\u{0489}"))
        XCTAssertEqual(scalars(TerminalSafety.limitCombiningMarks(storm, to: 1)), scalars("Z\u{0301}a\u{0489}"))
        for text in ["Tiếng Việt e\u{0323}\u{0302}", "ที่นี่", "1\u{FE0F}\u{20E3}", "שָׁלוֹם", "plain", "中文 😀"] {
            XCTAssertEqual(scalars(TerminalSafety.limitCombiningMarks(text)), scalars(text))
        }
    }

    func testTabsAndNewlines() {
        XCTAssertEqual(clean("a\tb"), "a   b")
        XCTAssertEqual(clean("\tb"), "    b")
        XCTAssertEqual(clean("one\ntwo\r\nthree"), "one two three")
        XCTAssertEqual(TerminalSafety.sanitize("one\ntwo\r\nthree\rfour", keepNewlines: true), "one\ntwo\nthree\nfour")
    }

    func testCleanTextIsReturnedUnchanged() {
        for text in ["plain ASCII title", "Unicode: 中文 😀 e\u{301} שלום", "", "a < b & c > d"] {
            XCTAssertEqual(clean(text), text)
        }
    }
}
