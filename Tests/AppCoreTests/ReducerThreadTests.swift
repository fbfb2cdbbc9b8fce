import XCTest
import AppCore
import StackAPI
import TestSupport

/// Reducer tests for the question view, help and keymap.
final class ReducerThreadTests: XCTestCase {
    /// A state showing a loaded list of 20 questions.
    private func listState() -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        let effects = Reducer.reduce(&state, .start)
        guard case let .loadQuestions(token, _, _, _, _)? = effects.first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 20, firstID: 1, hasMore: false))))
        return state
    }

    /// Cancelling the question view's store reads still waiting.
    private func storeReads(_ state: AppState) -> [Effect] {
        [state.thread?.lastReadLoad, state.thread?.linkedLoad].compactMap { $0 }.map { .cancel($0) }
    }

    private func threadToken(_ effects: [Effect]) -> LoadToken? {
        for case let .loadThread(token, _, _, _, _) in effects { return token }
        return nil
    }

    func testAQuestionAListBroughtWithItsBodyIsHandedToItsThreadLoad() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 24))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        var page = Fixtures.page(1, count: 3, firstID: 1, hasMore: false)
        page.items[0].body = "<p>The body the list brought</p>"
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(page)))
        let effects = Reducer.reduce(&state, .command(.open))
        let thread = try XCTUnwrap(threadToken(effects))
        XCTAssertTrue(effects.contains(.loadThread(thread, questionID: 1, site: "cardano", reload: false, listCopy: page.items[0])),
                      "\(effects)")
    }

    func testOpenLoadsThreadAndShowsSummaryAtOnce() throws {
        var state = listState()
        _ = Reducer.reduce(&state, .command(.moveDown))
        let effects = Reducer.reduce(&state, .command(.open))
        let token = try XCTUnwrap(threadToken(effects))
        XCTAssertNil(state.thread?.summary?.body, "this list came without bodies")
        XCTAssertTrue(effects.contains(.loadThread(token, questionID: 2, site: "cardano", reload: false, listCopy: nil)),
                      "without its body the list's copy spares no request")
        XCTAssertEqual(state.screen, .question(id: 2))
        XCTAssertEqual(state.thread?.summary?.questionID, 2)

        let thread = QuestionThread(question: Fixtures.question(id: 2, body: "<p>Body</p>"),
                                    answers: [Fixtures.answer(id: 10, question: 2, score: 9),
                                              Fixtures.answer(id: 11, question: 2, score: 1, accepted: true)],
                                    quotaRemaining: 250, quotaMax: 300)
        _ = Reducer.reduce(&state, .threadLoaded(token, .success(thread)))
        XCTAssertEqual(state.thread?.thread?.answers.map(\.answerID), [11, 10], "accepted first, then by score")
        XCTAssertNil(state.thread?.pending)
        XCTAssertEqual(state.status.quotaRemaining, 250)
    }

    func testBackCancelsTheThreadLoadAndDropsItsResult() throws {
        var state = listState()
        let token = try XCTUnwrap(threadToken(Reducer.reduce(&state, .command(.open))))
        let reads = storeReads(state)
        XCTAssertEqual(reads.count, 2, "the mark from before and the linked questions")
        XCTAssertEqual(Reducer.reduce(&state, .command(.back)), [.cancel(token)] + reads)
        XCTAssertEqual(state.screen, .questionList)
        XCTAssertNil(state.thread)
        let before = state
        _ = Reducer.reduce(&state, .threadLoaded(token, .success(QuestionThread(question: Fixtures.question(id: 1), answers: []))))
        XCTAssertEqual(state, before)
    }

    func testEscapeCancelsLoadingThenGoesBack() throws {
        var state = listState()
        let token = try XCTUnwrap(threadToken(Reducer.reduce(&state, .command(.open))))
        XCTAssertEqual(Reducer.reduce(&state, .command(.cancelOrBack)), [.cancel(token)])
        XCTAssertEqual(state.screen, .question(id: 1), "the first Esc only cancels")
        let reads = storeReads(state)
        XCTAssertEqual(Reducer.reduce(&state, .command(.cancelOrBack)), reads, "popping cancels the store's reads")
        XCTAssertEqual(state.screen, .questionList)
    }

    func testThreadErrorThenReload() throws {
        var state = listState()
        let token = try XCTUnwrap(threadToken(Reducer.reduce(&state, .command(.open))))
        _ = Reducer.reduce(&state, .threadLoaded(token, .failure(.throttled(seconds: 30, message: "too many requests"))))
        XCTAssertEqual(state.thread?.error, .throttled(seconds: 30, message: "too many requests"))
        XCTAssertTrue(state.status.isError)
        let retry = try XCTUnwrap(threadToken(Reducer.reduce(&state, .command(.reload))))
        XCTAssertNotEqual(retry, token)
        XCTAssertNil(state.thread?.error)
    }

    func testScrollingIsClampedToTheMeasuredDocument() throws {
        var state = listState() // 22 content rows
        _ = Reducer.reduce(&state, .command(.open))
        state.threadLaidOut(questionID: 1, ThreadMeasure(lineCount: 100, postStarts: [:], blocks: []))
        _ = Reducer.reduce(&state, .command(.bottom))
        XCTAssertEqual(state.thread?.scroll, 78)
        _ = Reducer.reduce(&state, .command(.pageDown))
        XCTAssertEqual(state.thread?.scroll, 78)
        _ = Reducer.reduce(&state, .command(.pageUp))
        XCTAssertEqual(state.thread?.scroll, 56)
        _ = Reducer.reduce(&state, .command(.top))
        _ = Reducer.reduce(&state, .command(.moveUp))
        XCTAssertEqual(state.thread?.scroll, 0)
        state.threadLaidOut(questionID: 1, ThreadMeasure(lineCount: 10, postStarts: [:], blocks: []))
        XCTAssertEqual(state.thread?.scroll, 0)
    }

    func testHelpOpensAndClosesFromAnyScreen() {
        var state = listState()
        _ = Reducer.reduce(&state, .command(.help))
        XCTAssertEqual(state.screen, .help)
        XCTAssertEqual(Reducer.reduce(&state, .command(.moveDown)), [])
        _ = Reducer.reduce(&state, .command(.back))
        XCTAssertEqual(state.screen, .questionList)
        XCTAssertFalse(state.isQuitting, "q on the help screen closes it, it does not quit")
        _ = Reducer.reduce(&state, .command(.help))
        XCTAssertEqual(Reducer.reduce(&state, .command(.quit)), [.cancelAll, .quit(exitCode: 0)])
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
