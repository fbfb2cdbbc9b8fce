import AppCore
import Foundation
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import XCTest

/// Issue 21: at the bottom of a thread `]`/`[` and the status line's `answer i/n` say the same thing. The current
/// answer is the one `]`/`[` went to (even when the view cannot scroll its start to the top), else at the bottom the
/// last one whose start is on screen, else the one at the top of the view.
final class AnswerAtBottomTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A question with six answers, the last three one short paragraph each, laid out in a 16-row terminal.
    private func opened() throws -> (ReducerTestStore, ThreadLayoutCache) {
        let long = (1...12).map { "<p>Paragraph \($0) about the ledger.</p>" }.joined()
        let question = Fixtures.question(id: 1, title: "Plutus scripts", body: "<p>How do Plutus scripts run?</p>" + long)
        let answers = (1...6).map { Fixtures.answer(id: 10 + $0, question: 1, body: $0 <= 3 ? long : "<p>Short answer \($0).</p>") }
        return try OpenedThread.store(QuestionThread(question: question, answers: answers), columns: 60, rows: 16,
                                      now: now)
    }

    /// Presses `key` (which asks for nothing), then returns the status line (the message, if the key left one) and,
    /// as it shows once the next key clears the message, the position it shows.
    private func press(_ key: Character, _ store: ReducerTestStore, _ cache: ThreadLayoutCache,
                       line: UInt = #line) -> (message: String?, status: String) {
        store.press(.character(key), line: line)
        cache.layOut(store, now: now, line: line)
        var state = store.state
        let message = state.status.message
        state.shared.status.message = nil
        let status = AppScreen.render(state, cache: cache, now: now).buffer.lines.last ?? ""
        return (message, status)
    }

    func testNextAnswerReachesEveryAnswerAndTheStatusFollowsIt() throws {
        let (store, cache) = try opened()
        for number in 1...6 {
            let (message, status) = press("]", store, cache)
            XCTAssertNil(message, "] to answer \(number)")
            XCTAssertTrue(status.hasPrefix(" answer \(number)/6 · "), "] to answer \(number): \(status)")
            if number == 6 { XCTAssertTrue(status.contains("Bottom"), "the last answers are reached at the bottom: \(status)") }
        }
        XCTAssertEqual(press("]", store, cache).message, "No answer below")
        for number in [5, 4] {
            let (message, status) = press("[", store, cache)
            XCTAssertNil(message)
            XCTAssertTrue(status.hasPrefix(" answer \(number)/6 · "), "[ to answer \(number): \(status)")
        }
    }

    func testAtTheBottomTheLastAnswerStartingOnScreenIsCurrent() throws {
        let (store, cache) = try opened()
        let (_, status) = press("G", store, cache)
        XCTAssertTrue(status.hasPrefix(" answer 6/6 · Bottom"), status)
        XCTAssertEqual(press("]", store, cache).message, "No answer below", "] agrees that answer 6 is the last")
        XCTAssertTrue(press("[", store, cache).status.hasPrefix(" answer 5/6 · Bottom"))
        let up = press("k", store, cache).status
        XCTAssertTrue(up.hasPrefix(" answer 3/6 · ") && !up.contains("Bottom"), "moving on leaves the bottom: the top's answer again: \(up)")
    }
}
