import TeXMath
import XCTest

/// Hostile TeX renders or falls back quickly, with bounded output and no deep recursion. (No timing asserts:
/// each case runs well under a second in a debug build.)
final class HostileTests: XCTestCase {
    private let renderer = MathRenderer()

    private func assertBounded(_ tex: String, file: StaticString = #filePath, line: UInt = #line) {
        for result in [renderer.inline(tex), renderer.display(tex, maxWidth: 100), MathRenderer(style: .ascii).inline(tex)] {
            if case .rendered(let lines) = result {
                XCTAssertLessThanOrEqual(lines.count, 120, file: file, line: line)
                XCTAssertLessThanOrEqual(lines.reduce(0) { $0 + $1.utf8.count }, 8 * tex.utf8.count + 64, file: file, line: line)
            }
        }
    }

    func testHundredThousandNestedBraces() {
        let tex = String(repeating: "{", count: 100_000) + "x" + String(repeating: "}", count: 100_000)
        XCTAssertEqual(renderer.inline(tex), .source(reason: "formula too long"))
        assertBounded(tex)
        let deep = String(repeating: "{", count: 5_000) + "x" + String(repeating: "}", count: 5_000)
        XCTAssertEqual(renderer.inline(deep), .source(reason: "nested too deeply"))
        assertBounded(deep)
    }

    func testOneMegabyteFormula() {
        let tex = String(repeating: "x+", count: 500_000) + "x"
        XCTAssertEqual(renderer.inline(tex), .source(reason: "formula too long"))
        assertBounded(tex)
    }

    func testFracNestedTenThousandDeep() {
        var tex = "x"
        for _ in 0..<10_000 { tex = #"\frac{"# + tex + "}{2}" }
        XCTAssertEqual(renderer.display(tex, maxWidth: 80), .source(reason: "formula too long"))
        assertBounded(tex)
        var prefix = ""
        for _ in 0..<1_000 { prefix += #"\frac{1}{"# }
        let shallowEnough = prefix + "x" + String(repeating: "}", count: 1_000)
        XCTAssertEqual(renderer.display(shallowEnough, maxWidth: 80), .source(reason: "nested too deeply"))
        assertBounded(shallowEnough)
    }

    func testFiveThousandColumnMatrix() throws {
        let tex = #"\begin{pmatrix}"# + Array(repeating: "1", count: 5_000).joined(separator: "&") + #"\end{pmatrix}"#
        let result = renderer.display(tex, maxWidth: 100)
        let lines = try XCTUnwrap(result.lines)
        XCTAssertEqual(lines.count, 1, "too wide for 2D: the inline form")
        XCTAssertTrue(lines[0].hasPrefix("(1, 1, 1"))
        assertBounded(tex)
    }

    func testTheFourIssueInputsInsideAPostSplitAndCollectBounded() {
        var frac = "x"
        for _ in 0..<10_000 { frac = #"\frac{"# + frac + "}{2}" }
        let inputs = [
            String(repeating: "{", count: 100_000) + "x" + String(repeating: "}", count: 100_000),
            String(repeating: "x+", count: 500_000) + "x",
            frac,
            #"\begin{pmatrix}"# + Array(repeating: "1", count: 5_000).joined(separator: "&") + #"\end{pmatrix}"#,
        ]
        for tex in inputs {
            let post = "Before $" + tex + "$ and $$" + tex + "$$ after."
            let segments = MathSpans.split(post, .standard)
            XCTAssertLessThanOrEqual(segments.count, 5)
            XCTAssertEqual(MacroTable(collectingFrom: [tex]).count, 0)
            XCTAssertLessThanOrEqual(renderer.inline(tex).lines?.first?.utf8.count ?? 0, 8 * tex.utf8.count + 64)
        }
    }

    func testTallMatrixFallsBackToOneLine() throws {
        let tex = #"\begin{bmatrix}"# + Array(repeating: "1", count: 3_000).joined(separator: #"\\"#) + #"\end{bmatrix}"#
        XCTAssertEqual(try XCTUnwrap(renderer.display(tex, maxWidth: 100).lines).count, 1)
    }

    func testExpansionBombs() {
        let bombs = [
            #"\def\a{\a\a}\a"#,
            #"\def\a{xxxxxxxxxx}\def\b{\a\a\a\a\a\a\a\a\a\a}\def\c{\b\b\b\b\b\b\b\b\b\b}\def\d{\c\c\c\c\c\c\c\c\c\c}\d\d\d\d\d\d\d\d\d\d\d\d\d"#,
            #"\newcommand{\x}[1]{#1#1#1#1}\x{\x{\x{\x{\x{\x{\x{\x{\x{\x{y}}}}}}}}}}"#,
            #"\def\a{"# + String(repeating: "x", count: 9_000) + "}" + String(repeating: #"\a"#, count: 1_900),
        ]
        for tex in bombs {
            if case .rendered = renderer.inline(tex) { XCTFail(tex) }
            assertBounded(tex)
        }
    }

    func testManyScriptsAndLongRowsStayBounded() {
        assertBounded(String(repeating: "x^2_3", count: 3_000))
        assertBounded(String(repeating: #"\left(\right)"#, count: 1_500))
        assertBounded(String(repeating: #"\sqrt{\sqrt{\sqrt{x}}}"#, count: 500))
        assertBounded(String(repeating: #"\begin{pmatrix}1\\2\end{pmatrix}"#, count: 500))
    }

    func testUnbalancedAndInvalidInputIsSource() {
        for tex in ["{", "}", "x^", "x_", "a^b^c", #"\left( x"#, #"\right)"#, #"\begin{pmatrix}1"#, #"\end{align}"#,
                    #"\frac{1}"#, "#1", #"\begin{foo}x\end{foo}"#, #"\sqrt["#, #"\text{$x"#] {
            guard case .source = renderer.inline(tex) else { return XCTFail(tex) }
        }
    }
}
