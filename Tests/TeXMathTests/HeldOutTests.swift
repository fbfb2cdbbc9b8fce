import Foundation
import TeXMath
import XCTest

/// Held-out formulas (`HeldOut+*.swift`): typical of mathematics, physics and statistics posts, written for this
/// check and not used to tune the engine (none is in the formula tables or the quantumcomputing dump).
enum HeldOut {
    /// Every inline formula.
    static var inline: [String] { mathematicsInline + physicsInline + statisticsInline }
    /// Every display formula.
    static var display: [String] { mathematicsDisplay + physicsDisplay + statisticsDisplay }

    /// Whether `result` is readable: rendered, with no TeX command, no `^{`/`_{` and balanced braces left.
    static func isReadable(_ result: MathResult) -> Bool {
        guard case .rendered(let lines) = result else { return false }
        let text = lines.joined(separator: "\n")
        if text.range(of: #"\\[A-Za-z]"#, options: .regularExpression) != nil { return false }
        if text.contains("^{") || text.contains("_{") { return false }
        var depth = 0
        for character in text {
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    /// Whether `tex` holds a construct drawn in two dimensions in display math (fraction, matrix, cases, sum).
    static func isTwoDimensional(_ tex: String) -> Bool {
        [#"\frac"#, #"\dfrac"#, #"\cfrac"#, #"\binom"#, "matrix}", "cases}", #"\sum"#, #"\prod"#].contains { tex.contains($0) }
    }
}

/// Issue 30's held-out check: ≥ 95 % of the held-out formulas readable with no TeX left, display math in two
/// dimensions. Run `swift test --filter TeXMathTests.HeldOutTests` to see the share and the failures.
final class HeldOutTests: XCTestCase {
    private let renderer = MathRenderer()

    func testHeldOutSetIsLargeEnough() {
        XCTAssertGreaterThanOrEqual(HeldOut.inline.count + HeldOut.display.count, 150)
        XCTAssertEqual(Set(HeldOut.inline + HeldOut.display).count, HeldOut.inline.count + HeldOut.display.count)
    }

    func testHeldOutFormulasAreNotInTheTables() {
        let squeezed = { (tex: String) in tex.filter { $0 != " " } }
        let tables = FormulaTable.allInline.map(\.0) + FormulaTable.allDisplay.map(\.0) + FormulaTable.asciiInline.map(\.0)
            + FormulaTable.asciiDisplay.map(\.0)
        let tuned = Set(tables.map(squeezed))
        XCTAssertEqual((HeldOut.inline + HeldOut.display).filter { tuned.contains(squeezed($0)) }, [])
    }

    func testHeldOutShareIsReadable() {
        var failures: [String] = []
        for tex in HeldOut.inline where !HeldOut.isReadable(renderer.inline(tex)) {
            failures.append("inline\t\(tex)\t\(renderer.inline(tex))")
        }
        for tex in HeldOut.display where !HeldOut.isReadable(renderer.display(tex, maxWidth: 80)) {
            failures.append("display\t\(tex)\t\(renderer.display(tex, maxWidth: 80))")
        }
        let total = HeldOut.inline.count + HeldOut.display.count
        let share = Double(total - failures.count) / Double(total)
        print("TeXMath held-out: \(total - failures.count) of \(total) readable (\((share * 10_000).rounded() / 100) %), "
              + "\(HeldOut.inline.count) inline, \(HeldOut.display.count) display")
        for failure in failures { print("  " + failure) }
        XCTAssertGreaterThanOrEqual(share, 0.95)
    }

    func testHeldOutDisplayOfFractionsMatricesAndSumsIsTwoDimensional() {
        var flat: [String] = []
        for tex in HeldOut.display where HeldOut.isTwoDimensional(tex) {
            let result = renderer.display(tex, maxWidth: 80)
            if let lines = result.lines, lines.count < 2 { flat.append("\(tex)\t\(lines)") }
        }
        for line in flat { print("  one line: " + line) }
        XCTAssertEqual(flat, [])
    }
}
