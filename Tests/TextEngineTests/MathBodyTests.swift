import StackDump
import TeXMath
import TestSupport
import XCTest
@testable import TextEngine

/// Math in bodies on MathJax sites: inline formulas typeset in the paragraph and never split by wrapping, display
/// formulas as centred blocks whose TeX `Y` copies, and every control kept: code, a site without MathJax, `\$`,
/// Electrical Engineering's money, unknown macros.
final class MathBodyTests: XCTestCase {
    private let math = MathOptions.forSite("quantumcomputing")

    private func render(_ html: String, width: Int = 80, math: MathOptions?) -> RenderedDocument {
        HTMLRenderer.render(html: html, width: width, styleCode: nil, math: math, isCancelled: { false })!
    }

    func testInlineMathIsTypesetInTheParagraphInTheMathColour() throws {
        let document = render("<p>Let $\\alpha \\leq \\beta$ hold for $x^2$.</p>", math: math)
        XCTAssertEqual(document.plainLines, ["Let α ≤ β hold for x²."])
        let spans = try XCTUnwrap(document.lines.first?.spans)
        XCTAssertEqual(spans.first { $0.text.contains("α") }?.style.color, .math)
        XCTAssertEqual(spans.first { $0.text.hasPrefix("Let") }?.style.color, .normal)
    }

    func testASiteWithoutMathJaxKeepsEveryDollar() {
        XCTAssertNil(MathOptions.forSite("cardano"))
        let html = "<p>It costs $5 and $\\alpha$ here.</p>"
        XCTAssertEqual(render(html, math: nil).plainLines, ["It costs $5 and $\\alpha$ here."])
        XCTAssertNil(MathOptions.forSite("quantumcomputing", siteSaysMathJax: false), "the API's site object wins")
        XCTAssertNotNil(MathOptions.forSite("example", siteSaysMathJax: true))
    }

    func testCodeAndPreKeepTheirDollars() {
        let document = render("<p>Run <code>echo $HOME$x$</code> now.</p><pre><code>$\\alpha$\n</code></pre>", math: math)
        XCTAssertEqual(document.plainLines, ["Run echo $HOME$x$ now.", "", "  $\\alpha$"])
    }

    func testAnEscapedDollarIsADollar() {
        XCTAssertEqual(render("<p>It costs \\$5, or \\$10.</p>", math: math).plainLines, ["It costs $5, or $10."])
    }

    func testElectricalEngineeringWritesInlineMathBetweenEscapedDollars() {
        let electronics = MathOptions.forSite("electronics")
        let document = render("<p>It costs $5 and $10; $V_{in}$ is \\$V_{in} = 5\\$ volts.</p>", math: electronics)
        XCTAssertEqual(document.plainLines, ["It costs $5 and $10; $V_{in}$ is Vᵢₙ = 5 volts."])
    }

    func testAnUnknownCommandStaysAsWrittenInTheCodeColour() throws {
        let document = render("<p>See $\\foo{x}$ here.</p>", math: math)
        XCTAssertEqual(document.plainLines, ["See $\\foo{x}$ here."])
        let span = try XCTUnwrap(document.lines.first?.spans.first { $0.text.contains("foo") })
        XCTAssertEqual(span.style.color, .code)
    }

    func testShowingSourceKeepsTheTeXInTheMathColour() throws {
        var options = try XCTUnwrap(math)
        options.showsSource = true
        let document = render("<p>Let $\\alpha$ be.</p><p>$$\\frac{a}{b}$$</p>", math: options)
        XCTAssertEqual(document.plainLines, ["Let $\\alpha$ be.", "", "$$\\frac{a}{b}$$"])
        XCTAssertEqual(document.lines.first?.spans.first { $0.text.contains("alpha") }?.style.color, .math)
    }

    func testWrappingNeverSplitsAnInlineFormulaThatFitsALine() {
        let lines = render("<p>aaaa bbbb $a + b + c$ cccc</p>", width: 14, math: math).plainLines
        XCTAssertTrue(lines.contains { $0.contains("a + b + c") }, "\(lines)")
        XCTAssertFalse(lines.joined().contains("\u{A0}"), "no-break spaces are plain spaces once wrapped")
        XCTAssertTrue(lines.allSatisfy { TextWidth.of($0) <= 14 }, "\(lines)")
    }

    func testDisplayMathIsACentredTwoDimensionalBlockWhoseTeXIsKept() throws {
        let document = render("<p>So</p><p>$$\\frac{a+b}{c}$$</p><p>done.</p>", width: 40, math: math)
        let lines = document.plainLines
        let rule = try XCTUnwrap(lines.firstIndex { $0.contains("─") }, "\(lines)")
        XCTAssertTrue(lines[rule - 1].contains("a + b"), "\(lines)")
        XCTAssertTrue(lines[rule + 1].contains("c"), "\(lines)")
        XCTAssertGreaterThan(lines[rule].prefix { $0 == " " }.count, 10, "centred: \(lines)")
        let block = try XCTUnwrap(document.mathBlocks.first)
        XCTAssertEqual(block.text, "$$\\frac{a+b}{c}$$")
        XCTAssertEqual(block.rows, (rule - 1)..<(rule + 2))
        XCTAssertEqual(lines.first, "So")
        XCTAssertEqual(lines.last, "done.")
    }

