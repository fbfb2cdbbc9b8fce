import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// A status message belongs to the screen and the action that made it (issue 19): information goes at the next
/// command, any message goes when its screen leaves the top, a load's error stays until it is retried or its screen
/// goes, and notices and a pause's countdown stay.
final class StatusLifetimeTests: XCTestCase {
    private func listed(_ count: Int = 20) throws -> ReducerTestStore {
        ReducerTestStore(try AppState.listing(count, rows: 24))
    }

    /// Consumes what opening question `id`, listed by `AppState.listing` and never read, asks for.
    @discardableResult
    private func receiveQuestionOpened(_ id: Int, _ store: ReducerTestStore, file: StaticString = #filePath,
                                       line: UInt = #line) -> LoadToken? {
        store.receiveQuestionOpened(id, markedRead: ReadState(Fixtures.question(id: id)), file: file, line: line)
    }

    // MARK: The two cases of the issue

    func testNoTagFilterToClearIsGoneOnceAFilterIsApplied() throws {
        let store = try listed()
        store.send(.key(.character("t"))) { XCTAssertNotNil($0.prompt) }
        store.expectEffects([])
        store.send(.key(.enter)) { XCTAssertEqual($0.status.message, "No tag filter to clear") }
        store.expectEffects([])
        store.send(.key(.character("t"))) { XCTAssertNil($0.status.message, "the next command retires it") }
        store.expectEffects([])
        store.type("nft")
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens, [.questionList, .questionList])
            XCTAssertNil(state.status.message)
        }
        XCTAssertEqual(store.receiveQuestionsLoad()?.settings.tagged, ["nft"])
        store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: ["nft"]))))
    }

    func testSavedKeptOfflineDoesNotFollowIntoTheSavedList() throws {
        let store = try listed()
        store.send(.key(.character("m")))
        store.expectEffects([.setSaved(site: "cardano", questionID: 1, saved: true)])
        store.send(.saveProgress(site: "cardano", questionID: 1, saved: true, .kept)) {
            XCTAssertEqual($0.status.message, "Saved: kept offline for good — M lists saved questions")
        }
        store.expectEffects([])
        store.send(.key(.character("M"))) { state in
            XCTAssertEqual(state.screens, [.questionList, .savedList])
            XCTAssertNil(state.status.message)
        }
        let token = store.receive("the saved list's load") { effect -> LoadToken? in
            if case let .load(token, .saved("cardano")) = effect { token } else { nil }
        }
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(try XCTUnwrap(token))))
    }

    // MARK: The screen's part, apart from commands

    func testAMessageMadeOnAScreenGoesWhenAnotherIsPushedOverIt() throws {
        let store = try listed()
        store.send(.key(.character("t")))
        store.expectEffects([])
        store.send(.key(.enter)) { XCTAssertEqual($0.status.message, "No tag filter to clear") }
        store.expectEffects([])
        // No command: the command line's link pushes a question.
        store.send(.openQuestionLink(questionID: 7, answerID: nil)) { state in
            XCTAssertEqual(state.screen, .question(id: 7))
            XCTAssertNil(state.status.message, "the list's message stays with the list")
        }
        receiveQuestionOpened(7, store)
    }

    func testAnErrorOutlivesCommandsButNotItsScreen() throws {
        let store = try listed()
        store.send(.command(.open)) { XCTAssertEqual($0.screen, .question(id: 1)) }
        receiveQuestionOpened(1, store)
        store.send(.notify("w3m failed (exit status 1)", isError: true))
        store.expectEffects([])
        store.send(.key(.character("j"))) { state in
            XCTAssertEqual(state.status.message, "w3m failed (exit status 1)", "an error is not retired by a command")
            XCTAssertTrue(state.status.isError)
        }
        store.expectEffects([])
        let thread = try XCTUnwrap(store.state.thread)
        let pending = try XCTUnwrap(thread.pending?.token)
        store.send(.key(.character("q"))) { state in
            XCTAssertEqual(state.screens, [.questionList])
            XCTAssertNil(state.status.message, "the thread's error went with the thread")
        }
        store.expectEffects([pending, thread.lastReadMark.token, thread.linked.token].compactMap { $0 }.map { .cancel($0) })
    }

    func testAMessageMadeByTheActionThatPopsStaysOnTheScreenUnder() throws {
        let store = try listed()
        store.send(.command(.open))
        let thread = try XCTUnwrap(receiveQuestionOpened(1, store))
        store.send(.loaded(thread, .thread(.success(QuestionThread(question: Fixtures.question(id: 1), answers: [])))))
        store.expectEffects([])
        var measure = ThreadMeasure(lineCount: 50, postStarts: [1: 0], blocks: [])
        measure.links = [ThreadLink(postID: 1, number: 1, text: "an answer", url: "https://cardano.stackexchange.com/a/99")]
        store.layOut(questionID: 1, measure)
        store.send(.key(.character("L"))) { XCTAssertEqual($0.screen, .linkPicker) }
        store.expectEffects([])
        // Enter pops the picker and looks the answer's question up, saying so on the question under it.
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens, [.questionList, .question(id: 1)])
            XCTAssertEqual(state.status.message, "Looking up answer 99…")
        }
        let lookup = store.receive("the answer's lookup") { effect -> LoadToken? in
            if case let .load(token, .answerQuestion(99, "cardano")) = effect { token } else { nil }
        }
        XCTAssertNotNil(lookup)
    }

    // MARK: What stays

    func testALoadErrorStaysThroughCommandsUntilItsLoadIsRetried() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24)))
        let first = try XCTUnwrap(store.start()?.token)
        store.send(.loaded(first, .questions(.failure(.timeout)))) { XCTAssertEqual($0.status.kind, .loadError) }
        let ways = try XCTUnwrap(store.receiveWaysForward())
        store.send(.key(.character("j"))) { XCTAssertEqual($0.status.message, APIError.timeout.summary(retryKey: "r")) }
        store.expectEffects([])
        store.send(.key(.character("r"))) { XCTAssertNil($0.status.message, "retried") }
        store.receive(.cancel(ways))
        let retry = try XCTUnwrap(store.receiveQuestionsLoad())
        XCTAssertTrue(retry.reload)
        store.send(.loaded(retry.token, .questions(.failure(.timeout))))
        store.receiveWaysForward()
        store.send(.key(.character("?"))) { state in
            XCTAssertEqual(state.screen, .help)
            XCTAssertNil(state.status.message, "help is not the list: its error stays with it")
        }
        store.expectEffects([])
    }

    func testANoticeStaysAcrossScreensUntilAKeyIsPressed() throws {
        let store = try listed()
        store.send(.notice("The store could not be written: disk full"))
        store.expectEffects([])
        store.send(.openQuestionLink(questionID: 3, answerID: nil)) {
            XCTAssertEqual($0.status.notice, "The store could not be written: disk full")
        }
        receiveQuestionOpened(3, store)
        store.send(.key(.character("j"))) { XCTAssertNil($0.status.notice, "a key press dismisses it, as before") }
        store.expectEffects([])
    }

    func testAPauseCountdownStaysThroughCommandsAndScreensWhileThePauseLasts() throws {
        let store = try listed()
        store.send(.apiPausesChanged([APIPause(method: .questions, secondsLeft: 30)]))
        store.expectEffects([])
        let countdown = try XCTUnwrap(store.state.status.message)
        store.send(.key(.character("j"))) { XCTAssertEqual($0.status.message, countdown) }
        store.expectEffects([])
        store.send(.key(.character("?"))) { XCTAssertEqual($0.status.message, countdown, "a pushed screen still waits") }
        store.expectEffects([])
        store.send(.apiPausesChanged([])) { XCTAssertNil($0.status.message, "the pause is over") }
        store.expectEffects([])
    }
}
