import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The test store fails a test that leaves an effect unasserted: at the next `send`, and when the store goes away.
final class ReducerTestStoreTests: XCTestCase {
    /// A store whose failures are collected in `failures` instead of failing this test.
    private final class Recorder {
        var failures: [String] = []
        func store(_ state: AppState) -> ReducerTestStore {
            ReducerTestStore(state) { [unowned self] message, _, _ in failures.append(message) }
        }
    }

    private func fresh() -> AppState {
        AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
    }

    func testAnEffectLeftUnassertedFailsAtTheNextSend() {
        let recorder = Recorder()
        let store = recorder.store(fresh())
        store.send(.start)
        store.send(.command(.moveDown))
        XCTAssertEqual(recorder.failures.count, 1, "\(recorder.failures)")
        XCTAssertTrue(recorder.failures.first?.contains("LoadRequest.questions") == true, "the failure names the effects: \(recorder.failures)")
        store.expectEffects([])
    }

    func testAnEffectLeftUnassertedFailsWhenTheStoreGoesAway() {
        let recorder = Recorder()
        do {
            let store = recorder.store(fresh())
            store.send(.start)
        }
        XCTAssertEqual(recorder.failures.count, 1, "\(recorder.failures)")
    }

    func testAssertedEffectsPassAndWrongOnesFail() {
        let recorder = Recorder()
        do {
            let store = recorder.store(fresh())
            store.send(.start)
            let load = store.receiveQuestionsLoad()
            XCTAssertEqual(load?.page, 1)
            store.receive(.load(LoadToken(2), .siteMemory(site: "cardano")))
            store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: []))))
            XCTAssertEqual(recorder.failures, [], "every effect asserted")

            store.send(.command(.cycleSort))
            store.expectEffects([.quit(exitCode: 0)])
        }
        XCTAssertEqual(recorder.failures.count, 1, "a wrong list fails once, and consumes the effects: \(recorder.failures)")
    }
}
