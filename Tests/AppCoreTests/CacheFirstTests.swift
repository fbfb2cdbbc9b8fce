import XCTest
import Foundation
import AppCore
import StackAPI
import TestSupport

/// The store's copy of a list paints at once, marked with its age; the network's page replaces it and the cursor
/// stays on the same question.
final class CacheFirstTests: XCTestCase {
    func testTheNetworksPageReplacesTheCachedCopyKeepingTheSelectedQuestion() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano", pageSize: 30), viewport: Viewport(columns: 80, rows: 12))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        let fetched = Date(timeIntervalSince1970: 1_600_000_000)
        let cached = Fixtures.page(1, count: 10, firstID: 1).items
        _ = Reducer.reduce(&state, .cachedQuestionsLoaded(token, cached, fetchedAt: fetched))
        XCTAssertEqual(state.list.questions.count, 10)
        XCTAssertEqual(state.questionList?.cachedAt, fetched)
        XCTAssertEqual(state.list.pending?.token, token, "the network's page is still awaited")
        _ = Reducer.reduce(&state, .command(.moveDown))
        _ = Reducer.reduce(&state, .command(.moveDown))
        let selected = state.list.questions[2].questionID

        // Two new questions came in on top: the cursor follows question 3, not row 3.
        let fresh = [Fixtures.question(id: 100), Fixtures.question(id: 101)] + cached
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Page(items: fresh, hasMore: true, page: 1))))
        XCTAssertEqual(state.list.questions.count, 12)
        XCTAssertEqual(state.list.selectedQuestion?.questionID, selected)
        XCTAssertNil(state.questionList?.cachedAt)
        XCTAssertNotEqual(state.list.pending?.token, token, "page 1 is in (page 2 may be prefetching)")
    }

    func testACachedCopyArrivingAfterTheNetworkIsDropped() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano", pageSize: 30), viewport: Viewport(columns: 80, rows: 12))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 5, firstID: 50))))
        _ = Reducer.reduce(&state, .cachedQuestionsLoaded(token, Fixtures.page(1, count: 10, firstID: 1).items, fetchedAt: Date()))
        XCTAssertEqual(state.list.questions.map(\.questionID), Array(50..<55))
        XCTAssertNil(state.questionList?.cachedAt)
    }
}
