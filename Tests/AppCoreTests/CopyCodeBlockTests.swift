import AppCore
import StackAPI
import TestSupport
import XCTest

/// `Y`: in a question it asks the runtime for the code block at the top of the view; elsewhere it does nothing.
final class CopyCodeBlockTests: XCTestCase {
    private func questionState() throws -> AppState {
        var state = try AppState.listing(5, rows: 24)
        for case let .loadThread(thread, _, _, _, _) in Reducer.reduce(&state, .command(.open)) {
            _ = Reducer.reduce(&state, .threadLoaded(thread, .success(QuestionThread(question: Fixtures.question(id: 1), answers: []))))
        }
        state.threadLaidOut(questionID: 1, ThreadMeasure(lineCount: 200, postStarts: [1: 0], blocks: []))
        return state
    }

    func testYIsBoundAndDocumented() {
        XCTAssertEqual(Keymap.standard.command(for: .character("Y")), .copyCodeBlock)
        XCTAssertEqual(Keymap.standard.command(for: .character("y")), .copyLink, "y still copies the link")
        XCTAssertTrue(Command.copyCodeBlock.help.contains("code block"))
    }

    func testInAQuestionYAsksForTheBlockAtTheTopOfTheView() throws {
        var state = try questionState()
        for _ in 0..<7 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        let rows = state.viewport.contentRows
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("Y"))), [.copyCodeBlock(top: 7, rows: rows)])
        XCTAssertEqual(state.thread?.scroll, 7, "the view stays where it was")
    }

    func testOnTheListYDoesNothing() throws {
        var state = try questionState()
        _ = Reducer.reduce(&state, .command(.back))
        XCTAssertEqual(state.screen, .questionList)
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("Y"))), [])
    }
}
