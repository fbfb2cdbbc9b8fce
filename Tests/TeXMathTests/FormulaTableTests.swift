import TeXMath
import XCTest

/// The tables of formulas (`FormulaTable+*.swift`) and their exact renderings.
enum FormulaTable {
    /// Every inline case of the Unicode tables.
    static var allInline: [(String, String)] { inlineA + inlineB + inlineC + inlineD + inlineE + inlineF + rareInline }
    /// Every display case of the Unicode tables.
    static var allDisplay: [(String, [String])] { display + rareDisplay }
}

final class FormulaTableTests: XCTestCase {
    func testTableHoldsAtLeastThreeHundredFormulas() {
        let count = FormulaTable.allInline.count + FormulaTable.allDisplay.count + FormulaTable.asciiInline.count
            + FormulaTable.asciiDisplay.count
        XCTAssertGreaterThanOrEqual(count, 300)
    }

    func testInlineFormulasRenderOnOneLineAsExpected() {
        let renderer = MathRenderer()
        for (tex, expected) in FormulaTable.allInline {
            XCTAssertEqual(renderer.inline(tex), .rendered([expected]), tex)
        }
    }

    func testDisplayFormulasRenderInTwoDimensionsAsExpected() {
        let renderer = MathRenderer()
        for (tex, expected) in FormulaTable.allDisplay {
            XCTAssertEqual(renderer.display(tex, maxWidth: 80), .rendered(expected), tex)
        }
    }

    func testASCIIFormulasUseOnlyASCII() {
        let renderer = MathRenderer(style: .ascii)
        for (tex, expected) in FormulaTable.asciiInline {
            XCTAssertEqual(renderer.inline(tex), .rendered([expected]), tex)
            XCTAssertTrue(expected.unicodeScalars.allSatisfy(\.isASCII), expected)
        }
        for (tex, expected) in FormulaTable.asciiDisplay {
            XCTAssertEqual(renderer.display(tex, maxWidth: 80), .rendered(expected), tex)
            XCTAssertTrue(expected.joined().unicodeScalars.allSatisfy(\.isASCII), tex)
        }
    }

    func testNoRenderingHoldsATeXCommand() {
        for (_, expected) in FormulaTable.allInline {
            XCTAssertNil(expected.range(of: #"\\[A-Za-z]"#, options: .regularExpression), expected)
        }
    }
}
