import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Requests a cache or an earlier response could answer are not sent: checked in the double's request log.
final class ResponseCacheHTTPTests: RetrievalTestCase {
    private let clock = ManualClock()

    override func setUp() async throws {
        try await super.setUp()
        retrieval = makeRetrieval(cache: ResponseCache(clock: clock))
    }

    private func openThread(
        _ questionID: Int, cachePolicy: CachePolicy = .useCache, on retrieval: Retrieval? = nil
    ) throws -> QuestionThread {
        let deliveries = Deliveries<QuestionThread>()
        (retrieval ?? self.retrieval).questions.retrieveThread(
            questionID: questionID, site: site, cachePolicy: cachePolicy, completion: deliveries.completion)
        waitUntil("thread delivered") { deliveries.count == 1 }
        return try XCTUnwrap(deliveries.last).get()
    }

    private func loadPage(
        _ page: Int, pageSize: Int = 10, withBodies: Bool = false, cachePolicy: CachePolicy = .useCache,
        on retrieval: Retrieval? = nil
    ) throws -> Page<Question> {
        let deliveries = Deliveries<Page<Question>>()
        (retrieval ?? self.retrieval).questions.retrieveQuestions(
            site: site, page: page, pageSize: pageSize, withBodies: withBodies, cachePolicy: cachePolicy,
            completion: deliveries.completion)
        waitUntil("page \(page) delivered") { deliveries.count == 1 }
        return try XCTUnwrap(deliveries.last).get()
    }

    func testReopeningAThreadCostsNoRequestAndReloadAsksAgain() throws {
        let chosen = try questionWithAnswers()
        let first = try openThread(chosen.questionID)
        try double.clearRequestLog()
        let again = try openThread(chosen.questionID)
        // The quota shown may differ: the first open took the lower of two parallel answers, a reopen only
        // the cached answers page's (the question comes from the cache of questions with bodies).
        XCTAssertEqual(again.question, first.question)
        XCTAssertEqual(again.answers, first.answers)
        XCTAssertEqual(again.hasMoreAnswers, first.hasMoreAnswers)
        XCTAssertEqual(try double.requestLog(), [], "reopened within the time-to-live: no request")

        let reloaded = try openThread(chosen.questionID, cachePolicy: .reload)
        XCTAssertEqual(reloaded.question, first.question)
        XCTAssertEqual(try logged("/questions/\(chosen.questionID)?").count, 1)
        XCTAssertEqual(try logged("/questions/\(chosen.questionID)/answers").count, 1)
        waitUntil("queues empty") { retrieval.operationCount == 0 }
    }

    func testAThreadOlderThanTheTimeToLiveIsFetchedAgain() throws {
        let chosen = try questionWithAnswers()
        _ = try openThread(chosen.questionID)
        try double.clearRequestLog()
        clock.advance(by: ResponseCache.defaultTimeToLive - 1)
        _ = try openThread(chosen.questionID)
        XCTAssertEqual(try double.requestLog(), [])
        clock.advance(by: 1)
        _ = try openThread(chosen.questionID)
        XCTAssertEqual(try double.requestLog().count, 2, "question and answers, both expired")
    }

    func testAListPageAlreadyLoadedCostsNothingAnotherPageOneRequest() throws {
        let first = try loadPage(1)
        try double.clearRequestLog()
        XCTAssertEqual(try loadPage(1), first)
        XCTAssertEqual(try double.requestLog(), [])
        _ = try loadPage(2)
        _ = try loadPage(1, pageSize: 5)
        XCTAssertEqual(try logged("/questions?").count, 2, "another page or page size is another request")
        _ = try loadPage(1, cachePolicy: .reload)
        XCTAssertEqual(try logged("/questions?").count, 3)
    }

    func testTheLeastRecentlyUsedPageIsDroppedWhenTheCacheIsFull() throws {
        // Room for two pages of 10 (each costs 11).
        let small = makeRetrieval(cache: ResponseCache(capacity: 25, clock: clock))
        for page in 1...3 { _ = try loadPage(page, on: small) }
        try double.clearRequestLog()
        _ = try loadPage(3, on: small)
        _ = try loadPage(2, on: small)
        XCTAssertEqual(try double.requestLog(), [], "the two newest pages are held")
        _ = try loadPage(1, on: small)
        XCTAssertEqual(try logged("page=1&").count, 1, "the oldest was dropped and is fetched again")
        XCTAssertLessThanOrEqual(small.cache.totalCost, 25)
    }

