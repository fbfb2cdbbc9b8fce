import AppCore
import Foundation
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// The store's copy of a list paints at once, marked with its age; the network's page replaces it and the cursor
/// stays on the same question (on the first row when it never left it). (Written with `ReducerTestStore`: every effect is asserted.)
final class CacheFirstTests: XCTestCase {
    private func started() throws -> (ReducerTestStore, LoadToken) {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano", pageSize: 30),
                                              viewport: Viewport(columns: 80, rows: 12)))
        return (store, try XCTUnwrap(store.start()?.token))
    }

    func testTheNetworksPageReplacesTheCachedCopyKeepingTheSelectedQuestion() throws {
        let (store, token) = try started()
        let fetched = Date(timeIntervalSince1970: 1_600_000_000)
        let cached = Fixtures.page(1, count: 10, firstID: 1).items
        store.send(.loaded(token, .cachedQuestions(cached, fetchedAt: fetched))) { state in
            XCTAssertEqual(state.list.questions.count, 10)
            XCTAssertEqual(state.questionList?.cachedAt, fetched)
            XCTAssertEqual(state.list.pending?.token, token, "the network's page is still awaited")
        }
        store.receiveReadMarksLoad(Array(1...10))
        store.send(.command(.moveDown))
        store.expectEffects([], "no prefetch while page 1 is on its way")
        store.send(.command(.moveDown))
        store.expectEffects([])
        let selected = store.state.list.questions[2].questionID

        // Two new questions came in on top: the cursor follows question 3, not row 3.
        let fresh = [Fixtures.question(id: 100), Fixtures.question(id: 101)] + cached
        store.send(.loaded(token, .questions(.success(Page(items: fresh, hasMore: true, page: 1))))) { state in
            XCTAssertEqual(state.list.questions.count, 12)
            XCTAssertEqual(state.list.selectedQuestion?.questionID, selected)
            XCTAssertNil(state.questionList?.cachedAt)
        }
        let prefetch = try XCTUnwrap(store.receiveQuestionsLoad(), "the cursor, now on row 5 of 12, is within a screen of the end")
        XCTAssertEqual(prefetch.page, 2)
        XCTAssertNotEqual(prefetch.token, token)
        store.receiveReadMarksLoad([100, 101] + Array(1...10))
    }

    func testAReaderStillOnTheFirstRowSeesTheNetworksNewFirstRow() throws {
        let (store, token) = try started()
        let cached = Fixtures.page(1, count: 10, firstID: 1).items
        store.send(.loaded(token, .cachedQuestions(cached, fetchedAt: Date(timeIntervalSince1970: 1_600_000_000))))
        store.receiveReadMarksLoad(Array(1...10))

        // A question that arrived live in the last run was not on the kept page: it comes first, and is shown.
        let fresh = [Fixtures.question(id: 100)] + cached
        store.send(.loaded(token, .questions(.success(Page(items: fresh, hasMore: false, page: 1))))) { state in
            XCTAssertEqual(state.list.questions.first?.questionID, 100)
            XCTAssertEqual(state.list.selectedQuestion?.questionID, 100, "the cursor stays on the first row")
            XCTAssertEqual(state.list.scrollOffset, 0, "nothing newer is scrolled out of view above")
        }
        store.receiveReadMarksLoad([100] + Array(1...10))
    }

    func testACachedCopyArrivingAfterTheNetworkIsDropped() throws {
        let (store, token) = try started()
        store.send(.loaded(token, .questions(.success(Fixtures.page(1, count: 5, firstID: 50)))))
        let prefetch = try XCTUnwrap(store.receiveQuestionsLoad(), "five rows fill less than a screen: page 2 is prefetched")
        XCTAssertEqual(prefetch.page, 2)
        XCTAssertEqual(prefetch.priority, .prefetch)
        store.receiveReadMarksLoad(Array(50..<55))
        store.send(.loaded(token, .cachedQuestions(Fixtures.page(1, count: 10, firstID: 1).items, fetchedAt: Date()))) { state in
            XCTAssertEqual(state.list.questions.map(\.questionID), Array(50..<55))
            XCTAssertNil(state.questionList?.cachedAt)
        }
        store.expectEffects([])
    }
}
