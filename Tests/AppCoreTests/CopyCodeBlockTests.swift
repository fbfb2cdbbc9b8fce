import AppCore
import ReducerTestSupport
import StackAPI
import TeXMath
import TestSupport
import XCTest

/// `Y`: in a question it copies the code block at the top of the view (the layout's measure carries each block's text),
/// or says there is none; elsewhere it does nothing.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class CopyCodeBlockTests: XCTestCase {
    private func questionStore() throws -> ReducerTestStore {
        let store = try ReducerTestStore.listing(5, rows: 24)
        try store.openSelectedQuestion(loading: QuestionThread(question: Fixtures.question(id: 1), answers: []))
        let blocks = [ThreadMeasure.CodeBlock(rows: 5..<9, text: "main = pure ()\n"),
                      ThreadMeasure.CodeBlock(rows: 20..<22, text: "print(1)\n")]
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 200, postStarts: [1: 0], blocks: [], codeBlocks: blocks))
        return store
    }

    func testYIsBoundAndDocumented() {
        XCTAssertEqual(Keymap.standard.command(for: .character("Y")), .copyCodeBlock)
        XCTAssertEqual(Keymap.standard.command(for: .character("y")), .copyLink, "y still copies the link")
        XCTAssertTrue(Command.copyCodeBlock.help.contains("code block"))
    }

    func testInAQuestionYCopiesTheBlockAtTheTopOfTheViewElseTheFirstInView() throws {
        let store = try questionStore()
        for _ in 0..<7 { store.perform(.moveDown) }
        store.send(.key(.character("Y"))) { XCTAssertEqual($0.thread?.scroll, 7, "the view stays where it was") }
        store.expectEffects([.copyCode("main = pure ()\n")], "the block drawn on the top row")
        for _ in 0..<3 { store.perform(.moveDown) }
        store.send(.key(.character("Y")))
        let rows = store.state.viewport.contentRows
        XCTAssertGreaterThan(10 + rows, 20, "the second block starts in view")
        store.expectEffects([.copyCode("print(1)\n")], "the first block starting in view")
    }

    func testWithNoBlockInViewYSaysSo() throws {
        let store = try questionStore()
        for _ in 0..<60 { store.perform(.moveDown) }
        store.send(.key(.character("Y")))
        store.expectEffects([.copyCode(nil)])
    }

    func testTheBlockInViewIsTheOneOnTheTopRowElseTheFirstStartingBelow() {
        let measure = ThreadMeasure(lineCount: 20, postStarts: [:], blocks: [],
                                    codeBlocks: [.init(rows: 2..<5, text: "first"), .init(rows: 8..<9, text: "second")])
        XCTAssertEqual(measure.codeBlock(inViewFrom: 3, rows: 10)?.text, "first", "drawn on the top row")
        XCTAssertEqual(measure.codeBlock(inViewFrom: 0, rows: 10)?.text, "first", "the first that starts in view")
        XCTAssertEqual(measure.codeBlock(inViewFrom: 5, rows: 10)?.text, "second")
        XCTAssertNil(measure.codeBlock(inViewFrom: 5, rows: 3), "none starts in rows 5-7")
        XCTAssertNil(measure.codeBlock(inViewFrom: 9, rows: 10))
    }

    func testWithNoBlockInViewYCopiesTheFirstInlineFormulaShownInView() throws {
        let store = try ReducerTestStore.listing(5, rows: 24)
        try store.openSelectedQuestion(loading: QuestionThread(question: Fixtures.question(id: 1), answers: []))
        var lineTexts = Array(repeating: "words", count: 200)
        lineTexts[40] = "so α is small"
        lineTexts[41] = "and β too"
        var measure = ThreadMeasure(lineCount: 200, postStarts: [1: 0], blocks: [], lineTexts: lineTexts,
                                    codeBlocks: [ThreadMeasure.CodeBlock(rows: 5..<9, text: "main = pure ()\n")])
        measure.inlineFormulas = [FormulaPlacement(rows: 40..<42, shown: "α", text: "$\\alpha$"),
                                  FormulaPlacement(rows: 40..<42, shown: "β", text: "$\\beta$")]
        store.layOut(questionID: 1, measure)
        store.send(.key(.character("Y")))
        store.expectEffects([.copyCode("main = pure ()\n")], "a block in view comes first")
        for _ in 0..<30 { store.perform(.moveDown) }
        store.send(.key(.character("Y")))
        store.expectEffects([.copyCode("$\\alpha$")], "the first formula of a paragraph in view")
        for _ in 0..<11 { store.perform(.moveDown) }
        store.send(.key(.character("Y")))
        store.expectEffects([.copyCode("$\\beta$")], "α's row is above the view: the formula shown on a row in view")
        for _ in 0..<10 { store.perform(.moveDown) }
        store.send(.key(.character("Y")))
        store.expectEffects([.copyCode(nil)])
    }

    func testOnTheListYDoesNothing() throws {
        let store = try questionStore()
        let cancels = store.leavingQuestionCancels
        store.send(.command(.back))
        store.expectEffects(cancels, "the store's reads still waiting")
        XCTAssertEqual(store.state.screen, .questionList)
        store.press(.character("Y"))
    }
}
