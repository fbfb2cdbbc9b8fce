import XCTest
import AppCore
import StackAPI
import TestSupport

/// The view stack: every screen is pushed, back keys pop, the first screen never quits by accident, a popped-to
/// screen comes back as it was, and `r` / Esc keep what is on screen.
final class ViewStackTests: XCTestCase {
    /// A state showing a loaded list of 20 questions (ids 1…20), the cursor on the sixth.
    private func listState() -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 12))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 20, firstID: 1, hasMore: false))))
        for _ in 0..<5 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        return state
    }

    private func type(_ text: String, _ state: inout AppState) {
        for character in text { _ = Reducer.reduce(&state, .key(.character(character))) }
    }

    private func questionsToken(_ effects: [Effect]) -> LoadToken? {
        for case let .loadQuestions(token, _, _, _, _) in effects { return token }
        return nil
    }

    /// Submits `prompt` (`/` search or `t` tags) with `text`, and loads one page of results.
    private func openResults(_ prompt: Character, _ text: String, _ state: inout AppState) throws -> LoadToken {
        _ = Reducer.reduce(&state, .key(.character(prompt)))
        _ = Reducer.reduce(&state, .key(.control("u")))
        type(text, &state)
        let token = try XCTUnwrap(questionsToken(Reducer.reduce(&state, .key(.enter))))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 3, firstID: 500, hasMore: false))))
        return token
    }

    func testEveryBackKeyOnSearchResultsOrATagListReturnsToTheListAsItWas() throws {
        let backKeys: [Key] = [.character("q"), .character("h"), .left, .escape]
        for (prompt, text) in [(Character("/"), "plutus"), ("t", "nft")] {
            for key in backKeys {
                var state = listState()
                let before = state.list
                _ = try openResults(prompt, text, &state)
                XCTAssertEqual(state.screens, [.questionList, .questionList])
                XCTAssertEqual(state.list.items.first?.questionID, 500, "the results show")

                let effects = Reducer.reduce(&state, .key(key))
                XCTAssertFalse(state.isQuitting, "\(key) on \(prompt) results must not quit")
                XCTAssertFalse(effects.contains(.cancelAll), "\(key): \(effects)")
                XCTAssertEqual(state.screens, [.questionList], "\(key) on \(prompt) results goes back")
                XCTAssertEqual(state.list, before, "the list comes back with its rows and cursor")
                XCTAssertNil(state.settings.searchQuery)
                XCTAssertEqual(state.settings.tagged, [])
            }
        }
    }

    func testPoppingResultsStillLoadingCancelsTheirLoad() throws {
        var state = listState()
        _ = Reducer.reduce(&state, .key(.character("/")))
        type("plutus", &state)
        let token = try XCTUnwrap(questionsToken(Reducer.reduce(&state, .key(.enter))))
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("q"))), [.cancel(token)])
        XCTAssertEqual(state.screens, [.questionList])
        let before = state
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 3, firstID: 500))))
        XCTAssertEqual(state, before, "a popped screen's result changes nothing")
    }

    func testLeftAndHOnTheFirstScreenDoNothingAndSaySoWhileQQuits() {
        var state = listState()
        for key in [Key.left, .character("h"), .escape] {
            state.status.message = nil
            XCTAssertEqual(Reducer.reduce(&state, .key(key)), [], "\(key)")
            XCTAssertFalse(state.isQuitting, "\(key) on the first screen must not quit")
            XCTAssertEqual(state.screens, [.questionList])
            XCTAssertEqual(state.status.message, "Already on the first screen — q quits", "\(key) says why nothing happened")
        }
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("q"))), [.cancelAll, .quit(exitCode: 0)])
    }

    func testCapitalQQuitsFromAnywhereCancellingOnce() throws {
        var state = listState()
        _ = try openResults("/", "plutus", &state)
        _ = Reducer.reduce(&state, .command(.open))
        _ = Reducer.reduce(&state, .command(.help))
        XCTAssertEqual(state.screens.count, 4)
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("Q"))), [.cancelAll, .quit(exitCode: 0)])
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("Q"))), [], "quitting happens once")
    }

    func testAPoppedToScreenComesBackExactlyAsItWas() throws {
        var state = listState()
        let list = state.list
        let effects = Reducer.reduce(&state, .command(.open))
        for case let .loadThread(token, _, _, _, _) in effects {
            let thread = QuestionThread(question: Fixtures.question(id: 6, body: "<p>Q</p>"), answers: [Fixtures.answer(id: 60, question: 6)])
            _ = Reducer.reduce(&state, .threadLoaded(token, .success(thread)))
        }
        state.threadLaidOut(questionID: 6, ThreadMeasure(lineCount: 100, postStarts: [6: 0, 60: 40], blocks: []))
        for _ in 0..<7 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        let thread = try XCTUnwrap(state.thread)
        _ = Reducer.reduce(&state, .command(.help))
        _ = Reducer.reduce(&state, .command(.moveDown))
        _ = Reducer.reduce(&state, .key(.character("q")))
        XCTAssertEqual(state.thread, thread, "the question comes back at the same scroll")
        _ = Reducer.reduce(&state, .key(.left))
        XCTAssertEqual(state.list, list, "the list comes back with the same cursor and scroll")
        XCTAssertEqual(state.list.selection, 5)
    }

    func testReloadKeepsTheListUntilThePageReplacesItAndTheCursorFollowsTheQuestion() throws {
        var state = listState()
        XCTAssertEqual(state.list.selectedItem?.questionID, 6)
        let token = try XCTUnwrap(questionsToken(Reducer.reduce(&state, .key(.character("r")))))
        XCTAssertEqual(state.list.items.count, 20, "r keeps the rows on screen while it loads")
        XCTAssertEqual(state.list.selection, 5)

        // The new page 1: two new questions on top, question 6 now third from… wherever it moved.
        var page = Fixtures.page(1, count: 18, firstID: 1, hasMore: false)
        page.items.insert(contentsOf: Fixtures.page(1, count: 2, firstID: 900).items, at: 0)
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(page)))
        XCTAssertEqual(state.list.items.first?.questionID, 900, "the new page replaces the rows")
        XCTAssertEqual(state.list.items.count, 20)
        XCTAssertEqual(state.list.selectedItem?.questionID, 6, "the cursor stays on the same question")
    }

    func testEscDuringAReloadKeepsTheListOnScreen() throws {
        var state = listState()
        let token = try XCTUnwrap(questionsToken(Reducer.reduce(&state, .key(.character("r")))))
        XCTAssertEqual(Reducer.reduce(&state, .key(.escape)), [.cancel(token)])
        XCTAssertEqual(state.list.items.count, 20, "Esc keeps what was shown")
        XCTAssertEqual(state.list.selection, 5)
        XCTAssertEqual(state.status.message, "Load cancelled — press r to retry")
        XCTAssertEqual(state.screens, [.questionList])
    }

    func testOpeningAQuestionCarriesTheListsBody() {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 12))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail() }
        let question = Fixtures.question(id: 3, body: "<p>From the list</p>")
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Page(items: [question], hasMore: false, page: 1))))
        _ = Reducer.reduce(&state, .command(.open))
        XCTAssertEqual(state.thread?.summary?.body, "<p>From the list</p>")
        XCTAssertNil(state.thread?.thread)
    }

    func testAnAnswerOpenedFromTheFeedUsesAListsCopyOfItsQuestion() {
        var state = listState()
        guard case let .loadAnswersFeed(token, _, _, _, _, _)? = Reducer.reduce(&state, .key(.character("a"))).first else { return XCTFail() }
        _ = Reducer.reduce(&state, .answersFeedLoaded(token, .success(Page(items: [Fixtures.answer(id: 70, question: 4)], hasMore: false, page: 1))))
        _ = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screens, [.questionList, .answersFeed, .question(id: 4)])
        XCTAssertEqual(state.thread?.summary?.questionID, 4)
    }

    // MARK: Reading position

    /// A question of three blocks and one answer of two, at some width.
    private func measure(questionBlocks: [Int], answerBlocks: [Int]) -> ThreadMeasure {
        var blocks: [ThreadMeasure.Block] = []
        var line = 0
        for (index, length) in questionBlocks.enumerated() {
            blocks.append(.init(postID: 1, index: index, line: line, length: length))
            line += length + 1
        }
        let answerStart = line
        for (index, length) in answerBlocks.enumerated() {
            blocks.append(.init(postID: 10, index: index, line: line, length: length))
            line += length + 1
        }
        return ThreadMeasure(lineCount: line + 40, postStarts: [1: 0, 10: answerStart], blocks: blocks)
    }

    private func openedThread() -> AppState {
        var state = listState()
        _ = Reducer.reduce(&state, .key(.character("g")))
        for case let .loadThread(token, _, _, _, _) in Reducer.reduce(&state, .command(.open)) {
            let thread = QuestionThread(question: Fixtures.question(id: 1, body: "<p>Q</p>"), answers: [Fixtures.answer(id: 10, question: 1)])
            _ = Reducer.reduce(&state, .threadLoaded(token, .success(thread)))
        }
        return state
    }

    func testANewLayoutKeepsTheSameParagraphAtTheTop() {
        var state = openedThread()
        // Wide: blocks of 3, 4 and 5 lines, then the answer's 6 and 2.
        state.threadLaidOut(questionID: 1, measure(questionBlocks: [3, 4, 5], answerBlocks: [6, 2]))
        for _ in 0..<19 { _ = Reducer.reduce(&state, .command(.moveDown)) } // line 19: the answer's first block (15…20), 4 lines in
        XCTAssertEqual(state.thread?.scroll, 19)
        // Narrow (a resize): every block is twice as long.
        _ = Reducer.reduce(&state, .resize(Viewport(columns: 40, rows: 12)))
        state.threadLaidOut(questionID: 1, measure(questionBlocks: [6, 8, 10], answerBlocks: [12, 4]))
        XCTAssertEqual(state.thread?.scroll, 27 + 8, "the answer's first block now starts at 27; 4 of 6 lines in is 8 of 12")
        // Comments on (a longer question above): the same block again.
        state.threadLaidOut(questionID: 1, measure(questionBlocks: [6, 8, 10, 9], answerBlocks: [12, 4]))
        XCTAssertEqual(state.thread?.scroll, 37 + 8)
        // Back to the first width: where the reader was.
        state.threadLaidOut(questionID: 1, measure(questionBlocks: [3, 4, 5], answerBlocks: [6, 2]))
        XCTAssertEqual(state.thread?.scroll, 19)
    }

    func testAMeasureOfAnotherQuestionIsIgnored() {
        var state = openedThread()
        let before = state
        state.threadLaidOut(questionID: 99, measure(questionBlocks: [3], answerBlocks: []))
        XCTAssertEqual(state, before)
    }
}