    func testInlineFormulasKeepTheirParagraphsRowsAndTheirTeX() {
        let html = "<p>First.</p><p>Let $\\alpha$ and \\(x^2\\) be, with $\\foo$.</p>"
            + "<table><tr><td>$y$</td></tr></table><p>$\\begin{pmatrix}a\\\\b\\end{pmatrix}$</p>"
        let document = render(html, width: 40, math: math)
        XCTAssertEqual(document.plainLines[2], "Let α and x² be, with $\\foo$.")
        XCTAssertEqual(document.inlineMath, [FormulaPlacement(rows: 2..<3, shown: "α", text: "$\\alpha$"),
                                             FormulaPlacement(rows: 2..<3, shown: "x²", text: "$x^2$")],
                       "unreadable TeX shows as written, a table cell's formula and a lone matrix (a display block) are left out")
        XCTAssertEqual(document.mathBlocks.map(\.text), ["$\\begin{pmatrix}a\\\\b\\end{pmatrix}$"])
        XCTAssertEqual(render(html, width: 40, math: MathOptions.forSite("quantumcomputing", showsSource: true)).inlineMath, [],
                       "TeX shown as written is no formula to copy")
    }

    func testADisplayWiderThanTheColumnFallsBackToItsInlineForm() {
        let tex = "$$\\frac{a}{b} + \\frac{c}{d} + \\frac{e}{f} + \\frac{g}{h}$$"
        let lines = render("<p>\(tex)</p>", width: 12, math: math).plainLines
        XCTAssertFalse(lines.contains { $0.contains("─") }, "\(lines)")
        XCTAssertTrue(lines.joined(separator: " ").contains("a/b"), "\(lines)")
    }

    func testMacrosDefinedAnywhereInThePostApplyToEveryFormula() {
        let html = "<p>Let $x \\in \\R$.</p><p>$\\newcommand{\\R}{\\mathbb{R}}$</p>"
        XCTAssertEqual(render(html, math: math).plainLines.first, "Let x ∈ ℝ.")
    }

    func testMathInATableCellStaysOnItsLine() {
        let html = "<table><tr><th>a</th><th>b</th></tr><tr><td>$\\alpha$</td><td>$$\\beta$$</td></tr></table>"
        let lines = render(html, math: math).plainLines
        XCTAssertTrue(lines.contains { $0.contains("α") && $0.contains("β") }, "\(lines)")
    }

    func testTitlesTypesetTheirFormulas() throws {
        XCTAssertEqual(MathText.line("Prove that $\\sqrt{2}$ is irrational", options: math), "Prove that √2 is irrational")
        XCTAssertEqual(MathText.line("Prove that $\\sqrt{2}$ is irrational", options: nil), "Prove that $\\sqrt{2}$ is irrational")
        XCTAssertEqual(MathText.line("What is $\\foo$?", options: math), "What is $\\foo$?")
        var ascii = try XCTUnwrap(math)
        ascii.style = .ascii
        XCTAssertEqual(MathText.line("$\\alpha \\leq 2$", options: ascii), "alpha <= 2")
    }

    /// Quantum Computing question 2155 (CC BY-SA, shared data): the matrix the issue shows as TeX is typeset, with
    /// no TeX command left in the body.
    func testQuantumComputingQuestionWithMatricesIsTypeset() throws {
        guard let folder = SharedData.path("dumps/quantumcomputing") else {
            throw XCTSkip("shared data not found: set STACKTERM_DATA or put ../shared/data beside the package")
        }
        let post = try XCTUnwrap(DumpReader.posts(inFolder: folder).first { $0.id == 2155 })
        let plain = render(post.body, width: 100, math: math).plainLines
        let text = plain.joined(separator: "\n")
        XCTAssertFalse(text.contains("\\begin{pmatrix}"), text)
        XCTAssertFalse(text.contains("\\frac"), text)
        XCTAssertTrue(text.contains("λ"), text)
        XCTAssertTrue(text.contains("⎛0  0  0  0  0  0⎞"), "the matrix alone in its paragraph is drawn in two dimensions: \(text)")
        XCTAssertTrue(plain.allSatisfy { TextWidth.of($0) <= 100 })
        let source = render(post.body, width: 100, math: nil).plainLines.joined(separator: "\n")
        XCTAssertTrue(source.contains("\\begin{pmatrix}"), "without math the TeX shows as written")
    }
}

/// Issue 30's hostile TeX in a body (100,000 nested braces, 1 MB, `\frac` 10,000 deep, a 5,000-column matrix): each
/// is shown (as its source, or inline when too wide) in a bounded number of lines, none wider than the column.
final class HostileMathBodyTests: XCTestCase {
    private static let formulas = [
        "$" + String(repeating: "{", count: 100_000) + "x" + String(repeating: "}", count: 100_000) + "$",
        "$$" + String(repeating: "x+", count: 500_000) + "$$",
        "$$" + String(repeating: "\\frac{1}{", count: 10_000) + "x" + String(repeating: "}", count: 10_000) + "$$",
        "$$\\begin{pmatrix}" + String(repeating: "1 & ", count: 4_999) + "1\\end{pmatrix}$$",
    ]

    func testEachHostileFormulaRendersBoundedAndNothingIsLost() {
        for formula in Self.formulas {
            let html = "<p>before</p><p>" + formula + "</p><p>after</p>"
            let document = HTMLRenderer.render(html: html, width: 80, styleCode: nil, math: MathOptions.forSite("math"),
                                               isCancelled: { false })!
            let lines = document.plainLines
            XCTAssertEqual(lines.first, "before")
            XCTAssertEqual(lines.last, "after")
            XCTAssertTrue(lines.allSatisfy { TextWidth.of($0) <= 80 })
            // The text is kept (cut at the renderer's paragraph limit as any paragraph is), never multiplied.
            let shown = lines.reduce(0) { $0 + $1.utf8.count }
            XCTAssertLessThan(shown, formula.utf8.count * 4 + 1_000, "bounded output for \(formula.prefix(30))…")
            XCTAssertLessThan(lines.count, 40_000)
        }
    }
}
