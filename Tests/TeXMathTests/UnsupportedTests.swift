import TeXMath
import XCTest

/// Constructs a terminal cannot draw faithfully stay source as a whole, never half-rendered.
final class UnsupportedTests: XCTestCase {
    private func assertSource(_ tex: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        for renderer in [MathRenderer(), MathRenderer(style: .ascii)] {
            XCTAssertEqual(renderer.inline(tex), .source(reason: reason), tex, file: file, line: line)
            XCTAssertEqual(renderer.display(tex, maxWidth: 80), .source(reason: reason), tex, file: file, line: line)
        }
    }

    func testPositioningCommandsAreSource() {
        assertSource(#"x\raise{2pt}{*}"#, #"unknown command \raise"#)
        assertSource(#"\raise 2pt\hbox{x}"#, #"unknown command \raise"#)
        assertSource(#"\lower{1em}{x}"#, #"unknown command \lower"#)
        let drawing = #"\def\place#1#2#3{\smash{\rlap{\hskip{#1px}\raise{#2px}{#3}}}} \place{10}{20}{A} \place{30}{0}{B}"#
        assertSource(drawing, #"unknown command \raise"#)
    }

    func testEncloseNotationsWithoutATerminalFormAreSource() {
        assertSource(#"\enclose{longdiv}{123}"#, #"unsupported \enclose{longdiv}"#)
        assertSource(#"\enclose{actuarial}{n}"#, #"unsupported \enclose{actuarial}"#)
        assertSource(#"\enclose{top,bottom}{x}"#, #"unsupported \enclose{top bottom}"#)
    }

    func testMalformedSidesetAndGenfracAreSource() {
        assertSource(#"\sideset{x}{}\sum"#, #"malformed \sideset"#)
        assertSource(#"\sideset{}{'}x"#, #"\sideset without an operator"#)
        assertSource(#"\genfrac{ab}{}{0pt}{}{x}{y}"#, "malformed delimiter")
        assertSource(#"\genfrac{(}{)}{0pt}"#, "missing argument")
    }
}
