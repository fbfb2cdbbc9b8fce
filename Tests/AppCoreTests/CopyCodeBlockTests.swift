import AppCore
import StackAPI
import TestSupport
import XCTest

/// `Y`: in a question it asks the runtime for the code block at the top of the view; elsewhere it does nothing.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class CopyCodeBlockTests: XCTestCase {
    private func questionStore() throws -> ReducerTestStore {
        let store = try ReducerTestStore.listing(5, rows: 24)
        try store.openSelectedQuestion(loading: QuestionThread(question: Fixtures.question(id: 1), answers: []))
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 200, postStarts: [1: 0], blocks: []))
        return store
    }

    func testYIsBoundAndDocumented() {
        XCTAssertEqual(Keymap.standard.command(for: .character("Y")), .copyCodeBlock)
        XCTAssertEqual(Keymap.standard.command(for: .character("y")), .copyLink, "y still copies the link")
        XCTAssertTrue(Command.copyCodeBlock.help.contains("code block"))
    }

    func testInAQuestionYAsksForTheBlockAtTheTopOfTheView() throws {
        let store = try questionStore()
        for _ in 0..<7 { store.perform(.moveDown) }
        let rows = store.state.viewport.contentRows
        store.send(.key(.character("Y"))) { XCTAssertEqual($0.thread?.scroll, 7, "the view stays where it was") }
        store.expectEffects([.copyCodeBlock(top: 7, rows: rows)])
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
