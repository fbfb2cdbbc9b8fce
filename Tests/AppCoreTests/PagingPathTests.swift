import AppCore
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The three paged lists (a question list, the answers feed, the saved list) page through one path (issue 19): the
/// loading indicator, Esc, a click, a resize and the prefetch act on each alike, every effect asserted.
final class PagingPathTests: XCTestCase {
    private func listed(_ count: Int = 40, rows: Int = 24) throws -> ReducerTestStore {
        ReducerTestStore(try AppState.listing(count, rows: rows))
    }

    /// Opens the saved list over the question list; returns its load's token.
    private func openSaved(_ store: ReducerTestStore) -> LoadToken? {
        store.send(.key(.character("M"))) { XCTAssertEqual($0.screens, [.questionList, .savedList]) }
        let token = store.receive("the saved list's load") { effect -> LoadToken? in
            if case let .load(token, .saved("cardano")) = effect { token } else { nil }
        }
        if let token { store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token))) }
        return token
    }

    /// Opens the answers feed over the question list; returns its first page's token.
    private func openFeed(_ store: ReducerTestStore) -> LoadToken? {
        store.send(.command(.toggleAnswersFeed)) { XCTAssertEqual($0.screens, [.questionList, .answersFeed]) }
        let token = store.receive("the feed's page 1") { effect -> LoadToken? in
            if case let .load(token, .answersFeed("cardano", 1, _, .userInitiated, false)) = effect { token } else { nil }
        }
        if let token { store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(token))) }
        return token
    }

    private func answers(_ count: Int, firstID: Int, hasMore: Bool) -> Page<Answer> {
        Page(items: (0..<count).map { Fixtures.answer(id: firstID + $0, question: 1) }, hasMore: hasMore, page: 1)
    }

    func testTheSavedListShowsItsIndicatorAndEscCancelsItsLoad() throws {
        let store = try listed()
        let token = try XCTUnwrap(openSaved(store))
        store.send(.loadingIndicatorDue(token)) { XCTAssertEqual($0.savedList?.rows.pending?.indicatorVisible, true) }
        store.expectEffects([])
        store.send(.key(.escape)) { state in
            XCTAssertEqual(state.screens, [.questionList, .savedList], "Esc cancels first, pops only when nothing loads")
            XCTAssertNil(state.savedList?.rows.pending)
            XCTAssertEqual(state.status.message, "Load cancelled — press r to retry")
        }
        store.expectEffects([.cancel(token)])
        store.send(.loaded(token, .saved(.success([Fixtures.question(id: 7)])))) { XCTAssertEqual($0.savedList?.rows.items, []) }
        store.expectEffects([], "a cancelled load's result is dropped")
    }

    func testAClickSelectsTheFeedsRowAndADoubleClickOpensItsQuestionAtTheAnswer() throws {
        let store = try listed()
        let token = try XCTUnwrap(openFeed(store))
        store.send(.loaded(token, .answersFeed(.success(answers(5, firstID: 100, hasMore: false)))))
        store.expectEffects([])
        store.send(.key(.mouse(MouseEvent(.click, row: 2 + 3, column: 10)))) { XCTAssertEqual($0.feed.selection, 3) }
        store.expectEffects([])
        store.send(.key(.mouse(MouseEvent(.click, row: 2 + 9, column: 10)))) { XCTAssertEqual($0.feed.selection, 3, "no row there") }
        store.expectEffects([])
        store.send(.key(.mouse(MouseEvent(.doubleClick, row: 2 + 1, column: 10)))) { state in
            XCTAssertEqual(state.feed.selection, 1)
            XCTAssertEqual(state.screens, [.questionList, .answersFeed, .question(id: 1)])
            XCTAssertEqual(state.thread?.focusAnswerID, 101)
        }
        store.receiveQuestionOpened(1, markedRead: ReadState(Fixtures.question(id: 1)))
    }

    func testTheFeedsTitlesAreMatchedByTheirTokenAndCancelledWithTheFeed() throws {
        let store = try listed(3)
        let token = try XCTUnwrap(openFeed(store))
        let answers = [Fixtures.answer(id: 100, question: 3), Fixtures.answer(id: 101, question: 999)]
        store.send(.loaded(token, .answersFeed(.success(Page(items: answers, hasMore: false, page: 1)))))
        let titles = try XCTUnwrap(store.receive("the missing title's load") { effect -> LoadToken? in
            if case .load(let token, .questionTitles([999], "cardano")) = effect { token } else { nil }
        })
        store.send(.loaded(LoadToken(titles.raw + 1), .questionTitles(.success([Fixtures.question(id: 999, title: "Stale")])))) {
            XCTAssertNil($0.answersFeed?.titles[999], "a result no screen waits for is dropped")
        }
        store.expectEffects([])
        store.send(.command(.back)) { XCTAssertEqual($0.screens, [.questionList]) }
        store.expectEffects([.cancel(titles)], "popping the feed cancels the titles it waits for")
        store.send(.command(.toggleAnswersFeed))
        let again = try XCTUnwrap(store.receive("the feed's page 1") { effect -> LoadToken? in
            if case let .load(token, .answersFeed("cardano", 1, _, .userInitiated, false)) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(again)))
        store.send(.loaded(titles, .questionTitles(.success([Fixtures.question(id: 999, title: "Late")])))) {
            XCTAssertNil($0.answersFeed?.titles[999], "the popped feed's titles do not reach the new feed")
        }
        store.expectEffects([])
    }

    func testAResizeKeepsEveryListsCursorOnScreenAndPrefetchesForTheListOnTop() throws {
        let store = try listed(40, rows: 24)
        store.send(.command(.bottom)) { XCTAssertEqual($0.list.scrollOffset, 39 - 21 + 1) }
        store.expectEffects([], "the list's last page came")
        let token = try XCTUnwrap(openFeed(store))
        store.send(.loaded(token, .answersFeed(.success(answers(30, firstID: 100, hasMore: true)))))
        store.expectEffects([], "the cursor is more than a screen from the end")
        store.send(.command(.bottom)) { XCTAssertEqual($0.feed.selection, 29) }
        let next = store.receive("the feed's page 2, prefetched") { effect -> LoadToken? in
            if case let .load(token, .answersFeed("cardano", 2, _, .prefetch, false)) = effect { token } else { nil }
        }
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(try XCTUnwrap(next))))
        store.send(.loaded(try XCTUnwrap(next), .answersFeed(.success(answers(30, firstID: 200, hasMore: true)))))
        store.expectEffects([], "a prefetched page never starts another")
        store.send(.resize(Viewport(columns: 80, rows: 10))) { state in
            XCTAssertEqual(state.feed.scrollOffset, 29 - 7 + 1)
            XCTAssertEqual(state.list.scrollOffset, 39 - 7 + 1, "the list under it keeps its cursor on screen too")
        }
        store.expectEffects([], "30 answers below the cursor: more than a screen of 7")
        store.send(.resize(Viewport(columns: 80, rows: 44)))
        let third = store.receive("the feed's page 3, prefetched as the screen grew") { effect -> LoadToken? in
            if case let .load(token, .answersFeed("cardano", 3, _, .prefetch, false)) = effect { token } else { nil }
        }
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(try XCTUnwrap(third))))
    }
}

extension AppState {
    /// The saved list nearest the top, if one is open.
    var savedList: SavedListState? {
        for case .saved(let saved) in stack.reversed() { return saved }
        return nil
    }
}
