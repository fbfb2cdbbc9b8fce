import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Saving (`m`) and the saved questions screen (`M`): the lists mark saved questions, the store is told, the screen
/// lists what the store holds and opens it, and `M` again goes back.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class SavedQuestionsTests: XCTestCase {
    private func listStore() throws -> ReducerTestStore {
        try ReducerTestStore.listing(10, rows: 12)
    }

    /// Presses `M`; returns the token of the saved questions' read it asks for.
    private func openSavedScreen(_ store: ReducerTestStore, line: UInt = #line) -> LoadToken? {
        store.send(.key(.character("M")), line: line)
        let token = store.receive("the saved questions' read", line: line) { effect -> LoadToken? in
            if case .load(let token, .saved("cardano")) = effect { token } else { nil }
        }
        if let token { store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)), line: line) }
        return token
    }

    func testMSavesTheSelectedQuestionAndAgainUnsavesIt() throws {
        let store = try listStore()
        store.perform(.moveDown)
        store.send(.key(.character("m"))) { state in
            XCTAssertEqual(state.shared.savedIDs, [2])
            XCTAssertEqual(state.status.message, "Saving…", "not saved until the store says so")
        }
        store.expectEffects([.setSaved(site: "cardano", questionID: 2, saved: true)])
        store.send(.saveProgress(site: "cardano", questionID: 2, saved: true, .kept)) { state in
            XCTAssertEqual(state.status.message, "Saved: kept offline for good — M lists saved questions")
        }
        store.expectEffects([])
        store.send(.key(.character("m"))) { state in
            XCTAssertEqual(state.shared.savedIDs, [])
            XCTAssertEqual(state.status.message, "Unsaving…")
        }
        store.expectEffects([.setSaved(site: "cardano", questionID: 2, saved: false)])
        store.send(.saveProgress(site: "cardano", questionID: 2, saved: false, .kept)) { state in
            XCTAssertEqual(state.status.message, "No longer saved")
        }
        store.expectEffects([])
    }

    func testMInAQuestionSavesThatQuestion() throws {
        let store = try listStore()
        store.perform(.bottom)
        store.send(.command(.open))
        store.receiveQuestionOpened(10, markedRead: ReadState(store.state.list.questions[9]))
        store.send(.key(.character("m"))) { XCTAssertTrue($0.shared.savedIDs.contains(10)) }
        store.expectEffects([.setSaved(site: "cardano", questionID: 10, saved: true)])
    }

    func testTheSavedScreenListsTheStoresQuestionsOpensThemAndMReturns() throws {
        let store = try listStore()
        let token = try XCTUnwrap(openSavedScreen(store))
        XCTAssertEqual(store.state.screen, .savedList)
        let saved = [Fixtures.question(id: 900, title: "Saved long ago", body: "<p>kept</p>"), Fixtures.question(id: 3, title: "Question 3")]
        store.send(.loaded(token, .saved(.success(saved))))
        let marks = try XCTUnwrap(store.receiveReadMarksLoad([900, 3]))
        guard case .saved(let screen) = store.state.top else { return XCTFail("\(store.state.screens)") }
        XCTAssertEqual(screen.rows.items.map(\.questionID), [900, 3])
        XCTAssertEqual(screen.rows.end, .noMore)

        // Enter opens the selected saved question with the store's copy shown at once.
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screen, .question(id: 900))
            XCTAssertEqual(state.thread?.summary?.body, "<p>kept</p>")
        }
        store.receiveQuestionOpened(900, markedRead: ReadState(saved[0]))
        let cancels = store.leavingQuestionCancels
        store.send(.key(.character("q"))) { XCTAssertEqual($0.screen, .savedList) }
        store.expectEffects(cancels)
        store.send(.key(.character("M"))) { XCTAssertEqual($0.screens, [.questionList]) }
        store.expectEffects([.cancel(marks)], "the saved rows' marks were never answered")
    }

    func testMOnTheSavedScreenUnsavesTheRowButKeepsItListed() throws {
        let store = try listStore()
        let token = try XCTUnwrap(openSavedScreen(store))
        store.send(.loaded(try XCTUnwrap(store.state.shared.siteMemoryLoad), .siteMemory(searches: [], savedIDs: [900])))
        store.expectEffects([])
        store.send(.loaded(token, .saved(.success([Fixtures.question(id: 900)]))))
        store.receiveReadMarksLoad([900])
        store.send(.key(.character("m"))) { state in
            XCTAssertFalse(state.shared.savedIDs.contains(900))
            guard case .saved(let screen) = state.top else { return XCTFail("\(state.screens)") }
            XCTAssertEqual(screen.rows.items.map(\.questionID), [900], "the row stays so m can save it again")
        }
        store.expectEffects([.setSaved(site: "cardano", questionID: 900, saved: false)])
    }

    func testAFailedLoadSaysWhyAndTheSavedKeysSayWhereTheyWork() throws {
        let store = try listStore()
        let token = try XCTUnwrap(openSavedScreen(store))
        store.send(.loaded(token, .saved(.failure(.offline(detail: "there is no local store, so nothing is saved"))))) {
            XCTAssertTrue($0.status.message?.contains("no local store") == true, "\(String(describing: $0.status.message))")
        }
        store.expectEffects([])
        store.press(.character("?"))
        store.press(.character("M"))
        XCTAssertEqual(store.state.status.message, "M: close this screen first")
        store.press(.character("m"))
        XCTAssertEqual(store.state.status.message, "m works only on a question list or in a question")
    }

    func testTheStoresSavedIdsJoinThisSessionsAndOnlyForTheReadThatAsked() throws {
        let store = try listStore()
        let asked = try XCTUnwrap(store.state.shared.siteMemoryLoad)
        store.send(.key(.character("m")))
        store.expectEffects([.setSaved(site: "cardano", questionID: 1, saved: true)])
        store.send(.loaded(LoadToken(asked.raw + 50), .siteMemory(searches: ["ale"], savedIDs: [5]))) {
            XCTAssertEqual($0.shared.savedIDs, [1], "a read nothing waits for is dropped")
        }
        store.expectEffects([])
        store.send(.loaded(asked, .siteMemory(searches: [], savedIDs: [5, 6]))) { state in
            XCTAssertEqual(state.shared.savedIDs, [1, 5, 6])
            XCTAssertNil(state.shared.siteMemoryLoad)
        }
        store.expectEffects([])
    }
}
