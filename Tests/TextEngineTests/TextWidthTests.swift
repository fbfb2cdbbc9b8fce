import XCTest
@testable import TextEngine

/// Widths as glibc wcwidth and tmux 3.3a count them (measured with tmux's cursor position).
final class TextWidthTests: XCTestCase {
    func testASCIIAndControls() {
        XCTAssertEqual(TextWidth.of("hello"), 5)
        XCTAssertEqual(TextWidth.of(""), 0)
        XCTAssertEqual(TextWidth.of("\u{7}"), 0)
        XCTAssertEqual(TextWidth.of("\u{7F}"), 0)
        XCTAssertEqual(TextWidth.of("\u{85}"), 0)
        XCTAssertEqual(TextWidth.of("\t"), 1, "a tab counts one column and is drawn as a blank")
    }

    func testCJKIsTwoColumns() {
        XCTAssertEqual(TextWidth.of("中文"), 4)
        XCTAssertEqual(TextWidth.of("日本語のテキスト"), 16)
        XCTAssertEqual(TextWidth.of("한국어"), 6)
        XCTAssertEqual(TextWidth.of("ＡＢ"), 4, "fullwidth forms")
        XCTAssertEqual(TextWidth.of("ｱ"), 1, "halfwidth katakana")
    }

    func testEmoji() {
        XCTAssertEqual(TextWidth.of("😀"), 2)
        XCTAssertEqual(TextWidth.of("✅"), 2)
        XCTAssertEqual(TextWidth.of("👨‍👩‍👧"), 2, "a ZWJ sequence joins into the first emoji's cell")
        XCTAssertEqual(TextWidth.of("🧑‍💻"), 2)
        XCTAssertEqual(TextWidth.of("🇺🇸"), 2, "a flag is two 1-column regional indicators")
        XCTAssertEqual(TextWidth.of("❤️"), 1, "VS16 does not widen a narrow base in glibc or tmux 3.3a")
        XCTAssertEqual(TextWidth.of("👍🏽"), 4, "a skin-tone modifier is its own 2-column cell in tmux 3.3a")
        XCTAssertEqual("👍🏽".count, 1)
    }

    func testCombiningMarksAddNothing() {
        XCTAssertEqual(TextWidth.of("e\u{301}"), 1)
        XCTAssertEqual(TextWidth.of("cafe\u{301}"), 4)
        XCTAssertEqual(TextWidth.of("a\u{200B}b"), 2, "zero-width space")
        XCTAssertEqual(TextWidth.of("\u{1100}\u{1161}"), 2, "conjoining jamo")
        XCTAssertEqual(TextWidth.of("สวัสดี"), 4)
    }

    func testRightToLeftLettersAreOneColumnEach() {
        XCTAssertEqual(TextWidth.of("שלום"), 4)
        XCTAssertEqual(TextWidth.of("שָׁלוֹם"), 4, "points are combining")
        XCTAssertEqual(TextWidth.of("مرحبا"), 5)
    }

    func testTruncate() {
        XCTAssertEqual(TextWidth.truncate("hello", to: 10), "hello")
        XCTAssertEqual(TextWidth.truncate("hello", to: 5), "hello")
        XCTAssertEqual(TextWidth.truncate("hello world", to: 5), "hell…")
        XCTAssertEqual(TextWidth.truncate("hello", to: 1), "…")
        XCTAssertEqual(TextWidth.truncate("hello", to: 0), "")
        XCTAssertEqual(TextWidth.truncate("hello", to: -3), "")
        XCTAssertEqual(TextWidth.truncate("中文字", to: 4), "中…")
        XCTAssertEqual(TextWidth.truncate("中文字", to: 5), "中文…")
        XCTAssertEqual(TextWidth.truncate("a中b", to: 2), "a…", "a wide character that does not fit before … is dropped")
        XCTAssertEqual(TextWidth.truncate("cafe\u{301}s!", to: 5), "cafe\u{301}…")
        XCTAssertEqual(TextWidth.truncate("😀😀😀", to: 4), "😀…")
        XCTAssertEqual(TextWidth.truncate("שלום עולם", to: 5), "שלום…")
    }

    func testPadAndFit() {
        XCTAssertEqual(TextWidth.pad("ab", to: 4), "ab  ")
        XCTAssertEqual(TextWidth.pad("abcdef", to: 4), "abcdef")
        XCTAssertEqual(TextWidth.fit("ab", to: 4), "ab  ")
        XCTAssertEqual(TextWidth.fit("中文字", to: 4), "中… ")
        XCTAssertEqual(TextWidth.fit("abc", to: 0), "")
    }

    func testExpandTabs() {
        XCTAssertEqual(TextWidth.expandTabs("\tx"), "    x")
        XCTAssertEqual(TextWidth.expandTabs("ab\tx"), "ab  x")
        XCTAssertEqual(TextWidth.expandTabs("中\tx\n\ty"), "中  x\n    y")
    }

    func testTruncateAndFitKeepInvariantsForManyStrings() {
        let pieces = ["a", "Z", " ", "中", "😀", "e\u{301}", "👨‍👩‍👧", "🇺🇸", "👍🏽", "ש", "م", "❤️", "\u{301}", "ｱ", "…"]
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 0...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let graphemes = Array(text)
            for width in 0...14 {
                let cut = TextWidth.truncate(text, to: width)
                XCTAssertLessThanOrEqual(TextWidth.of(cut), max(0, width), "\(text) @\(width)")
                if width > 0, TextWidth.of(text) <= width {
                    XCTAssertEqual(cut, text)
                } else if width > 0 {
                    XCTAssertTrue(cut.hasSuffix("…"), "\(text) @\(width) → \(cut)")
                    let kept = Array(cut.dropLast())
                    XCTAssertEqual(kept, Array(graphemes.prefix(kept.count)), "no broken grapheme: \(text) @\(width) → \(cut)")
                }
                if width > 0 { XCTAssertEqual(TextWidth.of(TextWidth.fit(text, to: width)), width, "\(text) @\(width)") }
            }
        }
    }
}

/// A deterministic random source (SplitMix64), so property-style tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
