import Foundation
import StackAPI
@testable import StackRetrieval
import XCTest

/// The in-memory cache on its own: time-to-live on an injected clock, the cost bound, least recently used first out.
final class ResponseCacheTests: XCTestCase {
    private let clock = ManualClock()

    private func key(_ page: Int) -> ResponseCacheKey {
        .response(.questions(site: "cardano", page: page))
    }

    func testValueLivesUntilItsTimeToLiveEnds() {
        let cache = ResponseCache(timeToLive: 300, clock: clock)
        cache.store("page one", for: key(1))
        clock.advance(by: 299)
        XCTAssertEqual(cache.value(String.self, for: key(1)), "page one")
        XCTAssertTrue(cache.contains(key(1)))
        clock.advance(by: 1)
        XCTAssertFalse(cache.contains(key(1)))
        XCTAssertNil(cache.value(String.self, for: key(1)), "expired at exactly the time-to-live")
        XCTAssertEqual(cache.count, 0, "an expired entry is dropped when looked up")
        XCTAssertEqual(cache.totalCost, 0)
    }

    func testStoringAgainReplacesTheValueAndRestartsItsLife() {
        let cache = ResponseCache(timeToLive: 10, clock: clock)
        cache.store("old", for: key(1), cost: 4)
        clock.advance(by: 8)
        cache.store("new", for: key(1), cost: 2)
        clock.advance(by: 8)
        XCTAssertEqual(cache.value(String.self, for: key(1)), "new")
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.totalCost, 2)
    }

    func testLeastRecentlyUsedEntriesLeaveFirstWhenTheCostBoundIsPassed() {
        let cache = ResponseCache(capacity: 30, clock: clock)
        for page in 1...3 { cache.store(page, for: key(page), cost: 10) }
        XCTAssertEqual(cache.value(Int.self, for: key(1)), 1, "touching page 1 makes page 2 the oldest")
        cache.store(4, for: key(4), cost: 10)
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.totalCost, 30)
        XCTAssertNil(cache.value(Int.self, for: key(2)), "least recently used: evicted")
        XCTAssertEqual([1, 3, 4].map { cache.value(Int.self, for: key($0)) }, [1, 3, 4])

        cache.store(5, for: key(5), cost: 25)
        XCTAssertEqual(cache.totalCost, 25, "a large entry pushes out as many as needed")
        XCTAssertEqual(cache.value(Int.self, for: key(5)), 5)
    }

    func testExpiredEntriesGoBeforeFreshOnesWhenMakingRoom() {
        let cache = ResponseCache(capacity: 20, timeToLive: 100, clock: clock)
        cache.store("stored first", for: key(1), cost: 10)
        clock.advance(by: 60)
        cache.store("stored second", for: key(2), cost: 10)
        XCTAssertNotNil(cache.value(String.self, for: key(1)), "key 1 becomes the most recently used")
        clock.advance(by: 50) // key 1 has expired, key 2 has not
        cache.store("newest", for: key(3), cost: 10)
        XCTAssertEqual(cache.value(String.self, for: key(2)), "stored second", "least recently used, but still fresh")
        XCTAssertEqual(cache.value(String.self, for: key(3)), "newest")
        XCTAssertEqual(cache.count, 2)
    }

    func testAValueCostingMoreThanTheCapacityIsNotStored() {
        let cache = ResponseCache(capacity: 5, clock: clock)
        cache.store("small", for: key(1), cost: 3)
        cache.store("huge", for: key(2), cost: 6)
        XCTAssertNil(cache.value(String.self, for: key(2)))
        XCTAssertEqual(cache.value(String.self, for: key(1)), "small", "nothing was evicted for it")
    }

    func testAValueOfAnotherTypeIsAMiss() {
        let cache = ResponseCache(clock: clock)
        cache.store(42, for: key(1))
        XCTAssertNil(cache.value(String.self, for: key(1)))
        XCTAssertEqual(cache.value(Int.self, for: key(1)), 42)
    }

    func testRemoveValueAndRemoveAll() {
        let cache = ResponseCache(clock: clock)
        for page in 1...3 { cache.store(page, for: key(page), cost: 2) }
        cache.removeValue(for: key(2))
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.totalCost, 4)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.totalCost, 0)
        XCTAssertNil(cache.value(Int.self, for: key(1)))
    }

    func testAPageWithBodiesAlsoStoresEachQuestion() throws {
        let cache = ResponseCache(clock: clock)
        let withBody = Question(questionID: 7, title: "t", creationDate: Date(), body: "<p>b</p>")
        let withoutBody = Question(questionID: 8, title: "u", creationDate: Date())
        let request = APIRequest.questions(site: "cardano", withBody: true)
        cache.storeResponse(Page(items: [withBody, withoutBody], hasMore: true, page: 1, backoff: 5), for: request)

        let page: Page<Question> = try XCTUnwrap(cache.page(answering: request))
        XCTAssertEqual(page.items.map(\.questionID), [7, 8])
        XCTAssertNil(page.backoff, "a cached copy does not repeat the backoff the gate already holds")
        XCTAssertEqual(cache.questionWithBody(7, site: "cardano")?.body, "<p>b</p>")
        XCTAssertNil(cache.questionWithBody(8, site: "cardano"), "no body, nothing to reuse")
        XCTAssertNil(cache.questionWithBody(7, site: "beer"), "questions are per site")
        XCTAssertNil(cache.page(answering: APIRequest.questions(site: "cardano")) as Page<Question>?,
                     "a request without bodies is another request")
    }

    func testForPageKeepsTheQueryOrderedAndReplacesOnlyThePage() {
        let first = APIRequest.commentsOfPosts([1, 2], site: "cardano")
        let third = first.forPage(3)
        XCTAssertEqual(third, APIRequest.commentsOfPosts([1, 2], site: "cardano", page: 3))
        XCTAssertEqual(APIRequest.sites().forPage(2), APIRequest.sites(page: 2))
    }
}