    func testAQuestionWhoseBodyCameWithTheListOnlyNeedsItsAnswers() throws {
        let page = try loadPage(1, pageSize: 30, withBodies: true)
        XCTAssertTrue(page.items.allSatisfy { $0.body?.isEmpty == false }, "the list came with bodies")
        let chosen = try XCTUnwrap(page.items.first { $0.answerCount ?? 0 >= 1 })
        try double.clearRequestLog()
        let thread = try openThread(chosen.questionID)
        XCTAssertEqual(thread.question.body, chosen.body)
        XCTAssertEqual(thread.answers.count, chosen.answerCount)
        XCTAssertEqual(try double.requestLog().count, 1)
        XCTAssertEqual(try logged("/questions/\(chosen.questionID)/answers").count, 1, "only the answers were asked for")
    }

    func testSearchWithBodiesAlsoSparesTheQuestionRequest() throws {
        let deliveries = Deliveries<Page<Question>>()
        retrieval.search.search(site: site, query: "plutus", pageSize: 10, withBodies: true, completion: deliveries.completion)
        waitUntil("search delivered") { deliveries.count == 1 }
        let results = try XCTUnwrap(deliveries.last).get()
        XCTAssertTrue(try logged("/search/advanced").allSatisfy { $0.contains("filter=withbody") })
        let chosen = try XCTUnwrap(results.items.first)
        try double.clearRequestLog()
        _ = try openThread(chosen.questionID)
        XCTAssertEqual(try logged("/questions/\(chosen.questionID)?"), [], "the search result carried the body")
    }

    func testCancellingACachedDeliveryBeforeItRunsDeliversNothing() throws {
        let chosen = try questionWithAnswers()
        _ = try openThread(chosen.questionID)
        _ = try loadPage(1)
        try double.clearRequestLog()
        let threads = Deliveries<QuestionThread>()
        let pages = Deliveries<Page<Question>>()
        for _ in 0..<20 {
            // Cancelled on main before the main queue can run anything: whether the operation has started,
            // answered from the cache or not, its completion must never run.
            retrieval.questions.retrieveThread(questionID: chosen.questionID, site: site, completion: threads.completion).cancel()
            retrieval.questions.retrieveQuestions(site: site, pageSize: 10, completion: pages.completion).cancel()
        }
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(threads.count + pages.count, 0)
        XCTAssertEqual(try double.requestLog(), [])
    }

    func testCancelAllAlsoStopsCachedDeliveries() throws {
        _ = try loadPage(1)
        let pages = Deliveries<Page<Question>>()
        for _ in 0..<20 {
            retrieval.questions.retrieveQuestions(site: site, pageSize: 10, completion: pages.completion)
        }
        retrieval.cancelAll()
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(pages.count, 0)
        XCTAssertGreaterThan(retrieval.cache.count, 0, "cancelling loads keeps what the cache holds")
    }

    /// The typical session: open the list, page 3 times, open 5 questions, search once.
    func testATypicalSessionSpendsOneRequestPerThingNotSeenBefore() throws {
        func session() throws {
            var questions: [Question] = []
            for page in 1...4 { questions += try loadPage(page, pageSize: 30, withBodies: true).items }
            for question in questions.prefix(5) { _ = try openThread(question.questionID) }
            let deliveries = Deliveries<Page<Question>>()
            retrieval.search.search(site: site, query: "wallet", withBodies: true, completion: deliveries.completion)
            waitUntil("search") { deliveries.count == 1 }
        }
        try session()
        XCTAssertEqual(try double.requestLog().count, 4 + 5 + 1, "4 list pages, 5 answer lists, 1 search")
        XCTAssertEqual(try logged("/questions/").filter { !$0.contains("/answers") }, [],
                       "no question was fetched again: the list carried the bodies")
        try double.clearRequestLog()
        try session()
        XCTAssertEqual(try double.requestLog(), [], "the same session again within five minutes costs nothing")
    }
}
