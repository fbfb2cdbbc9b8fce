import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Real loads through the data managers against the double.
final class RetrievalLoadTests: RetrievalTestCase {
    func testQueuesDrainToZeroAfterABatchOfRealLoads() throws {
        let pages = Deliveries<Page<Question>>()
        let answers = Deliveries<Page<Answer>>()
        for page in 1...4 {
            retrieval.questionsPage(
                site: site, page: page, pageSize: 10, priority: page > 2 ? .prefetch : .userInitiated,
                completion: pages.completion)
        }
        retrieval.searchPage(site: site, query: "plutus", pageSize: 5, completion: pages.completion)
        retrieval.latestAnswers(site: site, pageSize: 5, completion: answers.completion)
        waitUntil("6 deliveries") { pages.count == 5 && answers.count == 1 }
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        XCTAssertEqual(retrieval.queues.operationCount(for: .prefetch), 0)

        let questionPages = try pages.results.map { try $0.get() }
        XCTAssertEqual(questionPages.filter { $0.items.count == 10 }.count, 4, "four full pages of 10")
        XCTAssertEqual(Set(questionPages.map(\.page)), [1, 2, 3, 4])
        XCTAssertTrue(questionPages.allSatisfy { $0.quotaRemaining != nil && $0.quotaMax == 10_000 })
        let latest = try XCTUnwrap(answers.last).get()
        XCTAssertEqual(latest.items.count, 5)
        XCTAssertTrue(latest.items.allSatisfy { $0.body?.isEmpty == false }, "the feed carries bodies")
    }

    func testThreadDeliversARealCardanoQuestionWithItsAnswers() throws {
        let chosen = try questionWithAnswers(minimumAnswers: 3)
        let deliveries = Deliveries<QuestionThread>()
        let handle = retrieval.thread(questionID: chosen.questionID, site: site,
                                                        completion: deliveries.completion)
        waitUntil("thread delivered") { deliveries.count == 1 }
        let thread = try XCTUnwrap(deliveries.last).get()
        XCTAssertTrue(handle.isFinished)
        XCTAssertEqual(thread.question.questionID, chosen.questionID)
        XCTAssertEqual(thread.question.title, chosen.title)
        XCTAssertFalse(thread.question.body?.isEmpty ?? true, "the question comes with its body")
        XCTAssertEqual(thread.answers.count, chosen.answerCount)
        XCTAssertTrue(thread.answers.allSatisfy { $0.questionID == chosen.questionID && $0.body?.isEmpty == false })
        XCTAssertEqual(thread.answers, QuestionThread.readingOrder(thread.answers, acceptedAnswerID: chosen.acceptedAnswerID))
        if let accepted = thread.question.acceptedAnswerID {
            XCTAssertEqual(thread.answers.first?.answerID, accepted, "the accepted answer comes first")
        }
        let answerRequests = try logged("/questions/\(chosen.questionID)/answers")
        let questionRequests = try logged("/questions/\(chosen.questionID)?")
        XCTAssertEqual(answerRequests.count, 1)
        XCTAssertEqual(questionRequests.count, 1)
        waitUntil("queues empty") { retrieval.operationCount == 0 }
    }

    func testThreadCancelsItsSiblingWhenOnePartFails() throws {
        let chosen = try questionWithAnswers()
        try double.clearRequestLog()
        try double.setFaults("status=500&path=/questions/\(chosen.questionID)/answers")
        // Keep the question part waiting at the gate, so it is surely still pending when the answers part fails.
        retrieval.queues.gate.hold(.questionsByID, for: 3_600)
        let deliveries = Deliveries<QuestionThread>()
        retrieval.thread(questionID: chosen.questionID, site: site, completion: deliveries.completion)
        waitUntil("failure delivered") { deliveries.count == 1 }
        XCTAssertEqual(deliveries.lastError, .httpStatus(500))
        XCTAssertEqual(retrieval.queues.gate.waitingCount, 0, "the waiting question part was cancelled")
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 1)
        XCTAssertEqual(try logged("/questions/\(chosen.questionID)?"), [], "the cancelled part never left")
        XCTAssertEqual(try logged("/questions/\(chosen.questionID)/answers").count, 1)
    }

    func testLoadsOutlivingTheirRetrievalStillDeliverAndReleaseIt() {
        // Nothing keeps these `Retrieval`s but their loads: the transport is released when a task ends,
        // on the session's own queue, and must not try to invalidate the session synchronously there.
        let deliveries = Deliveries<Page<Question>>()
        for page in 1...10 {
            makeRetrieval().questionsPage(site: site, page: page, pageSize: 2, completion: deliveries.completion)
        }
        waitUntil("every orphaned load delivered") { deliveries.count == 10 }
        XCTAssertEqual(deliveries.results.compactMap { try? $0.get().page }.sorted(), Array(1...10))
    }
}
