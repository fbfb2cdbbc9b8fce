import StackDump
import TeXMath
import TestSupport
import XCTest
@testable import TextEngine

/// Bodies laid out again from TeXMath's formula cache look exactly as when every formula is typeset: quantumcomputing's
/// posts with the most math, at widths where displays fit and where they fall back to one line, in both glyph sets.
final class FormulaCacheBodyTests: XCTestCase {
    func testBodiesLaidOutAgainAreTheBodiesTypesetAfresh() throws {
        guard let folder = SharedData.path("dumps/quantumcomputing") else {
            throw XCTSkip("shared data not found: set STACKTERM_DATA or put ../shared/data beside the package")
        }
        let delimiters = try XCTUnwrap(MathSites.delimiters(forSite: "quantumcomputing"))
        let richest = try DumpReader.posts(inFolder: folder).map { ($0, MathSpans.split($0.body, delimiters).count) }
            .sorted { $0.1 > $1.1 }.prefix(40).map(\.0)
        for style in [MathStyle.unicode, .ascii] {
            let options = MathOptions(delimiters: delimiters, style: style)
            for post in richest {
                func fresh(_ width: Int) -> RenderedDocument {
                    FormulaCache.shared.removeAll()
                    return render(post.body, width: width, options)
                }
                let wide = fresh(100)
                let narrowAfterWide = render(post.body, width: 24, options)
                let narrow = fresh(24)
                let wideAfterNarrow = render(post.body, width: 100, options)
                let wideAgain = render(post.body, width: 100, options)
                XCTAssertEqual(narrowAfterWide, narrow, "post \(post.id), \(style): 24 columns after 100")
                XCTAssertEqual(wideAfterNarrow, wide, "post \(post.id), \(style): 100 columns after 24")
                XCTAssertEqual(wideAgain, wide, "post \(post.id), \(style): 100 columns again")
            }
        }
        XCTAssertGreaterThan(FormulaCache.shared.counts.hits, 0)
    }

    private func render(_ html: String, width: Int, _ math: MathOptions) -> RenderedDocument {
        HTMLRenderer.render(html: html, width: width, styleCode: nil, math: math, isCancelled: { false })!
    }
}
