import AppCore
import StackAPI
import TestSupport
import XCTest

/// A successful load clears the error an earlier load left on the status line, and only that: a browser's or the
/// clipboard's failure reported while a load was in flight stays until a key or another message replaces it.
final class LoadErrorStatusTests: XCTestCase {
    private func openedQuestion() throws -> (AppState, LoadToken) {
        var state = try AppState.listing(5, rows: 24)
        guard let token = Reducer.reduce(&state, .command(.open)).threadLoadToken else { throw XCTSkip("no thread load") }
        return (state, token)
    }

    private func thread(of state: AppState) -> QuestionThread {
        let question = state.list.questions[state.list.selection]
        return QuestionThread(question: question, answers: [Fixtures.answer(id: 90, question: question.questionID)])
    }

    func testABrowserFailureOutlivesTheLoadThatEndsAfterIt() throws {
        var (state, token) = try openedQuestion()
        _ = Reducer.reduce(&state, .notify("w3m failed (exit status 1)", isError: true))
        _ = Reducer.reduce(&state, .threadLoaded(token, .success(thread(of: state))))
        XCTAssertEqual(state.status.message, "w3m failed (exit status 1)")
        XCTAssertTrue(state.status.isError)
    }

    func testAListPageThatArrivesLaterKeepsItToo() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        _ = Reducer.reduce(&state, .notify("Could not copy: no clipboard", isError: true))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 5, firstID: 1, hasMore: false))))
        XCTAssertEqual(state.status.message, "Could not copy: no clipboard")
    }

    func testALoadErrorIsClearedByTheNextLoadThatSucceeds() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        guard case let .loadQuestions(first, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        // Five rows fill less than a screen: page 2 is prefetched at once.
        let prefetch = Reducer.reduce(&state, .questionsLoaded(first, .success(Fixtures.page(1, count: 5, firstID: 1))))
        guard case let .loadQuestions(second, _, 2, _, _)? = prefetch.first else { return XCTFail("no prefetch: \(prefetch)") }
        guard let thread = Reducer.reduce(&state, .command(.open)).threadLoadToken else { return XCTFail("no thread load") }
        _ = Reducer.reduce(&state, .questionsLoaded(second, .failure(.timeout)))
        XCTAssertTrue(state.status.isError)
        XCTAssertEqual(state.status.message, APIError.timeout.summary)
        let question = state.list.questions[0]
        _ = Reducer.reduce(&state, .threadLoaded(thread, .success(QuestionThread(question: question, answers: []))))
        XCTAssertNil(state.status.message, "the thread arrived: the page's timeout is no longer news")
        XCTAssertFalse(state.status.isError)
    }
}
