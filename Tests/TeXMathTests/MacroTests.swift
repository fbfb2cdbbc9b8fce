import TeXMath
import XCTest

/// `\newcommand`, `\renewcommand`, `\def` and `\DeclareMathOperator` collected from a post and used in its spans.
final class MacroTests: XCTestCase {
    func testMacrosDefinedInOneSpanWorkInAnother() {
        let spans = [#"\newcommand{\R}{\mathbb{R}}"#, #"f: \R \to \R"#]
        let macros = MacroTable(collectingFrom: spans)
        XCTAssertEqual(macros.count, 1)
        XCTAssertTrue(macros.defines("R"))
        let renderer = MathRenderer(macros: macros)
        XCTAssertEqual(renderer.inline(spans[0]), .rendered([""]))
        XCTAssertEqual(renderer.inline(spans[1]), .rendered(["f : ℝ → ℝ"]))
        XCTAssertEqual(MathRenderer().inline(spans[1]), .source(reason: #"unknown command \R"#))
    }

    func testParametersAndOptionalDefault() {
        let macros = MacroTable(collectingFrom: [
            #"\newcommand{\ket}[1]{\left|#1\right\rangle} \newcommand\inner[2]{\langle #1|#2\rangle}"#,
            #"\newcommand{\pow}[2][2]{#2^{#1}}"#,
        ])
        let renderer = MathRenderer(macros: macros)
        XCTAssertEqual(renderer.inline(#"\ket{0} \inner{a}{b}"#), .rendered(["|0⟩⟨a|b⟩"]))
        XCTAssertEqual(renderer.inline(#"\pow{x} + \pow[3]{y}"#), .rendered(["x² + y³"]))
    }

    func testDefAndDeclareMathOperator() {
        let macros = MacroTable(collectingFrom: [#"\def\half#1{\frac{#1}{2}} \DeclareMathOperator{\Tr}{Tr}"#])
        XCTAssertEqual(MathRenderer(macros: macros).inline(#"\half{x} + \Tr\rho"#), .rendered(["x/2 + Tr ρ"]))
    }

    func testRenewcommandReplacesABuiltInCommand() {
        let macros = MacroTable(collectingFrom: [#"\renewcommand{\vec}[1]{\mathbf{#1}}"#])
        XCTAssertEqual(MathRenderer(macros: macros).inline(#"\vec{v}"#), .rendered(["𝐯"]))
    }

    func testDefinitionInsideTheSameSpanWithoutCollecting() {
        XCTAssertEqual(MathRenderer().inline(#"\def\e{\varepsilon} \e > 0"#), .rendered(["ε > 0"]))
    }

    func testRecursiveMacrosAreBounded() {
        let macros = MacroTable(collectingFrom: [#"\def\a{\a\a}"#, #"\newcommand{\b}{x\b}"#])
        let renderer = MathRenderer(macros: macros)
        XCTAssertEqual(renderer.inline(#"\a"#), .source(reason: "too many macro expansions"))
        XCTAssertEqual(renderer.inline(#"\b"#), .source(reason: "too many macro expansions"))
    }

    func testMalformedDefinitionsAreSkipped() {
        let macros = MacroTable(collectingFrom: [#"\newcommand{ab}{x} \def\x#2{y} \def\y#1}{z} \newcommand"#])
        XCTAssertEqual(macros.count, 0)
    }

    func testDelimitedDefReadsItsArgumentsUpToTheirDelimiters() {
        let macros = MacroTable(collectingFrom: [#"\def\pair(#1,#2){\langle #1 \mid #2\rangle} \def\dd.{d}"#])
        let renderer = MathRenderer(macros: macros)
        XCTAssertEqual(renderer.inline(#"\pair(a, b) = \pair({x,y},z)"#), .rendered(["⟨a ∣ b⟩ = ⟨x, y ∣ z⟩"]))
        XCTAssertEqual(renderer.inline(#"\dd. x"#), .rendered(["dx"]))
        XCTAssertEqual(renderer.inline(#"\dd x"#), .source(reason: #"\dd does not match its definition"#))
        XCTAssertEqual(MathRenderer().inline(#"\def\foo#1#2.{#1+#2} \foo x yz."#), .rendered(["x + yz"]))
        XCTAssertEqual(MathRenderer().inline(#"\def\foo#1.{#1} \foo abc"#), .source(reason: "missing delimiter of a macro argument"))
        XCTAssertEqual(MathRenderer().inline(#"\def\a#1.{\a#1.}\a x."#), .source(reason: "too many macro expansions"))
    }
}
