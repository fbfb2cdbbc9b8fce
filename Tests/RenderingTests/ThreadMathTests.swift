import AppCore
import Foundation
import Rendering
import StackAPI
import TeXMath
import TestSupport
import XCTest

/// A math site's thread as the question view lays it out: the header's title, the bodies, the comments and the
/// linked questions' titles all typeset; the display formula a block `}` stops at and `Y` copies as TeX, and the
/// bodies' inline formulas what `Y` copies when no block is in view.
final class ThreadMathTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    func testEveryPartOfAThreadTypesetsItsMath() throws {
        var question = Fixtures.question(id: 1, title: "Why is $\\sqrt{2}$ irrational?", body: "<p>Let $x \\in \\mathbb{Q}$.</p><p>$$\\frac{a}{b}$$</p>")
        question.tags = ["proof"]
        var state = QuestionState(questionID: 1, summary: question)
        state.thread = QuestionThread(question: question, answers: [Fixtures.answer(id: 11, question: 1, body: "<p>Since $p \\mid a^2$.</p>")])
        state.showComments = true
        state.postComments = .loaded([1: [Comment(commentID: 5, postID: 1, owner: ShallowUser(userID: 9, displayName: "Dee"),
                                                  creationDate: now, body: "Try $\\alpha$.")]])
        state.linked = .loaded([LinkedQuestion(questionID: 42, title: "Is $\\pi$ normal?", relation: .linked)])
        let math = MathOptions.forSite("math")
        let layout = try XCTUnwrap(ThreadDocument.layout(for: state, width: 60, now: now, code: nil, math: math, isCancelled: { false }))
        let text = layout.measure.lineTexts.joined(separator: "\n")
        XCTAssertTrue(text.hasPrefix("Why is √2 irrational?"), text)
        XCTAssertTrue(text.contains("Let x ∈ ℚ."), text)
        XCTAssertTrue(text.contains("Since p ∣ a²."), text)
        XCTAssertTrue(text.contains("Try α."), text)
        XCTAssertTrue(text.contains("Is π normal?"), text)
        XCTAssertFalse(text.contains("\\"), "no TeX left: \(text)")
        XCTAssertEqual(layout.measure.codeBlocks.map(\.text), ["$$\\frac{a}{b}$$"], "the display formula is a block with its TeX")

        let formulas = layout.measure.inlineFormulas
        XCTAssertEqual(formulas.map(\.text), ["$x \\in \\mathbb{Q}$", "$p \\mid a^2$"], "the bodies' inline formulas, not the comment's")
        for formula in formulas {
            XCTAssertTrue(formula.rows.contains { layout.measure.lineTexts[$0].contains(formula.shown) }, "\(formula)")
        }
        let first = try XCTUnwrap(formulas.first).rows
        XCTAssertEqual(layout.measure.copyTarget(inViewFrom: first.lowerBound, rows: first.count), "$x \\in \\mathbb{Q}$",
                       "no block on the first paragraph's rows")

        let plain = ThreadDocument.layout(for: state, width: 60, now: now).measure.lineTexts.joined(separator: "\n")
        XCTAssertTrue(plain.contains("Let $x \\in \\mathbb{Q}$."), "without math options the TeX shows as written")
    }
}
