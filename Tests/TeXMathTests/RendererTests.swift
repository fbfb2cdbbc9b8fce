import TeXMath
import XCTest

/// The renderer's promises: unknown commands give the source, wide displays fall back to one line, widths.
final class RendererTests: XCTestCase {
    func testUnknownCommandMakesTheWholeFormulaSource() {
        XCTAssertEqual(MathRenderer().inline(#"x + \foo{y}"#), .source(reason: #"unknown command \foo"#))
        XCTAssertEqual(MathRenderer().display(#"\frac{1}{\bar{\qux}}"#, maxWidth: 80), .source(reason: #"unknown command \qux"#))
        XCTAssertNil(MathRenderer().inline(#"\foo"#).lines)
    }

    func testDisplayWiderThanMaxWidthFallsBackToInline() {
        let tex = #"\frac{a+b}{c+d} = \frac{1}{2}"#
        XCTAssertEqual(MathRenderer().display(tex, maxWidth: 80), .rendered(["a + b   1", "───── = ─", "c + d   2"]))
        XCTAssertEqual(MathRenderer().display(tex, maxWidth: 8), .rendered(["(a+b)/(c+d) = ½"]))
        XCTAssertEqual(MathRenderer().display(tex, maxWidth: 8), MathRenderer().inline(tex))
    }

    func testDisplayOfOneLineIsTheInlineForm() {
        XCTAssertEqual(MathRenderer().display("x^2 + y^2", maxWidth: 80), .rendered(["x² + y²"]))
    }

    func testColumnWidths() {
        XCTAssertEqual(TextColumns.width("Ĥ"), 1)
        XCTAssertEqual(TextColumns.width("v⃗"), 1)
        XCTAssertEqual(TextColumns.width("日本"), 4)
        XCTAssertEqual(TextColumns.width("ℝ𝔽⎛─"), 4)
    }

    func testDisplayLinesAlignByColumnsWithWideAndCombiningCharacters() throws {
        let lines = try XCTUnwrap(MathRenderer().display(#"\frac{\text{日本}}{\hat{x}}"#, maxWidth: 80).lines)
        XCTAssertEqual(lines, ["日本", "────", " x̂"])
    }

    func testASCIIStyleHasNoNonASCIIGlyphs() throws {
        let renderer = MathRenderer(style: .ascii)
        for tex in [#"\alpha \le \beta \to \infty"#, #"\sqrt{2} \cdot \pi"#, #"\ket{\psi} \otimes \bra{\phi}"#,
                    #"\mathbb{R}^n \times \mathcal{H}"#, #"\begin{pmatrix} \alpha \\ \beta \end{pmatrix}"#] {
            let inline = try XCTUnwrap(renderer.inline(tex).lines)
            let display = try XCTUnwrap(renderer.display(tex, maxWidth: 80).lines)
            XCTAssertTrue((inline + display).joined().unicodeScalars.allSatisfy(\.isASCII), tex)
        }
        XCTAssertEqual(renderer.inline(#"\alpha \le \beta \to \infty"#), .rendered(["alpha <= beta -> inf"]))
    }

    func testSymbolsTypedAsThemselvesGetTheirClassAndASCIIForm() {
        XCTAssertEqual(MathRenderer().inline("Z_1 ⊗ Z_2 ≤ α"), .rendered(["Z₁ ⊗ Z₂ ≤ α"]))
        XCTAssertEqual(MathRenderer(style: .ascii).inline("Z_1 ⊗ Z_2 ≤ α"), .rendered(["Z_1 (x) Z_2 <= alpha"]))
    }

    func testTextOutsideMathModeKeepsItsSpacesAndMathInside() {
        XCTAssertEqual(MathRenderer().inline(#"\text{for all $x > 0$,}"#), .rendered(["for all x > 0,"]))
    }

    func testChemistryOfMhchem() {
        let renderer = MathRenderer()
        XCTAssertEqual(renderer.inline(#"\ce{H2O}"#), .rendered(["H₂O"]))
        XCTAssertEqual(renderer.inline(#"\ce{^{171}Yb^+}"#), .rendered(["¹⁷¹Yb⁺"]))
        XCTAssertEqual(renderer.inline(#"\ce{2H2 + O2 -> 2H2O}"#), .rendered(["2H₂ + O₂ → 2H₂O"]))
        XCTAssertEqual(renderer.inline(#"\ce{Na+ + Cl- <=> NaCl}"#), .rendered(["Na⁺ + Cl⁻ ⇌ NaCl"]))
        XCTAssertEqual(renderer.inline(#"\ce{SO4^2-}"#), .rendered(["SO₄²⁻"]))
        XCTAssertEqual(renderer.inline(#"\ce{\alpha}"#), .source(reason: #"unsupported \ce content"#))
    }

    func testCancelStrikesThrough() {
        XCTAssertEqual(MathRenderer().inline(#"\cancel{ab} + c"#), .rendered(["a̶b̶ + c"]))
        XCTAssertEqual(MathRenderer(style: .ascii).inline(#"\cancel{x}"#), .rendered(["cancel(x)"]))
    }
}
