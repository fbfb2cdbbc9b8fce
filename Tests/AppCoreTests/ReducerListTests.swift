import XCTest
import Foundation
import AppCore
import StackAPI
import TestSupport

/// Reducer tests for the question list: start, paging, prefetch, stale tokens, cancel, page-25 stop.
final class ReducerListTests: XCTestCase {
    private func makeState(rows: Int = 12, hasKey: Bool = false) -> AppState {
        AppState(settings: BrowseSettings(site: "cardano", pageSize: 30, hasAPIKey: hasKey), viewport: Viewport(columns: 80, rows: rows))
    }

    /// The token of the single `loadQuestions` effect in `effects`, checking page and priority.
    private func loadToken(_ effects: [Effect], page: Int, priority: LoadPriority, file: StaticString = #filePath, line: UInt = #line) -> LoadToken? {
        for effect in effects {
            if case let .loadQuestions(token, _, requested, requestedPriority, _) = effect {
                XCTAssertEqual(requested, page, file: file, line: line)
                XCTAssertEqual(requestedPriority, priority, file: file, line: line)
                return token
            }
        }
        XCTFail("no loadQuestions effect in \(effects)", file: file, line: line)
        return nil
    }

    func testStartLoadsFirstPageAndSchedulesIndicator() throws {
        var state = makeState()
        let effects = Reducer.reduce(&state, .start)
        let token = try XCTUnwrap(loadToken(effects, page: 1, priority: .userInitiated))
        XCTAssertTrue(effects.contains(.scheduleLoadingIndicator(token, seconds: Reducer.indicatorDelay)))
        XCTAssertEqual(state.list.pending?.token, token)
        XCTAssertFalse(state.list.pending?.indicatorVisible ?? true)
        XCTAssertEqual(Reducer.reduce(&state, .loadingIndicatorDue(token)), [])
        XCTAssertTrue(state.list.pending?.indicatorVisible ?? false)
    }

