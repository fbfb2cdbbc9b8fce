import AppCore
import ReducerTestSupport
import StackAPI
import XCTest

/// The status line counts down a method the API paused while a load waits for it. (Reducer tests written with
/// `ReducerTestStore`: every effect is asserted.)
final class APIPauseTests: XCTestCase {
    private func makeState() -> AppState {
        AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
    }

    func testCountdownText() {
        XCTAssertEqual(APIPause(method: .questions, secondsLeft: 133).statusText, "/questions paused by the API: 2m 13s")
        XCTAssertEqual(APIPause(method: .searchAdvanced, secondsLeft: 9).statusText, "/search/advanced paused by the API: 9s")
        XCTAssertEqual(APIPause(method: .answersOfQuestions, secondsLeft: 60).statusText,
                       "/questions/{ids}/answers paused by the API: 1m 00s")
        XCTAssertEqual(APIPause(method: .questions, secondsLeft: 3 * 3_600 + 5 * 60 + 59).statusText,
                       "/questions paused by the API for over an hour: 3h 05m — Esc cancels")
        XCTAssertEqual(APIPause(method: .questions, secondsLeft: 7 * 86_400 - 1).statusText,
                       "/questions paused by the API for over a day: 6d 23h — Esc cancels")
        XCTAssertEqual(APIPause(method: .questions, secondsLeft: 86_400).statusText(cancelKey: nil),
                       "/questions paused by the API for over a day: 1d 00h")
        XCTAssertEqual(APIPause(method: .info, secondsLeft: -4).secondsLeft, 0)
    }

    func testLongestPauseIsShownAndClearedWhenItEnds() {
        let store = ReducerTestStore(makeState())
        let pauses = [APIPause(method: .questions, secondsLeft: 5), APIPause(method: .searchAdvanced, secondsLeft: 70)]
        store.send(.apiPausesChanged(pauses)) {
            XCTAssertEqual($0.status.message, "/search/advanced paused by the API: 1m 10s")
            XCTAssertFalse($0.status.isError)
        }
        store.expectEffects([])
        store.send(.apiPausesChanged([APIPause(method: .searchAdvanced, secondsLeft: 69)])) {
            XCTAssertEqual($0.status.message, "/search/advanced paused by the API: 1m 09s")
        }
        store.expectEffects([])
        store.send(.apiPausesChanged([])) {
            XCTAssertNil($0.status.message, "the countdown goes when the pause does")
            XCTAssertEqual($0.status.pauses, [])
        }
        store.expectEffects([])
    }

    func testAnotherMessageIsNotClearedWhenThePauseEnds() {
        let store = ReducerTestStore(makeState())
        store.send(.apiPausesChanged([APIPause(method: .questions, secondsLeft: 3)]))
        store.expectEffects([])
        store.send(.notify("Copied link: https://cardano.stackexchange.com/q/1", isError: false))
        store.expectEffects([])
        store.send(.apiPausesChanged([])) {
            XCTAssertEqual($0.status.message, "Copied link: https://cardano.stackexchange.com/q/1")
        }
        store.expectEffects([])
    }
}
