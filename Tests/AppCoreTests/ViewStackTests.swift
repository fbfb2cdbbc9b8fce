import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The view stack: every screen is pushed, back keys pop, the first screen never quits by accident, a popped-to
/// screen comes back as it was, and `r` / Esc keep what is on screen.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class ViewStackTests: XCTestCase {
    /// A store showing a loaded list of 20 questions (ids 1…20), the cursor on the sixth.
    private func listStore() throws -> ReducerTestStore {
        let store = try ReducerTestStore.listing(20, rows: 12)
        for _ in 0..<5 { store.perform(.moveDown) }
        return store
    }

    /// Submits `prompt` (`/` search or `t` tags) with `text`: a search is remembered, a tag filter is remembered as
    /// the list to come back to; returns the page load it asks for.
    private func submit(_ prompt: Character, _ text: String, _ store: ReducerTestStore, line: UInt = #line) -> LoadToken? {
        store.press(.character(prompt), .control("u"), line: line)
        store.type(text, line: line)
        store.send(.key(.enter), line: line)
        if prompt == "/" { store.receive(.remember(.search(site: "cardano", query: text)), line: line) }
        let token = store.receiveQuestionsLoad(line: line)?.token
        if prompt == "t" { store.receive(.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: [text]))), line: line) }
        return token
    }

    /// Submits `prompt` with `text` and loads one page of results (ids 500…502); returns the read of their marks.
    private func openResults(_ prompt: Character, _ text: String, _ store: ReducerTestStore, line: UInt = #line) throws -> LoadToken {
        let token = try XCTUnwrap(submit(prompt, text, store, line: line), line: line)
        store.send(.loaded(token, .questions(.success(Fixtures.page(1, count: 3, firstID: 500, hasMore: false)))), line: line)
        return try XCTUnwrap(store.receiveReadMarksLoad([500, 501, 502], line: line), line: line)
    }

    func testEveryBackKeyOnSearchResultsOrATagListReturnsToTheListAsItWas() throws {
        let backKeys: [Key] = [.character("q"), .character("h"), .left, .escape]
        for (prompt, text) in [(Character("/"), "plutus"), ("t", "nft")] {
            for key in backKeys {
                let store = try listStore()
                let before = store.state.list
                let marks = try openResults(prompt, text, store)
                XCTAssertEqual(store.state.screens, [.questionList, .questionList])
                XCTAssertEqual(store.state.list.items.first?.questionID, 500, "the results show")

                store.send(.key(key)) { state in
                    XCTAssertFalse(state.isQuitting, "\(key) on \(prompt) results must not quit")
                    XCTAssertEqual(state.screens, [.questionList], "\(key) on \(prompt) results goes back")
                    XCTAssertEqual(state.list, before, "the list comes back with its rows and cursor")
                    XCTAssertNil(state.settings.searchQuery)
                    XCTAssertEqual(state.settings.tagged, [])
                }
                let remembered: [Effect] = prompt == "t" ? [.remember(.browse(RememberedBrowse(site: "cardano", sort: .activity, tagged: [])))] : []
                store.expectEffects([.cancel(marks)] + remembered, "\(key): the results' marks read is cancelled, nothing else (no cancelAll)")
            }
        }
    }

    func testPoppingResultsStillLoadingCancelsTheirLoad() throws {
        let store = try listStore()
        let token = try XCTUnwrap(submit("/", "plutus", store))
        store.send(.key(.character("q"))) { XCTAssertEqual($0.screens, [.questionList]) }
        store.expectEffects([.cancel(token)])
        let before = store.state
        store.send(.loaded(token, .questions(.success(Fixtures.page(1, count: 3, firstID: 500))))) {
            XCTAssertEqual($0, before, "a popped screen's result changes nothing")
        }
        store.expectEffects([])
    }

    func testLeftAndHOnTheFirstScreenDoNothingAndSaySoWhileQQuits() throws {
        let store = try listStore()
        for key in [Key.left, .character("h"), .escape] {
            store.press(.character("j"), .character("k")) // a move clears the last message
            XCTAssertNil(store.state.status.message)
            store.press(key)
            XCTAssertFalse(store.state.isQuitting, "\(key) on the first screen must not quit")
            XCTAssertEqual(store.state.screens, [.questionList])
            XCTAssertEqual(store.state.status.message, "Already on the first screen — q quits", "\(key) says why nothing happened")
        }
        store.send(.key(.character("q")))
        store.expectEffects([.cancelAll, .quit(exitCode: 0)])
    }

    func testCapitalQQuitsFromAnywhereCancellingOnce() throws {
        let store = try listStore()
        _ = try openResults("/", "plutus", store)
        store.send(.command(.open))
        store.receiveQuestionOpened(500, markedRead: ReadState(store.state.list.questions[0]))
        store.perform(.help)
        XCTAssertEqual(store.state.screens.count, 4)
        store.send(.key(.character("Q")))
        store.expectEffects([.cancelAll, .quit(exitCode: 0)])
        store.send(.key(.character("Q")))
        store.expectEffects([], "quitting happens once")
    }

    func testAPoppedToScreenComesBackExactlyAsItWas() throws {
        let store = try listStore()
        let list = store.state.list
        let thread = QuestionThread(question: Fixtures.question(id: 6, body: "<p>Q</p>"), answers: [Fixtures.answer(id: 60, question: 6)])
        try store.openSelectedQuestion(loading: thread)
        store.layOut(questionID: 6, ThreadMeasure(lineCount: 100, postStarts: [6: 0, 60: 40], blocks: []))
        for _ in 0..<7 { store.perform(.moveDown) }
        let question = try XCTUnwrap(store.state.thread)
        store.perform(.help, .moveDown)
        store.press(.character("q"))
        XCTAssertEqual(store.state.thread, question, "the question comes back at the same scroll")
        let cancels = store.leavingQuestionCancels
        store.send(.key(.left)) { state in
            XCTAssertEqual(state.list, list, "the list comes back with the same cursor and scroll")
            XCTAssertEqual(state.list.selection, 5)
        }
        store.expectEffects(cancels)
    }

    func testReloadKeepsTheListUntilThePageReplacesItAndTheCursorFollowsTheQuestion() throws {
        let store = try listStore()
        XCTAssertEqual(store.state.list.selectedItem?.questionID, 6)
        store.send(.key(.character("r"))) { state in
            XCTAssertEqual(state.list.items.count, 20, "r keeps the rows on screen while it loads")
            XCTAssertEqual(state.list.selection, 5)
        }
        let load = try XCTUnwrap(store.receiveQuestionsLoad())
        XCTAssertEqual(load.page, 1)
        XCTAssertTrue(load.reload)

        // The new page 1: two new questions on top, question 6 now third from… wherever it moved.
        var page = Fixtures.page(1, count: 18, firstID: 1, hasMore: false)
        page.items.insert(contentsOf: Fixtures.page(1, count: 2, firstID: 900).items, at: 0)
        store.send(.loaded(load.token, .questions(.success(page)))) { state in
            XCTAssertEqual(state.list.items.first?.questionID, 900, "the new page replaces the rows")
            XCTAssertEqual(state.list.items.count, 20)
            XCTAssertEqual(state.list.selectedItem?.questionID, 6, "the cursor stays on the same question")
        }
        store.receiveReadMarksLoad(page.items.map(\.questionID))
    }

    func testEscDuringAReloadKeepsTheListOnScreen() throws {
        let store = try listStore()
        store.send(.key(.character("r")))
        let token = try XCTUnwrap(store.receiveQuestionsLoad()?.token)
        store.send(.key(.escape)) { state in
            XCTAssertEqual(state.list.items.count, 20, "Esc keeps what was shown")
            XCTAssertEqual(state.list.selection, 5)
            XCTAssertEqual(state.status.message, "Load cancelled — press r to retry")
            XCTAssertEqual(state.screens, [.questionList])
        }
        store.expectEffects([.cancel(token)])
    }

    func testOpeningAQuestionCarriesTheListsBody() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 12)))
        let token = try XCTUnwrap(store.start()?.token)
        let question = Fixtures.question(id: 3, body: "<p>From the list</p>")
        store.send(.loaded(token, .questions(.success(Page(items: [question], hasMore: false, page: 1)))))
        store.receiveReadMarksLoad([3])
        store.send(.command(.open)) { state in
            XCTAssertEqual(state.thread?.summary?.body, "<p>From the list</p>")
            XCTAssertNil(state.thread?.thread)
        }
        store.receiveQuestionOpened(3, markedRead: ReadState(question))
    }

    func testAnAnswerOpenedFromTheFeedUsesAListsCopyOfItsQuestion() throws {
        let store = try listStore()
        store.send(.key(.character("a")))
        let token = try XCTUnwrap(store.receive("the answers feed's page 1") { effect -> LoadToken? in
            if case .load(let token, .answersFeed("cardano", 1, _, _, false)) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token)))
        store.send(.loaded(token, .answersFeed(.success(Page(items: [Fixtures.answer(id: 70, question: 4)], hasMore: false, page: 1)))))
        store.expectEffects([])
        store.send(.key(.enter)) { state in
            XCTAssertEqual(state.screens, [.questionList, .answersFeed, .question(id: 4)])
            XCTAssertEqual(state.thread?.summary?.questionID, 4)
        }
        store.receiveQuestionOpened(4, markedRead: ReadState(store.state.list.questions[3]))
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

    private func openedThread() throws -> ReducerTestStore {
        let store = try listStore()
        store.press(.character("g"))
        let thread = QuestionThread(question: Fixtures.question(id: 1, body: "<p>Q</p>"), answers: [Fixtures.answer(id: 10, question: 1)])
        try store.openSelectedQuestion(loading: thread)
        return store
    }

    func testANewLayoutKeepsTheSameParagraphAtTheTop() throws {
        let store = try openedThread()
        // Wide: blocks of 3, 4 and 5 lines, then the answer's 6 and 2.
        store.layOut(questionID: 1, measure(questionBlocks: [3, 4, 5], answerBlocks: [6, 2]))
        for _ in 0..<19 { store.perform(.moveDown) } // line 19: the answer's first block (15…20), 4 lines in
        XCTAssertEqual(store.state.thread?.scroll, 19)
        // Narrow (a resize): every block is twice as long.
        store.send(.resize(Viewport(columns: 40, rows: 12)))
        store.expectEffects([])
        store.layOut(questionID: 1, measure(questionBlocks: [6, 8, 10], answerBlocks: [12, 4]))
        XCTAssertEqual(store.state.thread?.scroll, 27 + 8, "the answer's first block now starts at 27; 4 of 6 lines in is 8 of 12")
        // Comments on (a longer question above): the same block again.
        store.layOut(questionID: 1, measure(questionBlocks: [6, 8, 10, 9], answerBlocks: [12, 4]))
        XCTAssertEqual(store.state.thread?.scroll, 37 + 8)
        // Back to the first width: where the reader was.
        store.layOut(questionID: 1, measure(questionBlocks: [3, 4, 5], answerBlocks: [6, 2]))
        XCTAssertEqual(store.state.thread?.scroll, 19)
    }

    func testAMeasureOfAnotherQuestionIsIgnored() throws {
        let store = try openedThread()
        let before = store.state
        store.layOut(questionID: 99, measure(questionBlocks: [3], answerBlocks: []))
        XCTAssertEqual(store.state, before)
    }
}
