import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// A successful load clears the error an earlier load left on the status line, and only that: a browser's or the
/// clipboard's failure reported while a load was in flight stays until its screen goes or another message replaces
/// it. (Written with `ReducerTestStore`: every effect is asserted.)
final class LoadErrorStatusTests: XCTestCase {
    /// Question 1 opened from a list of five, its thread on its way.
    private func openedQuestion() throws -> (ReducerTestStore, LoadToken) {
        let store = ReducerTestStore(try AppState.listing(5, rows: 24))
        store.send(.command(.open))
        let token = try XCTUnwrap(store.receiveQuestionOpened(1, markedRead: ReadState(Fixtures.question(id: 1))))
        return (store, token)
    }

    private func thread(of state: AppState) -> QuestionThread {
        let question = state.list.questions[state.list.selection]
        return QuestionThread(question: question, answers: [Fixtures.answer(id: 90, question: question.questionID)])
    }

    func testABrowserFailureOutlivesTheLoadThatEndsAfterIt() throws {
        let (store, token) = try openedQuestion()
        store.send(.notify("w3m failed (exit status 1)", isError: true))
        store.expectEffects([])
        store.send(.loaded(token, .thread(.success(thread(of: store.state))))) { state in
            XCTAssertEqual(state.status.message, "w3m failed (exit status 1)")
            XCTAssertTrue(state.status.isError)
        }
        store.expectEffects([])
    }

    func testAListPageThatArrivesLaterKeepsItToo() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24)))
        let token = try XCTUnwrap(store.start()?.token)
        store.send(.notify("Could not copy: no clipboard", isError: true))
        store.expectEffects([])
        store.send(.loaded(token, .questions(.success(Fixtures.page(1, count: 5, firstID: 1, hasMore: false))))) {
            XCTAssertEqual($0.status.message, "Could not copy: no clipboard")
        }
        store.receiveReadMarksLoad(Array(1...5))
    }

    func testALoadErrorIsClearedByTheNextLoadThatSucceeds() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24)))
        let first = try XCTUnwrap(store.start()?.token)
        store.send(.loaded(first, .questions(.success(Fixtures.page(1, count: 5, firstID: 1)))))
        let second = try XCTUnwrap(store.receiveQuestionsLoad(), "five rows fill less than a screen: page 2 is prefetched at once")
        XCTAssertEqual(second.page, 2)
        store.receiveReadMarksLoad(Array(1...5))
        store.send(.command(.open))
        let thread = try XCTUnwrap(store.receiveQuestionOpened(1, markedRead: ReadState(Fixtures.question(id: 1))))
        store.send(.loaded(second.token, .questions(.failure(.timeout)))) { state in
            XCTAssertTrue(state.status.isError)
            XCTAssertEqual(state.status.message, APIError.timeout.summary)
        }
        store.expectEffects([])
        let question = store.state.list.questions[0]
        store.send(.loaded(thread, .thread(.success(QuestionThread(question: question, answers: []))))) { state in
            XCTAssertNil(state.status.message, "the thread arrived: the page's timeout is no longer news")
            XCTAssertFalse(state.status.isError)
        }
        store.expectEffects([])
    }

    /// Question 1 of five opened, `offline` or not, its thread failing with `error`: the message shown.
    private func failedThread(_ error: APIError, offline: Bool) throws -> String? {
        var state = try AppState.listing(5, rows: 24)
        state.shared.isOffline = offline
        state.shared.storeOnly = offline
        let store = ReducerTestStore(state)
        store.send(.command(.open))
        let token = try XCTUnwrap(store.receiveQuestionOpened(1, markedRead: ReadState(Fixtures.question(id: 1))))
        store.send(.loaded(token, .thread(.failure(error))))
        store.expectEffects([])
        return store.state.status.message
    }

    /// Issue 32 case 11: `--offline` offered a retry that could not succeed (and "press r to retry · offline" read as
    /// "retry offline"); online, the retry is offered as before.
    func testOfflineNoRetryIsOfferedThatCannotSucceed() throws {
        let unreachable = APIError.offline(detail: "the local store holds no copy of this question")
        XCTAssertEqual(try failedThread(unreachable, offline: true), "Offline: the local store holds no copy of this question")
        XCTAssertEqual(try failedThread(.offline(detail: "cannot reach 127.0.0.1"), offline: false),
                       "Offline: cannot reach 127.0.0.1 — press r to retry")
        // The network failed and the store answers meanwhile: a retry may reach the network again.
        var fellBack = try AppState.listing(5, rows: 24)
        fellBack.shared.isOffline = true
        let store = ReducerTestStore(fellBack)
        store.send(.command(.open))
        let token = try XCTUnwrap(store.receiveQuestionOpened(1, markedRead: ReadState(Fixtures.question(id: 1))))
        store.send(.loaded(token, .thread(.failure(.offline(detail: "cannot reach 127.0.0.1")))))
        store.expectEffects([])
        XCTAssertEqual(store.state.status.message, "Offline: cannot reach 127.0.0.1 — press r to retry")
    }

    /// Issue 32 case 11: a site the API does not serve said a bare "API error 404 no_method", with no way forward.
    func testAnErrorAboutTheSiteNamesTheSitePicker() throws {
        XCTAssertEqual(try failedThread(.api(id: 404, name: "no_method", message: "no method found"), offline: false),
                       "API error 404 no_method: no method found — press S to choose another site")
        XCTAssertEqual(try failedThread(.api(id: 400, name: "bad_parameter", message: "No site found for name `nope`"), offline: false),
                       "API error 400 bad_parameter: No site found for name `nope` — press S to choose another site")
        XCTAssertEqual(try failedThread(.api(id: 400, name: "bad_parameter", message: "ids"), offline: false),
                       "API error 400 bad_parameter: ids")
    }
}
