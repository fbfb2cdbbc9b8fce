import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Reducer tests for the question view, help and keymap. (Written with `ReducerTestStore`: every effect is asserted.)
final class ReducerThreadTests: XCTestCase {
    /// A store showing a loaded list of 20 questions.
    private func listStore() throws -> ReducerTestStore {
        try ReducerTestStore.listing(20, rows: 24)
    }

    /// Opens the selected question; returns its thread load's token.
    private func openSelected(_ store: ReducerTestStore, line: UInt = #line) throws -> LoadToken {
        let listed = try XCTUnwrap(store.state.list.selectedQuestion, line: line)
        store.send(.command(.open), line: line)
        return try XCTUnwrap(store.receiveQuestionOpened(listed.questionID, markedRead: ReadState(listed), line: line), line: line)
    }

    func testAQuestionAListBroughtWithItsBodyIsHandedToItsThreadLoad() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24)))
        let token = try XCTUnwrap(store.start()?.token)
        var page = Fixtures.page(1, count: 3, firstID: 1, hasMore: false)
        page.items[0].body = "<p>The body the list brought</p>"
        store.send(.loaded(token, .questions(.success(page))))
        store.receiveReadMarksLoad([1, 2, 3])
        store.send(.command(.open))
        let thread = try XCTUnwrap(store.receive("the thread load with the list's copy") { effect -> LoadToken? in
            if case .load(let thread, .thread(1, "cardano", false, page.items[0])) = effect { thread } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(thread)))
        store.receive("question 1's last read mark") { if case .load(_, .lastRead("cardano", 1)) = $0 { () } else { nil } }
        store.receive(.remember(.readMarks(site: "cardano", [1: ReadState(page.items[0])])))
        store.receive("question 1's linked questions") { if case .load(_, .linkedQuestions("cardano", 1)) = $0 { () } else { nil } }
    }

    func testOpenLoadsThreadAndShowsSummaryAtOnce() throws {
        let store = try listStore()
        store.perform(.moveDown)
        store.send(.command(.open)) { state in
            XCTAssertNil(state.thread?.summary?.body, "this list came without bodies")
            XCTAssertEqual(state.screen, .question(id: 2))
            XCTAssertEqual(state.thread?.summary?.questionID, 2)
        }
        let token = try XCTUnwrap(store.receive("question 2's thread load, without a list copy") { effect -> LoadToken? in
            if case .load(let token, .thread(2, "cardano", false, nil)) = effect { token } else { nil }
        }, "without its body the list's copy spares no request")
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)))
        store.receive("question 2's last read mark") { if case .load(_, .lastRead("cardano", 2)) = $0 { () } else { nil } }
        store.receive(.remember(.readMarks(site: "cardano", [2: ReadState(store.state.list.questions[1])])))
        store.receive("question 2's linked questions") { if case .load(_, .linkedQuestions("cardano", 2)) = $0 { () } else { nil } }

        let thread = QuestionThread(question: Fixtures.question(id: 2, body: "<p>Body</p>"),
                                    answers: [Fixtures.answer(id: 10, question: 2, score: 9),
                                              Fixtures.answer(id: 11, question: 2, score: 1, accepted: true)],
                                    quotaRemaining: 250, quotaMax: 300)
        store.send(.loaded(token, .thread(.success(thread)))) { state in
            XCTAssertEqual(state.thread?.thread?.answers.map(\.answerID), [11, 10], "accepted first, then by score")
            XCTAssertNil(state.thread?.pending)
            XCTAssertEqual(state.status.quotaRemaining, 250)
        }
        store.expectEffects([], "the thread leaves the mark the list's copy left (same answers, same activity)")
    }

    func testBackCancelsTheThreadLoadAndDropsItsResult() throws {
        let store = try listStore()
        let token = try openSelected(store)
        let reads = store.threadStoreReadCancels
        XCTAssertEqual(reads.count, 2, "the mark from before and the linked questions")
        store.send(.command(.back)) { state in
            XCTAssertEqual(state.screen, .questionList)
            XCTAssertNil(state.thread)
        }
        store.expectEffects([.cancel(token)] + reads)
        let before = store.state
        store.send(.loaded(token, .thread(.success(QuestionThread(question: Fixtures.question(id: 1), answers: []))))) {
            XCTAssertEqual($0, before)
        }
        store.expectEffects([])
    }

    func testEscapeCancelsLoadingThenGoesBack() throws {
        let store = try listStore()
        let token = try openSelected(store)
        store.send(.command(.cancelOrBack)) { XCTAssertEqual($0.screen, .question(id: 1), "the first Esc only cancels") }
        store.expectEffects([.cancel(token)])
        let reads = store.threadStoreReadCancels
        store.send(.command(.cancelOrBack)) { XCTAssertEqual($0.screen, .questionList) }
        store.expectEffects(reads, "popping cancels the store's reads")
    }

    func testThreadErrorThenReload() throws {
        let store = try listStore()
        let token = try openSelected(store)
        store.send(.loaded(token, .thread(.failure(.throttled(seconds: 30, message: "too many requests"))))) { state in
            XCTAssertEqual(state.thread?.error, .throttled(seconds: 30, message: "too many requests"))
            XCTAssertTrue(state.status.isError)
        }
        store.expectEffects([])
        store.send(.command(.reload)) { XCTAssertNil($0.thread?.error) }
        let retry = try XCTUnwrap(store.receive("the thread loaded again") { effect -> LoadToken? in
            if case .load(let retry, .thread(1, "cardano", true, _)) = effect { retry } else { nil }
        })
        XCTAssertNotEqual(retry, token)
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(retry)))
    }

    func testAFailedReloadKeepsTheThreadShownBesideItsError() throws {
        let store = try listStore()
        let thread = QuestionThread(question: Fixtures.question(id: 1, body: "<p>Body</p>"), answers: [])
        try store.openSelectedQuestion(loading: thread)
        XCTAssertEqual(store.state.thread?.load, .idle)
        store.send(.command(.reload)) { state in
            XCTAssertEqual(state.thread?.thread, thread, "the thread stays on screen while it loads again")
            XCTAssertNotNil(state.thread?.pending)
        }
        let retry = try XCTUnwrap(store.receive("the thread loaded again") { effect -> LoadToken? in
            if case .load(let retry, .thread(1, "cardano", true, _)) = effect { retry } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(retry)))
        store.send(.loaded(retry, .thread(.failure(.offline(detail: "no route"))))) { state in
            XCTAssertEqual(state.thread?.thread, thread, "a failed reload leaves the old copy readable")
            XCTAssertEqual(state.thread?.load, .failed(.offline(detail: "no route")))
            XCTAssertNil(state.thread?.pending, "failed, so no longer loading: one or the other")
        }
        store.expectEffects([])
        store.send(.command(.reload)) { XCTAssertNil($0.thread?.error, "asking again clears the failure") }
        let third = try XCTUnwrap(store.receive("the thread loaded a third time") { effect -> LoadToken? in
            if case .load(let third, .thread(1, "cardano", true, _)) = effect { third } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(third)))
        store.send(.loaded(third, .thread(.failure(.cancelled)))) {
            XCTAssertEqual($0.thread?.load, .idle, "a cancellation is no failure to show")
        }
        store.expectEffects([])
    }

    func testScrollingIsClampedToTheMeasuredDocument() throws {
        let store = try listStore() // 22 content rows
        _ = try openSelected(store)
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 100, postStarts: [:], blocks: []))
        store.perform(.bottom)
        XCTAssertEqual(store.state.thread?.scroll, 78)
        store.perform(.pageDown)
        XCTAssertEqual(store.state.thread?.scroll, 78)
        store.perform(.pageUp)
        XCTAssertEqual(store.state.thread?.scroll, 56)
        store.perform(.top, .moveUp)
        XCTAssertEqual(store.state.thread?.scroll, 0)
        store.layOut(questionID: 1, ThreadMeasure(lineCount: 10, postStarts: [:], blocks: []))
        XCTAssertEqual(store.state.thread?.scroll, 0)
    }

    func testHelpOpensAndClosesFromAnyScreen() throws {
        let store = try listStore()
        store.perform(.help)
        XCTAssertEqual(store.state.screen, .help)
        store.perform(.moveDown, .back)
        XCTAssertEqual(store.state.screen, .questionList)
        XCTAssertFalse(store.state.isQuitting, "q on the help screen closes it, it does not quit")
        store.perform(.help)
        store.send(.command(.quit))
        store.expectEffects([.cancelAll, .quit(exitCode: 0)])
    }

    func testStandardKeymapMatchesTheDocumentedKeys() {
        let map = Keymap.standard
        XCTAssertEqual(map.command(for: .character("j")), .moveDown)
        XCTAssertEqual(map.command(for: .down), .moveDown)
        XCTAssertEqual(map.command(for: .character(" ")), .pageDown)
        XCTAssertEqual(map.command(for: .character("b")), .pageUp)
        XCTAssertEqual(map.command(for: .home), .top)
        XCTAssertEqual(map.command(for: .character("G")), .bottom)
        XCTAssertEqual(map.command(for: .right), .open)
        XCTAssertEqual(map.command(for: .left), .back)
        XCTAssertEqual(map.command(for: .character("h")), .back)
        XCTAssertEqual(map.command(for: .character("q")), .backOrQuit)
        XCTAssertEqual(map.command(for: .escape), .cancelOrBack)
        XCTAssertEqual(map.command(for: .character("Q")), .quit)
        XCTAssertEqual(map.command(for: .character("?")), .help)
        XCTAssertNil(map.command(for: .character("x")))
        for command in Command.allCases {
            XCTAssertFalse(map.keys(for: command).isEmpty, "\(command) has no key")
            XCTAssertFalse(command.help.isEmpty)
        }
    }
}
