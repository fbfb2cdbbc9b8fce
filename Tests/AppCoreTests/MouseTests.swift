import AppCore
import StackAPI
import TestSupport
import XCTest

/// The mouse (issue 9, part 10): the wheel scrolls like three arrow presses, a click selects the list row under
/// the pointer, a double click opens it.
final class MouseTests: XCTestCase {
    /// 40 questions (ids 1-40) on a 24-row terminal: rows 2-22 show 21 of them.
    private func listState() throws -> AppState {
        try AppState.listing(40, rows: 24)
    }

    private func mouse(_ kind: MouseEvent.Kind, row: Int, in state: inout AppState) {
        _ = Reducer.reduce(&state, .key(.mouse(MouseEvent(kind, row: row, column: 10))))
    }

    func testTheWheelMovesThreeRowsAtATime() throws {
        var state = try listState()
        mouse(.wheelDown, row: 5, in: &state)
        XCTAssertEqual(state.list.selection, 3)
        mouse(.wheelDown, row: 5, in: &state)
        mouse(.wheelUp, row: 5, in: &state)
        XCTAssertEqual(state.list.selection, 3)
    }

    func testAClickSelectsTheRowUnderThePointerEvenWhenScrolled() throws {
        var state = try listState()
        mouse(.click, row: 2 + 4, in: &state)
        XCTAssertEqual(state.list.selection, 4)
        for _ in 0..<26 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        XCTAssertEqual(state.list.selection, 30)
        XCTAssertEqual(state.list.scrollOffset, 10, "30 is the last of the 21 rows shown")
        mouse(.click, row: 2, in: &state)
        XCTAssertEqual(state.list.selection, 10, "the first row shown")
        XCTAssertEqual(state.screen, .questionList, "a single click only selects")
    }

    func testAClickOnTheHeadersOrBelowTheRowsDoesNothing() throws {
        var state = try listState()
        mouse(.click, row: 3, in: &state)
        for row in [0, 1, 23, 40, -1] {
            mouse(.click, row: row, in: &state)
            XCTAssertEqual(state.list.selection, 1, "row \(row)")
        }
    }

    func testADoubleClickOpensTheQuestionUnderThePointer() throws {
        var state = try listState()
        mouse(.doubleClick, row: 2 + 1, in: &state)
        guard case .question(let thread) = state.top else { return XCTFail("no question opened: \(state.screen)") }
        XCTAssertEqual(thread.questionID, 2)
    }

    func testTheMouseIsIgnoredUnderAPrompt() throws {
        var state = try listState()
        _ = Reducer.reduce(&state, .key(.character("/")))
        XCTAssertNotNil(state.prompt)
        mouse(.wheelDown, row: 5, in: &state)
        mouse(.doubleClick, row: 5, in: &state)
        XCTAssertNotNil(state.prompt, "the prompt stays open")
        XCTAssertEqual(state.list.selection, 0)
    }
}