    func testPageLoadedAppendsDedupesAndRecordsQuota() throws {
        var state = makeState()
        let token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 30, firstID: 1, quota: 287))))
        XCTAssertEqual(state.list.questions.count, 30)
        XCTAssertNil(state.list.pending)
        XCTAssertEqual(state.list.nextPage, 2)
        XCTAssertEqual(state.status.quotaRemaining, 287)
        XCTAssertEqual(state.status.quotaMax, 300)

        // Page 2 overlaps page 1 by five questions (activity sort moves them): duplicates are dropped.
        let next = Reducer.reduce(&state, .command(.bottom))
        let token2 = try XCTUnwrap(loadToken(next, page: 2, priority: .prefetch))
        _ = Reducer.reduce(&state, .questionsLoaded(token2, .success(Fixtures.page(2, count: 30, firstID: 26))))
        XCTAssertEqual(state.list.questions.count, 55)
        XCTAssertEqual(Set(state.list.questions.map(\.questionID)).count, 55)
    }

    func testStaleTokenIsDropped() throws {
        var state = makeState()
        let first = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        let reload = Reducer.reduce(&state, .command(.reload))
        XCTAssertTrue(reload.contains(.cancel(first)))
        let second = try XCTUnwrap(loadToken(reload, page: 1, priority: .userInitiated))
        XCTAssertNotEqual(first, second)

        let before = state
        XCTAssertEqual(Reducer.reduce(&state, .questionsLoaded(first, .success(Fixtures.page(1, count: 5, firstID: 900)))), [])
        XCTAssertEqual(state, before, "a superseded result must not change anything")
        _ = Reducer.reduce(&state, .questionsLoaded(second, .success(Fixtures.page(1, count: 5, firstID: 1, hasMore: false))))
        XCTAssertEqual(state.list.questions.first?.questionID, 1)
    }

    func testPrefetchWithinOneScreenOfTheEndAndNeverTwice() throws {
        var state = makeState(rows: 12) // 10 content rows: a column header and 9 list rows
        let token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 30, firstID: 1))))
        // Rows 0…20 are more than a screen from the end (index 29): no prefetch.
        for _ in 0..<20 { XCTAssertEqual(Reducer.reduce(&state, .command(.moveDown)), []) }
        XCTAssertEqual(state.list.selection, 20)
        // Index 21 leaves 8 rows below: within one screen, so page 2 is prefetched in the background.
        let effects = Reducer.reduce(&state, .command(.moveDown))
        let prefetch = try XCTUnwrap(loadToken(effects, page: 2, priority: .prefetch))
        XCTAssertEqual(state.list.pending?.token, prefetch)
        // Moving further while it loads never asks again for the same page.
        for _ in 0..<15 { XCTAssertEqual(Reducer.reduce(&state, .command(.moveDown)), []) }
        XCTAssertEqual(state.list.selection, 29, "selection stops at the last loaded row")
    }

    func testEndOfListStopsPaging() throws {
        var state = makeState()
        let token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 3, firstID: 1, hasMore: false))))
        XCTAssertEqual(state.list.end, .noMore)
        XCTAssertEqual(Reducer.reduce(&state, .command(.bottom)), [])
    }

    func testPage25StopWithoutKeyTellsWhy() throws {
        var state = makeState()
        var token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        for page in 1...25 {
            let effects = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(page, count: 30, firstID: page * 100))))
            if page < 25 {
                token = try XCTUnwrap(loadToken(effects + Reducer.reduce(&state, .command(.bottom)), page: page + 1, priority: .prefetch))
            } else {
                XCTAssertEqual(effects.withoutStoreReads, [], "page 26 is never requested without a key")
            }
        }
        XCTAssertEqual(Reducer.reduce(&state, .command(.bottom)), [])
        XCTAssertEqual(state.list.end, .pageLimit)
        XCTAssertEqual(state.status.message, APIError.pageLimit(page: 26).summary)
    }

    func testPage26IsRequestedWithAKey() throws {
        var state = makeState(hasKey: true)
        var token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        for page in 1...25 {
            var effects = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(page, count: 30, firstID: page * 100))))
            effects += Reducer.reduce(&state, .command(.bottom))
            token = try XCTUnwrap(loadToken(effects, page: page + 1, priority: .prefetch))
        }
    }

    func testErrorShowsInStatusAndReloadRetries() throws {
        var state = makeState()
        let token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .failure(.offline(detail: "connection refused"))))
        XCTAssertEqual(state.list.error, .offline(detail: "connection refused"))
        XCTAssertTrue(state.status.isError)
        XCTAssertEqual(state.status.message, APIError.offline(detail: "connection refused").summary)
        let retry = Reducer.reduce(&state, .command(.reload))
        XCTAssertNotNil(loadToken(retry, page: 1, priority: .userInitiated))
        XCTAssertNil(state.status.message)
    }

    func testEscapeCancelsTheLoadAndIgnoresItsResult() throws {
        var state = makeState()
        let token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        XCTAssertEqual(Reducer.reduce(&state, .command(.cancelOrBack)), [.cancel(token)])
        XCTAssertNil(state.list.pending)
        XCTAssertFalse(state.isQuitting, "Esc never quits from the list")
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 5, firstID: 1))))
        XCTAssertTrue(state.list.questions.isEmpty)
        XCTAssertEqual(Reducer.reduce(&state, .command(.cancelOrBack)), [])
    }

    func testQuitCancelsEverythingOnce() {
        var state = makeState()
        _ = Reducer.reduce(&state, .start)
        XCTAssertEqual(Reducer.reduce(&state, .command(.backOrQuit)), [.cancelAll, .quit(exitCode: 0)])
        XCTAssertTrue(state.isQuitting)
        XCTAssertEqual(Reducer.reduce(&state, .terminate(signal: SIGTERM)), [])
    }

    func testASignalQuitsWithStatus128PlusItsNumber() {
        for (signal, status): (Int32, Int32) in [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130), (SIGPIPE, 141), (SIGUSR1, 138)] {
            var state = makeState()
            _ = Reducer.reduce(&state, .start)
            XCTAssertEqual(Reducer.reduce(&state, .terminate(signal: signal)), [.cancelAll, .quit(exitCode: status)])
        }
    }

    func testResizeKeepsSelectionVisible() throws {
        var state = makeState(rows: 30)
        let token = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 100, firstID: 1))))
        for _ in 0..<25 { _ = Reducer.reduce(&state, .command(.moveDown)) }
        _ = Reducer.reduce(&state, .resize(Viewport(columns: 40, rows: 7)))
        XCTAssertEqual(state.list.selection, 25)
        XCTAssertTrue((state.list.scrollOffset..<state.list.scrollOffset + 5).contains(25))
    }

    // MARK: A server that repeats itself

    func testAPageWithNothingNewEndsTheListAndSaysSo() throws {
        var state = makeState()
        let first = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        _ = Reducer.reduce(&state, .questionsLoaded(first, .success(Fixtures.page(1, count: 30, firstID: 1))))
        let second = try XCTUnwrap(loadToken(Reducer.reduce(&state, .command(.bottom)), page: 2, priority: .prefetch))
        // Page 2 is page 1 again, and still claims `has_more`.
        let effects = Reducer.reduce(&state, .questionsLoaded(second, .success(Fixtures.page(2, count: 30, firstID: 1))))
        XCTAssertEqual(effects.withoutStoreReads, [])
        XCTAssertEqual(state.list.end, .repeated)
        XCTAssertEqual(state.list.questions.count, 30)
        XCTAssertEqual(state.status.message, "The server sent no new questions — end of list")
        XCTAssertFalse(state.status.isError)
        for command in [Command.bottom, .top, .bottom, .pageDown, .moveDown] {
            XCTAssertEqual(Reducer.reduce(&state, .command(command)), [], "no request after the list ended")
        }
    }

    func testAnEmptyPageThatClaimsMoreEndsTheList() throws {
        var state = makeState()
        let first = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        _ = Reducer.reduce(&state, .questionsLoaded(first, .success(Fixtures.page(1, count: 30, firstID: 1))))
        let second = try XCTUnwrap(loadToken(Reducer.reduce(&state, .command(.bottom)), page: 2, priority: .prefetch))
        _ = Reducer.reduce(&state, .questionsLoaded(second, .success(Fixtures.page(2, count: 0, firstID: 1))))
        XCTAssertEqual(state.list.end, .repeated)
        XCTAssertEqual(Reducer.reduce(&state, .command(.bottom)), [])
    }

    func testAnEmptyFirstPageThatClaimsMoreIsAnEmptyList() throws {
        var state = makeState()
        let first = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        XCTAssertEqual(Reducer.reduce(&state, .questionsLoaded(first, .success(Fixtures.page(1, count: 0, firstID: 1)))), [])
        XCTAssertEqual(state.list.end, .noMore)
        XCTAssertNil(state.status.message)
    }

    func testHoldingEndAgainstARepeatingServerCostsAtMostOneRequestPerKeyPress() throws {
        var state = makeState(rows: 40)
        var requests = 0
        func run(_ effects: [Effect]) {
            for effect in effects {
                guard case let .loadQuestions(token, _, page, _, _) = effect else { continue }
                requests += 1
                // Every page is page 1 again, with `has_more: true`.
                run(Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(page, count: 30, firstID: 1)))))
            }
        }
        run(Reducer.reduce(&state, .start))
        XCTAssertEqual(requests, 2, "page 1, and the prefetch of page 2 on a screen taller than a page")
        for _ in 0..<50 { run(Reducer.reduce(&state, .command(.bottom))) }
        XCTAssertEqual(requests, 2)
        XCTAssertEqual(state.list.end, .repeated)
    }

    func testAPrefetchedPageDoesNotStartAnotherWithoutAKeyPress() throws {
        var state = makeState(rows: 40) // 38 content rows, pages of 10
        let first = try XCTUnwrap(loadToken(Reducer.reduce(&state, .start), page: 1, priority: .userInitiated))
        let afterFirst = Reducer.reduce(&state, .questionsLoaded(first, .success(Fixtures.page(1, count: 10, firstID: 1))))
        let second = try XCTUnwrap(loadToken(afterFirst, page: 2, priority: .prefetch))
        // Page 2 brings ten new questions; the reader is still within a screen of the end, but no key was pressed.
        XCTAssertEqual(Reducer.reduce(&state, .questionsLoaded(second, .success(Fixtures.page(2, count: 10, firstID: 11)))).withoutStoreReads, [])
        XCTAssertNil(state.list.pending)
        XCTAssertEqual(state.list.questions.count, 20)
        XCTAssertNotNil(loadToken(Reducer.reduce(&state, .command(.moveDown)), page: 3, priority: .prefetch))
    }

    func testTheFeedEndsWhenItsServerRepeatsItself() throws {
        var state = makeState()
        guard case let .loadAnswersFeed(first, _, _, _, _, _)? = Reducer.reduce(&state, .command(.toggleAnswersFeed)).first else {
            return XCTFail("no feed load")
        }
        let answers = (1...30).map { Fixtures.answer(id: $0, question: 1) }
        _ = Reducer.reduce(&state, .answersFeedLoaded(first, .success(Page(items: answers, hasMore: true, page: 1))))
        guard case let .loadAnswersFeed(second, _, 2, _, .prefetch, _)? = Reducer.reduce(&state, .command(.bottom)).first else {
            return XCTFail("no prefetch of page 2")
        }
        let effects = Reducer.reduce(&state, .answersFeedLoaded(second, .success(Page(items: answers, hasMore: true, page: 2))))
        XCTAssertFalse(effects.contains { if case .loadAnswersFeed = $0 { true } else { false } })
        XCTAssertEqual(state.feed.end, .repeated)
        XCTAssertEqual(state.status.message, "The server sent no new answers — end of list")
        XCTAssertEqual(Reducer.reduce(&state, .command(.bottom)), [])
    }
}
