import AppCore
import Foundation
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Reducer tests for the question list: start, paging, prefetch, stale tokens, cancel, page-25 stop. (Written with
/// `ReducerTestStore`: every effect is asserted.)
final class ReducerListTests: XCTestCase {
    private func makeStore(rows: Int = 12, hasKey: Bool = false) -> ReducerTestStore {
        ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano", pageSize: 30, hasAPIKey: hasKey),
                                  viewport: Viewport(columns: 80, rows: rows)))
    }

    /// Consumes a page load of `page` asked for with `priority` (and its indicator's timer); returns its token.
    private func receivePage(_ page: Int, _ priority: LoadPriority, _ store: ReducerTestStore,
                             file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        guard let load = store.receiveQuestionsLoad(file: file, line: line) else { return nil }
        XCTAssertEqual(load.page, page, file: file, line: line)
        XCTAssertEqual(load.priority, priority, file: file, line: line)
        return load.token
    }

    /// Started: page 1's load asked for; returns its token.
    private func started(_ store: ReducerTestStore, file: StaticString = #filePath, line: UInt = #line) throws -> LoadToken {
        let load = try XCTUnwrap(store.start(file: file, line: line), file: file, line: line)
        XCTAssertEqual(load.page, 1, file: file, line: line)
        XCTAssertEqual(load.priority, .userInitiated, file: file, line: line)
        return load.token
    }

    /// Answers `token` with `page`, which asks for its rows' marks (and nothing else).
    private func load(_ token: LoadToken, _ page: Page<Question>, _ store: ReducerTestStore,
                      file: StaticString = #filePath, line: UInt = #line) {
        store.send(.loaded(token, .questions(.success(page))), file: file, line: line)
        store.receiveReadMarksLoad(page.items.map(\.questionID), file: file, line: line)
    }

    func testStartLoadsFirstPageAndSchedulesIndicator() throws {
        let store = makeStore()
        let token = try started(store) // the load, then its indicator's timer
        XCTAssertEqual(store.state.list.pending?.token, token)
        XCTAssertFalse(store.state.list.pending?.indicatorVisible ?? true)
        store.send(.loadingIndicatorDue(token)) { XCTAssertTrue($0.list.pending?.indicatorVisible ?? false) }
        store.expectEffects([])
    }

    func testPageLoadedAppendsDedupesAndRecordsQuota() throws {
        let store = makeStore()
        let token = try started(store)
        load(token, Fixtures.page(1, count: 30, firstID: 1, quota: 287), store)
        XCTAssertEqual(store.state.list.questions.count, 30)
        XCTAssertNil(store.state.list.pending)
        XCTAssertEqual(store.state.list.nextPage, 2)
        XCTAssertEqual(store.state.status.quotaRemaining, 287)
        XCTAssertEqual(store.state.status.quotaMax, 300)

        // Page 2 overlaps page 1 by five questions (activity sort moves them): duplicates are dropped.
        store.send(.command(.bottom))
        let token2 = try XCTUnwrap(receivePage(2, .prefetch, store))
        store.send(.loaded(token2, .questions(.success(Fixtures.page(2, count: 30, firstID: 26))))) { state in
            XCTAssertEqual(state.list.questions.count, 55)
            XCTAssertEqual(Set(state.list.questions.map(\.questionID)).count, 55)
        }
        store.receiveReadMarksLoad(Array(26...55))
    }

    func testStaleTokenIsDropped() throws {
        let store = makeStore()
        let first = try started(store)
        store.send(.command(.reload))
        store.receive(.cancel(first))
        let second = try XCTUnwrap(receivePage(1, .userInitiated, store))
        XCTAssertNotEqual(first, second)

        let before = store.state
        store.send(.loaded(first, .questions(.success(Fixtures.page(1, count: 5, firstID: 900))))) {
            XCTAssertEqual($0, before, "a superseded result must not change anything")
        }
        store.expectEffects([])
        load(second, Fixtures.page(1, count: 5, firstID: 1, hasMore: false), store)
        XCTAssertEqual(store.state.list.questions.first?.questionID, 1)
    }

    func testPrefetchWithinOneScreenOfTheEndAndNeverTwice() throws {
        let store = makeStore(rows: 12) // 10 content rows: a column header and 9 list rows
        let token = try started(store)
        load(token, Fixtures.page(1, count: 30, firstID: 1), store)
        // Rows 0…20 are more than a screen from the end (index 29): no prefetch.
        for _ in 0..<20 { store.perform(.moveDown) }
        XCTAssertEqual(store.state.list.selection, 20)
        // Index 21 leaves 8 rows below: within one screen, so page 2 is prefetched in the background.
        store.send(.command(.moveDown))
        let prefetch = try XCTUnwrap(receivePage(2, .prefetch, store))
        XCTAssertEqual(store.state.list.pending?.token, prefetch)
        // Moving further while it loads never asks again for the same page.
        for _ in 0..<15 { store.perform(.moveDown) }
        XCTAssertEqual(store.state.list.selection, 29, "selection stops at the last loaded row")
    }

    func testEndOfListStopsPaging() throws {
        let store = makeStore()
        let token = try started(store)
        load(token, Fixtures.page(1, count: 3, firstID: 1, hasMore: false), store)
        XCTAssertEqual(store.state.list.end, .noMore)
        store.perform(.bottom)
    }

    /// Loads pages 1…`pages` of 30, each asked for by End on the one before.
    private func loadPages(_ pages: Int, _ store: ReducerTestStore) throws {
        var token = try started(store)
        for page in 1...pages {
            load(token, Fixtures.page(page, count: 30, firstID: page * 100), store)
            guard page < pages else { break }
            store.send(.command(.bottom))
            token = try XCTUnwrap(receivePage(page + 1, .prefetch, store))
        }
    }

    func testPage25StopWithoutKeyTellsWhy() throws {
        let store = makeStore()
        try loadPages(25, store)
        store.send(.command(.bottom)) { state in
            XCTAssertEqual(state.list.end, .pageLimit)
            XCTAssertEqual(state.status.message, APIError.pageLimit(page: 26).summary)
        }
        store.expectEffects([], "page 26 is never requested without a key")
    }

    func testPage26IsRequestedWithAKey() throws {
        let store = makeStore(hasKey: true)
        try loadPages(25, store)
        store.send(.command(.bottom))
        XCTAssertNotNil(receivePage(26, .prefetch, store))
    }

    func testErrorShowsInStatusAndReloadRetries() throws {
        let store = makeStore()
        let token = try started(store)
        store.send(.loaded(token, .questions(.failure(.offline(detail: "connection refused"))))) { state in
            XCTAssertEqual(state.list.error, .offline(detail: "connection refused"))
            XCTAssertTrue(state.status.isError)
            XCTAssertEqual(state.status.message, APIError.offline(detail: "connection refused").summary)
            XCTAssertEqual(state.top.kind, .waysForward, "nothing to show: the ways forward, over the list")
        }
        let ways = try XCTUnwrap(store.receiveWaysForward())
        store.perform(.top)
        store.send(.command(.reload)) { XCTAssertNil($0.status.message) }
        store.receive(.cancel(ways))
        XCTAssertNotNil(receivePage(1, .userInitiated, store))
    }

    func testEscapeCancelsTheLoadAndIgnoresItsResult() throws {
        let store = makeStore()
        let token = try started(store)
        store.send(.command(.cancelOrBack)) { state in
            XCTAssertNil(state.list.pending)
            XCTAssertFalse(state.isQuitting, "Esc never quits from the list")
        }
        store.expectEffects([.cancel(token)])
        store.send(.loaded(token, .questions(.success(Fixtures.page(1, count: 5, firstID: 1))))) {
            XCTAssertTrue($0.list.questions.isEmpty)
        }
        store.expectEffects([])
        store.perform(.cancelOrBack)
    }

    func testQuitCancelsEverythingOnce() throws {
        let store = makeStore()
        _ = try started(store)
        store.send(.command(.backOrQuit)) { XCTAssertTrue($0.isQuitting) }
        store.expectEffects([.cancelAll, .quit(exitCode: 0)])
        store.send(.terminate(signal: SIGTERM))
        store.expectEffects([])
    }

    func testASignalQuitsWithStatus128PlusItsNumber() throws {
        for (signal, status): (Int32, Int32) in [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130), (SIGPIPE, 141), (SIGUSR1, 138)] {
            let store = makeStore()
            _ = try started(store)
            store.send(.terminate(signal: signal))
            store.expectEffects([.cancelAll, .quit(exitCode: status)])
        }
    }

    func testResizeKeepsSelectionVisible() throws {
        let store = makeStore(rows: 30)
        let token = try started(store)
        load(token, Fixtures.page(1, count: 100, firstID: 1), store)
        for _ in 0..<25 { store.perform(.moveDown) }
        store.send(.resize(Viewport(columns: 40, rows: 7))) { state in
            XCTAssertEqual(state.list.selection, 25)
            XCTAssertTrue((state.list.scrollOffset..<state.list.scrollOffset + 5).contains(25))
        }
        store.expectEffects([])
    }

    // MARK: A server that repeats itself

    /// Page 1 of 30 loaded and End pressed: returns the prefetch of page 2 it asks for.
    private func atTheEndOfPageOne(_ store: ReducerTestStore) throws -> LoadToken {
        let first = try started(store)
        load(first, Fixtures.page(1, count: 30, firstID: 1), store)
        store.send(.command(.bottom))
        return try XCTUnwrap(receivePage(2, .prefetch, store))
    }

    func testAPageOrderedAmongOnlyTheNewestMatchesSaysSo() throws {
        let store = makeStore()
        let first = try started(store)
        var cut = Fixtures.page(1, count: 30, firstID: 1)
        cut.orderedAmongNewest = 600
        store.send(.loaded(first, .questions(.success(cut)))) { state in
            XCTAssertEqual(state.list.questions.count, 30)
            XCTAssertEqual(state.status.message,
                           "Many posts match: ordered among the newest 600 of them (rarer words narrow the search)")
            XCTAssertFalse(state.status.isError)
        }
        store.receiveReadMarksLoad(Array(1...30))
    }

    /// A search's cut is said once: a later page with the same cut (a prefetch) leaves the status line to what the
    /// reader is reading; a page whose cut differs says it, and page 1 again (`r`) says it again.
    func testTheCutIsSaidWhenTheSearchsFirstPageArrivesNotByEachLaterPage() throws {
        let store = makeStore()
        let first = try started(store)
        load(first, Fixtures.page(1, count: 30, firstID: 1).orderedAmongNewest(600), store)
        let saysCut600 = "Many posts match: ordered among the newest 600 of them (rarer words narrow the search)"
        XCTAssertEqual(store.state.status.message, saysCut600)

        store.send(.command(.bottom))
        let second = try XCTUnwrap(receivePage(2, .prefetch, store))
        store.send(.notify("Copied link: https://cardano.stackexchange.com/q/30", isError: false))
        store.expectEffects([])
        load(second, Fixtures.page(2, count: 30, firstID: 31).orderedAmongNewest(600), store)
        XCTAssertEqual(store.state.status.message, "Copied link: https://cardano.stackexchange.com/q/30",
                       "the prefetched page's cut, said already, leaves the reader's message")

        store.send(.command(.bottom))
        let third = try XCTUnwrap(receivePage(3, .prefetch, store))
        load(third, Fixtures.page(3, count: 30, firstID: 61).orderedAmongNewest(300), store)
        XCTAssertEqual(store.state.status.message,
                       "Many posts match: ordered among the newest 300 of them (rarer words narrow the search)")

        store.perform(.top)
        store.send(.command(.reload)) { XCTAssertNil($0.status.message) }
        let again = try XCTUnwrap(receivePage(1, .userInitiated, store))
        load(again, Fixtures.page(1, count: 30, firstID: 1).orderedAmongNewest(600), store)
        XCTAssertEqual(store.state.status.message, saysCut600, "page 1 again says its cut again")
    }

    func testAPageWithNothingNewEndsTheListAndSaysSo() throws {
        let store = makeStore()
        let second = try atTheEndOfPageOne(store)
        // Page 2 is page 1 again, and still claims `has_more`.
        store.send(.loaded(second, .questions(.success(Fixtures.page(2, count: 30, firstID: 1))))) { state in
            XCTAssertEqual(state.list.end, .repeated)
            XCTAssertEqual(state.list.questions.count, 30)
            XCTAssertEqual(state.status.message, "The server sent no new questions — end of list")
            XCTAssertFalse(state.status.isError)
        }
        store.receiveReadMarksLoad(Array(1...30))
        for command in [Command.bottom, .top, .bottom, .pageDown, .moveDown] {
            store.perform(command) // no request after the list ended
        }
    }

    func testAnEmptyPageThatClaimsMoreEndsTheList() throws {
        let store = makeStore()
        let second = try atTheEndOfPageOne(store)
        store.send(.loaded(second, .questions(.success(Fixtures.page(2, count: 0, firstID: 1))))) {
            XCTAssertEqual($0.list.end, .repeated)
        }
        store.expectEffects([])
        store.perform(.bottom)
    }

    func testAnEmptyFirstPageThatClaimsMoreIsAnEmptyList() throws {
        let store = makeStore()
        let first = try started(store)
        store.send(.loaded(first, .questions(.success(Fixtures.page(1, count: 0, firstID: 1))))) { state in
            XCTAssertEqual(state.list.end, .noMore)
            XCTAssertNil(state.status.message)
        }
        store.expectEffects([])
    }

    func testHoldingEndAgainstARepeatingServerCostsAtMostOneRequestPerKeyPress() throws {
        let store = makeStore(rows: 40)
        // Every page is page 1 again, with `has_more: true`.
        let first = try started(store)
        store.send(.loaded(first, .questions(.success(Fixtures.page(1, count: 30, firstID: 1)))))
        let second = try XCTUnwrap(receivePage(2, .prefetch, store), "page 1, and the prefetch of page 2 on a screen taller than a page")
        store.receiveReadMarksLoad(Array(1...30))
        store.send(.loaded(second, .questions(.success(Fixtures.page(2, count: 30, firstID: 1)))))
        store.receiveReadMarksLoad(Array(1...30))
        for _ in 0..<50 { store.perform(.bottom) }
        XCTAssertEqual(store.state.list.end, .repeated)
    }

    func testAPrefetchedPageDoesNotStartAnotherWithoutAKeyPress() throws {
        let store = makeStore(rows: 40) // 38 content rows, pages of 10
        let first = try started(store)
        store.send(.loaded(first, .questions(.success(Fixtures.page(1, count: 10, firstID: 1)))))
        let second = try XCTUnwrap(receivePage(2, .prefetch, store))
        store.receiveReadMarksLoad(Array(1...10))
        // Page 2 brings ten new questions; the reader is still within a screen of the end, but no key was pressed.
        load(second, Fixtures.page(2, count: 10, firstID: 11), store)
        XCTAssertNil(store.state.list.pending)
        XCTAssertEqual(store.state.list.questions.count, 20)
        store.send(.command(.moveDown))
        XCTAssertNotNil(receivePage(3, .prefetch, store))
    }

    func testTheFeedEndsWhenItsServerRepeatsItself() throws {
        let store = makeStore()
        _ = try started(store)
        store.send(.command(.toggleAnswersFeed))
        let first = try XCTUnwrap(store.receiveAnswersFeedLoad())
        let answers = (1...30).map { Fixtures.answer(id: $0, question: 1) }
        store.send(.loaded(first, .answersFeed(.success(Page(items: answers, hasMore: true, page: 1)))))
        let title = try XCTUnwrap(store.receive("the title of question 1") { effect -> LoadToken? in
            if case .load(let token, .questionTitles([1], "cardano")) = effect { token } else { nil }
        })
        store.send(.command(.bottom))
        let second = try XCTUnwrap(store.receiveAnswersFeedLoad(page: 2, priority: .prefetch), "the prefetch of page 2")
        store.send(.loaded(second, .answersFeed(.success(Page(items: answers, hasMore: true, page: 2))))) { state in
            XCTAssertEqual(state.feed.end, .repeated)
            XCTAssertEqual(state.status.message, "The server sent no new answers — end of list")
        }
        // The repeated page added no answer, and question 1's title is already on its way (`title`): not asked again.
        store.expectEffects([], "no page 3, and no second request for question 1's title")
        store.send(.loaded(title, .questionTitles(.success([Fixtures.question(id: 1, title: "One")])))) { state in
            XCTAssertEqual(state.answersFeed?.titles[1], "One")
        }
        store.perform(.bottom)
    }
}

private extension Page {
    /// This page, ordered among only the newest `newest` matches (a local search that was cut).
    func orderedAmongNewest(_ newest: Int) -> Page {
        var page = self
        page.orderedAmongNewest = newest
        return page
    }
}
