import TeXMath
import XCTest

/// Controls for the held-out check: what must never count as readable, and the dollar rules around it.
final class ControlTests: XCTestCase {
    private let renderer = MathRenderer()

    func testUnknownMacroIsSourceNeverDropped() {
        for tex in [#"\foo{x}"#, #"a + \foo{x} = b"#, #"\frac{\foo}{2}"#, #"\begin{pmatrix}\foo & 1\end{pmatrix}"#] {
            XCTAssertEqual(renderer.inline(tex), .source(reason: #"unknown command \foo"#), tex)
            XCTAssertEqual(renderer.display(tex, maxWidth: 80), .source(reason: #"unknown command \foo"#), tex)
            XCTAssertEqual(MathRenderer(style: .ascii).inline(tex), .source(reason: #"unknown command \foo"#), tex)
            XCTAssertFalse(HeldOut.isReadable(renderer.inline(tex)), tex)
        }
    }

    func testReadableRejectsLeftoverTeX() {
        XCTAssertTrue(HeldOut.isReadable(.rendered(["{x ∈ ℝ : x > 0}"])))
        XCTAssertFalse(HeldOut.isReadable(.rendered([#"\alpha"#])))
        XCTAssertFalse(HeldOut.isReadable(.rendered(["x^{2}"])))
        XCTAssertFalse(HeldOut.isReadable(.rendered(["a_{ij}"])))
        XCTAssertFalse(HeldOut.isReadable(.rendered(["{x"])))
        XCTAssertFalse(HeldOut.isReadable(.rendered(["x}{"])))
        XCTAssertFalse(HeldOut.isReadable(.source(reason: "unknown command \\foo")))
    }

    func testEscapedDollarInTextIsADollarAndDoesNotOpenMath() {
        XCTAssertEqual(MathSpans.split(#"it costs \$5, and $x$ is"#, .standard),
                       [.text("it costs $5, and "), .inline("x"), .text(" is")])
        XCTAssertEqual(MathSpans.split(#"\$3 to \$4"#, .standard), [.text("$3 to $4")])
        XCTAssertEqual(MathSpans.split(#"$\text{costs \$5}$"#, .standard), [.inline(#"\text{costs \$5}"#)])
        XCTAssertEqual(renderer.inline(#"\text{costs \$5}"#), .rendered(["costs $5"]))
    }

    func testBareDollarsOnElectricalEngineeringStayText() {
        XCTAssertEqual(MathSpans.split("$5 and $10", .electronics), [.text("$5 and $10")])
        XCTAssertEqual(MathSpans.split(#"$5 and \$V_{CC}\$ at $10"#, .electronics),
                       [.text("$5 and "), .inline("V_{CC}"), .text(" at $10")])
    }
}
