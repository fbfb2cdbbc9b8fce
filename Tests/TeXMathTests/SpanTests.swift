import TeXMath
import XCTest

/// `MathSpans.split`: tex2jax's rules on one text run.
final class SpanTests: XCTestCase {
    private func split(_ text: String, _ delimiters: MathDelimiters = .standard) -> [MathSegment] {
        MathSpans.split(text, delimiters)
    }

    func testInlineAndDisplayDelimiters() {
        XCTAssertEqual(split("Let $x$ be"), [.text("Let "), .inline("x"), .text(" be")])
        XCTAssertEqual(split(#"so \(a+b\) holds"#), [.text("so "), .inline("a+b"), .text(" holds")])
        XCTAssertEqual(split("$$x^2$$"), [.display("x^2")])
        XCTAssertEqual(split(#"\[ y \]"#), [.display(" y ")])
        XCTAssertEqual(split("$a$$b$"), [.inline("a"), .inline("b")])
    }

    func testDoubleDollarIsDisplayNotTwoInlines() {
        XCTAssertEqual(split("a $$x$$ b $y$"), [.text("a "), .display("x"), .text(" b "), .inline("y")])
    }

    func testEscapedDollarIsLiteral() {
        XCTAssertEqual(split(#"costs \$5 and \$10"#), [.text("costs $5 and $10")])
        XCTAssertEqual(split(#"\$ then $x$"#), [.text("$ then "), .inline("x")])
        XCTAssertEqual(split(#"a \\$x$"#), [.text(#"a \"#), .inline("x")])
    }

    func testDollarInsideMathEscapedDoesNotClose() {
        XCTAssertEqual(split(#"$a\$b$"#), [.inline(#"a\$b"#)])
    }

    func testUnclosedDollarStaysTextAndEndsTheRun() {
        XCTAssertEqual(split("costs $5 today"), [.text("costs $5 today")])
        XCTAssertEqual(split(#"$5 then \(x\)"#), [.text(#"$5 then \(x\)"#)])
    }

    func testMoneyOnAMathJaxSiteIsMathAsMathJaxDoes() {
        XCTAssertEqual(split("$5 and $10"), [.inline("5 and "), .text("10")])
    }

    func testCloseInsideBracesDoesNotEndMath() {
        XCTAssertEqual(split("${a$b}$ c"), [.inline("{a$b}"), .text(" c")])
        XCTAssertEqual(split("${a$ b"), [.inline("{a"), .text(" b")])
    }

    func testEnvironmentsAreDisplayMathWithTheirBeginAndEnd() {
        let text = #"see \begin{align} a &= b \end{align} now"#
        XCTAssertEqual(split(text), [.text("see "), .display(#"\begin{align} a &= b \end{align}"#), .text(" now")])
        XCTAssertEqual(split(#"\begin{equation*}x\end{equation*}"#), [.display(#"\begin{equation*}x\end{equation*}"#)])
    }

    func testElectricalEngineeringDelimiters() {
        let ee = MathDelimiters.electronics
        XCTAssertEqual(split("a $5 resistor", ee), [.text("a $5 resistor")])
        XCTAssertEqual(split(#"where \$R_1\$ is $2"#, ee), [.text("where "), .inline("R_1"), .text(" is $2")])
        XCTAssertEqual(split("$$V=IR$$", ee), [.display("V=IR")])
    }

    func testTextWithoutMathIsOneSegment() {
        XCTAssertEqual(split("plain text"), [.text("plain text")])
        XCTAssertEqual(split(""), [])
    }

    func testNonASCIIAroundMathStaysWhole() {
        XCTAssertEqual(split("é $α$ 日本"), [.text("é "), .inline("α"), .text(" 日本")])
    }

    func testSitesTable() {
        for site in ["math", "mathoverflow.net", "physics", "stats", "cstheory", "cs", "quantumcomputing", "chemistry",
                     "economics", "dsp", "crypto", "quant", "ai", "datascience", "astronomy", "engineering",
                     "matheducators", "hsm", "scicomp", "or"] {
            XCTAssertEqual(MathSites.delimiters(forSite: site), .standard, site)
        }
        XCTAssertEqual(MathSites.delimiters(forSite: "electronics"), .electronics)
        XCTAssertEqual(MathSites.delimiters(forSite: "https://math.stackexchange.com/"), .standard)
        XCTAssertEqual(MathSites.delimiters(forSite: "math.meta"), .standard)
        XCTAssertEqual(MathSites.delimiters(forSite: "mathoverflow"), .standard)
        XCTAssertNil(MathSites.delimiters(forSite: "stackoverflow"))
        XCTAssertNil(MathSites.delimiters(forSite: "cardano"))
    }
}
