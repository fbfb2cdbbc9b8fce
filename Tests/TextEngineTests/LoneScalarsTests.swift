import XCTest
@testable import TextEngine

/// The scalar path of wrapping and measuring (`LoneScalars`) gives exactly what the grapheme path gives.
final class LoneScalarsTests: XCTestCase {
    func testEveryLoneScalarIsAGraphemeOfItsOwn() {
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), LoneScalars.contains(scalar) else { continue }
            let lone = String(scalar)
            for (text, expected) in [("a" + lone, 2), (lone + "a", 2), (lone + lone, 2), (" " + lone + " ", 3)]
            where text.count != expected {
                XCTFail("U+\(String(value, radix: 16, uppercase: true)) joins a neighbour")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100_000)
        for value: UInt32 in [0x0D, 0x301, 0x200C, 0x200D, 0xFE0F, 0x1F1E6, 0x1F3FD, 0x1100, 0x0600, 0x093E] {
            XCTAssertFalse(LoneScalars.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }

    /// Pieces mixing lone scalars with graphemes of several scalars and with characters that join their neighbours.
    static let pieces = [
        "word", " ", "中文", "字", "😀", "👨‍👩‍👧", "❤️", "👍🏽", "🇫🇷", "e\u{301}", "\u{301}", "é", "|ψ⟩", "⟨φ|",
        "∑ᵢ", "√2", "α²", "x₀", "∫", "𝔼", "ℝ", "→", "┌─┐", "│", "└─┘", "╭", "\u{A0}", "\u{200B}", "한국어", "\u{1100}\u{1161}",
        "ש", "\u{0600}1", "क्षि", "ｆｕｌｌ", "—", "…", "«»", "\t", "\n", "https://x.org/a", "  ", "©", "ÿ",
    ]

    func testWrappingByScalarsMatchesWrappingByGraphemes() {
        var generator = SeededGenerator(seed: 30)
        let styles = [CellStyle.plain, CellStyle(.bold), CellStyle(color: .math)]
        for _ in 0..<400 {
            let spans = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                StyledSpan((0..<Int.random(in: 0...10, using: &generator)).map { _ in
                    Self.pieces.randomElement(using: &generator)!
                }.joined(), style: styles.randomElement(using: &generator)!)
            }
            for width in [1, 2, 3, 4, 5, 7, 9, 12, 40] {
                XCTAssertEqual(TextWrap.wrap(spans, width: width), TextWrap.wrap(spans, width: width, graphemesOnly: true),
                               "\(spans.map(\.text)) @\(width)")
            }
        }
    }

    func testMeasuringByScalarsMatchesMeasuringByGraphemes() {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined()
            XCTAssertEqual(TextWidth.of(text), text.reduce(0) { $0 + TextWidth.of($1) }, text)
        }
    }

    func testNoBreakSpacesMatchScalarReplacement() {
        func replacing(_ old: Unicode.Scalar, _ new: Unicode.Scalar, _ text: String) -> String {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: text.unicodeScalars.map { $0 == old ? new : $0 })
            return String(scalars)
        }
        var generator = SeededGenerator(seed: 32)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined()
            XCTAssertEqual(NoBreakSpaces.joining(text), replacing(" ", "\u{A0}", text), text)
            XCTAssertEqual(NoBreakSpaces.released(text), replacing("\u{A0}", " ", text), text)
            XCTAssertEqual(NoBreakSpaces.released(NoBreakSpaces.joining(text)), replacing("\u{A0}", " ", text), text)
        }
    }
}
