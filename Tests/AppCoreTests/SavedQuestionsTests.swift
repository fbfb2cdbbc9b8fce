import XCTest
import AppCore
import StackAPI
import TestSupport

/// Saving (`m`) and the saved questions screen (`M`): the lists mark saved questions, the store is told, the screen
/// lists what the store holds and opens it, and `M` again goes back.
final class SavedQuestionsTests: XCTestCase {
    private func listState() throws -> AppState {
        try AppState.listing(10, rows: 12)
    }

    private func savedToken(_ effects: [Effect]) -> LoadToken? {
        for case let .loadSaved(token, _) in effects { return token }
        return nil
    }

    func testMSavesTheSelectedQuestionAndAgainUnsavesIt() throws {
        var state = try listState()
        _ = Reducer.reduce(&state, .command(.moveDown))
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("m"))), [.setSaved(site: "cardano", questionID: 2, saved: true)])
        XCTAssertEqual(state.shared.savedIDs, [2])
        XCTAssertEqual(state.status.message, "Saved: kept offline for good — M lists saved questions")
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("m"))), [.setSaved(site: "cardano", questionID: 2, saved: false)])
        XCTAssertEqual(state.shared.savedIDs, [])
        XCTAssertEqual(state.status.message, "No longer saved")
    }

    func testMInAQuestionSavesThatQuestion() throws {
        var state = try listState()
        _ = Reducer.reduce(&state, .command(.bottom))
        _ = Reducer.reduce(&state, .command(.open))
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("m"))), [.setSaved(site: "cardano", questionID: 10, saved: true)])
        XCTAssertTrue(state.shared.savedIDs.contains(10))
    }

    func testTheSavedScreenListsTheStoresQuestionsOpensThemAndMReturns() throws {
        var state = try listState()
        let effects = Reducer.reduce(&state, .key(.character("M")))
        let token = try XCTUnwrap(savedToken(effects), "\(effects)")
        XCTAssertEqual(state.screen, .savedList)
        let saved = [Fixtures.question(id: 900, title: "Saved long ago", body: "<p>kept</p>"), Fixtures.question(id: 3, title: "Question 3")]
        _ = Reducer.reduce(&state, .savedLoaded(token, .success(saved)))
        guard case .saved(let screen) = state.top else { return XCTFail("\(state.screens)") }
        XCTAssertEqual(screen.rows.items.map(\.questionID), [900, 3])
        XCTAssertEqual(screen.rows.end, .noMore)

        // Enter opens the selected saved question with the store's copy shown at once.
        let opened = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screen, .question(id: 900))
        XCTAssertEqual(state.thread?.summary?.body, "<p>kept</p>")
        XCTAssertTrue(opened.contains { if case .loadThread(_, 900, "cardano", false, _) = $0 { true } else { false } }, "\(opened)")
        _ = Reducer.reduce(&state, .key(.character("q")))
        XCTAssertEqual(state.screen, .savedList)
        _ = Reducer.reduce(&state, .key(.character("M")))
        XCTAssertEqual(state.screens, [.questionList])
    }

    func testMOnTheSavedScreenUnsavesTheRowButKeepsItListed() throws {
        var state = try listState()
        let token = try XCTUnwrap(savedToken(Reducer.reduce(&state, .key(.character("M")))))
        _ = Reducer.reduce(&state, .siteMemoryLoaded(try XCTUnwrap(state.shared.siteMemoryLoad), searches: [], savedIDs: [900]))
        _ = Reducer.reduce(&state, .savedLoaded(token, .success([Fixtures.question(id: 900)])))
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("m"))), [.setSaved(site: "cardano", questionID: 900, saved: false)])
        guard case .saved(let screen) = state.top else { return XCTFail("\(state.screens)") }
        XCTAssertEqual(screen.rows.items.map(\.questionID), [900], "the row stays so m can save it again")
        XCTAssertFalse(state.shared.savedIDs.contains(900))
    }

    func testAFailedLoadSaysWhyAndTheSavedKeysSayWhereTheyWork() throws {
        var state = try listState()
        let token = try XCTUnwrap(savedToken(Reducer.reduce(&state, .key(.character("M")))))
        _ = Reducer.reduce(&state, .savedLoaded(token, .failure(.offline(detail: "there is no local store, so nothing is saved"))))
        XCTAssertTrue(state.status.message?.contains("no local store") == true, "\(String(describing: state.status.message))")
        _ = Reducer.reduce(&state, .key(.character("?")))
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("M"))), [])
        XCTAssertEqual(state.status.message, "M: close this screen first")
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("m"))), [])
        XCTAssertEqual(state.status.message, "m works only on a question list or in a question")
    }

    func testTheStoresSavedIdsJoinThisSessionsAndOnlyForTheReadThatAsked() throws {
        let store = ReducerTestStore(try listState())
        let asked = try XCTUnwrap(store.state.shared.siteMemoryLoad)
        store.send(.key(.character("m")))
        store.expectEffects([.setSaved(site: "cardano", questionID: 1, saved: true)])
        store.send(.siteMemoryLoaded(LoadToken(asked.raw + 50), searches: ["ale"], savedIDs: [5])) {
            XCTAssertEqual($0.shared.savedIDs, [1], "a read nothing waits for is dropped")
        }
        store.expectEffects([])
        store.send(.siteMemoryLoaded(asked, searches: [], savedIDs: [5, 6])) { state in
            XCTAssertEqual(state.shared.savedIDs, [1, 5, 6])
            XCTAssertNil(state.shared.siteMemoryLoad)
        }
        store.expectEffects([])
    }
}
