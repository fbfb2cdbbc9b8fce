import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The mouse (issue 9, part 10): the wheel scrolls like three arrow presses, a click selects the list row under
/// the pointer, a double click opens it. (Written with `ReducerTestStore`: every effect is asserted.)
final class MouseTests: XCTestCase {
    /// 40 questions (ids 1-40) on a 24-row terminal: rows 2-22 show 21 of them.
    private func listStore() throws -> ReducerTestStore {
        try ReducerTestStore.listing(40, rows: 24)
    }

    private func mouseEvent(_ kind: MouseEvent.Kind, row: Int) -> Key {
        .mouse(MouseEvent(kind, row: row, column: 10))
    }

    /// A mouse event that asks for nothing.
    private func mouse(_ kind: MouseEvent.Kind, row: Int, in store: ReducerTestStore, line: UInt = #line) {
        store.press(mouseEvent(kind, row: row), line: line)
    }

    func testTheWheelMovesThreeRowsAtATime() throws {
        let store = try listStore()
        mouse(.wheelDown, row: 5, in: store)
        XCTAssertEqual(store.state.list.selection, 3)
        mouse(.wheelDown, row: 5, in: store)
        mouse(.wheelUp, row: 5, in: store)
        XCTAssertEqual(store.state.list.selection, 3)
    }

    func testAClickSelectsTheRowUnderThePointerEvenWhenScrolled() throws {
        let store = try listStore()
        mouse(.click, row: 2 + 4, in: store)
        XCTAssertEqual(store.state.list.selection, 4)
        for _ in 0..<26 { store.perform(.moveDown) }
        XCTAssertEqual(store.state.list.selection, 30)
        XCTAssertEqual(store.state.list.scrollOffset, 10, "30 is the last of the 21 rows shown")
        mouse(.click, row: 2, in: store)
        XCTAssertEqual(store.state.list.selection, 10, "the first row shown")
        XCTAssertEqual(store.state.screen, .questionList, "a single click only selects")
    }

    func testAClickOnTheHeadersOrBelowTheRowsDoesNothing() throws {
        let store = try listStore()
        mouse(.click, row: 3, in: store)
        for row in [0, 1, 23, 40, -1] {
            mouse(.click, row: row, in: store)
            XCTAssertEqual(store.state.list.selection, 1, "row \(row)")
        }
    }

    func testADoubleClickOpensTheQuestionUnderThePointer() throws {
        let store = try listStore()
        let question = store.state.list.questions[1]
        store.send(.key(mouseEvent(.doubleClick, row: 2 + 1)))
        store.receiveQuestionOpened(2, markedRead: ReadState(question))
        guard case .question(let thread) = store.state.top else { return XCTFail("no question opened: \(store.state.screen)") }
        XCTAssertEqual(thread.questionID, 2)
    }

    func testTheMouseIsIgnoredUnderAPrompt() throws {
        let store = try listStore()
        store.press(.character("/"))
        XCTAssertNotNil(store.state.prompt)
        mouse(.wheelDown, row: 5, in: store)
        mouse(.doubleClick, row: 5, in: store)
        XCTAssertNotNil(store.state.prompt, "the prompt stays open")
        XCTAssertEqual(store.state.list.selection, 0)
    }
}
