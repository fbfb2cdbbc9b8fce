import Foundation
import TeXMath
import XCTest

/// Issue 30's measure on real data: the share of quantumcomputing's math spans rendered with no TeX command
/// left (see Sources/TeXMath/COVERAGE.md; scripts/math-coverage.py gives pylatexenc's share on the same spans).
final class CoverageTests: XCTestCase {
    func testQuantumComputingCoverage() throws {
        guard let corpus = PostCorpus(dump: "quantumcomputing") else {
            throw XCTSkip("quantumcomputing dump not found (set STACKTERM_DATA or put ../shared/data beside the package)")
        }
        var rendered = 0
        var linearScripts = 0
        var failures: [String: Int] = [:]
        var examples: [String] = []
        for span in corpus.spans {
            let renderer = MathRenderer(macros: corpus.macros[span.post] ?? MacroTable())
            let result = span.display ? renderer.display(span.tex, maxWidth: 100) : renderer.inline(span.tex)
            switch result {
            case .rendered(let lines):
                XCTAssertFalse(lines.joined().contains { $0 == "\\" } && lines.joined().range(of: #"\\[A-Za-z]"#, options: .regularExpression) != nil,
                               "a command left in \(lines)")
                rendered += 1
                if lines.joined().contains(where: { $0 == "^" || $0 == "_" }) { linearScripts += 1 }
            case .source(let reason):
                failures[reason, default: 0] += 1
                examples.append("\(span.post)\t\(reason)\t\(span.tex.prefix(200).replacingOccurrences(of: "\n", with: " "))")
            }
        }
        let share = Double(rendered) / Double(max(1, corpus.spans.count))
        let percent = (share * 10_000).rounded() / 100
        print("TeXMath coverage: \(rendered) of \(corpus.spans.count) spans (\(percent) %) of \(corpus.posts) posts; "
              + "\(linearScripts) of them hold a linear script (x^(k+1), x_(i,j))")
        for (reason, count) in failures.sorted(by: { $0.value > $1.value }).prefix(15) { print("  \(count)\t\(reason)") }
        try? examples.joined(separator: "\n").write(toFile: NSTemporaryDirectory() + "qc-failures.txt", atomically: true, encoding: .utf8)
        XCTAssertGreaterThanOrEqual(share, 0.95)
    }
}
