import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// The backoff gate over real HTTP: `backoff` and throttle violations hold one method, not the others.
final class RetrievalGateHTTPTests: RetrievalTestCase {
    func testBackoffHoldsTheSameMethodButNotOthers() throws {
        try double.setFaults("backoff=1&count=1")
        let first = Deliveries<Page<Question>>()
        retrieval.questionsPage(site: site, page: 1, completion: first.completion)
        waitUntil("first page") { first.count == 1 }
        XCTAssertEqual(try XCTUnwrap(first.last).get().backoff, 1)
        XCTAssertGreaterThan(retrieval.remainingWait(for: .questions), 0, "the gate holds /questions")
        XCTAssertEqual(retrieval.remainingWait(for: .answers), 0, "other methods are free")

        let held = Deliveries<Page<Question>>()
        let free = Deliveries<Page<Answer>>()
        retrieval.questionsPage(site: site, page: 2, completion: held.completion)
        retrieval.latestAnswers(site: site, completion: free.completion)
        waitUntil("both delivered") { held.count == 1 && free.count == 1 }
        XCTAssertEqual(try XCTUnwrap(held.last).get().page, 2)

        let order = try double.requestLog().map { line in
            line.contains("/answers") ? "answers" : line.contains("page=2") ? "page2" : "page1"
        }
        XCTAssertEqual(order, ["page1", "answers", "page2"], "the held method left last, after its backoff")
    }

    func testThrottleViolationIsDeliveredAndTheMethodWaits() throws {
        try double.setFaults("throttle=2&count=1&path=/questions")
        let first = Deliveries<Page<Question>>()
        retrieval.questionsPage(site: site, completion: first.completion)
        waitUntil("throttle delivered") { first.count == 1 }
        guard case .throttled(seconds: 2, _) = first.lastError else {
            return XCTFail("expected .throttled(seconds: 2), got \(String(describing: first.last))")
        }
        XCTAssertGreaterThan(retrieval.remainingWait(for: .questions), 0)

        let retry = Deliveries<Page<Question>>()
        retrieval.questionsPage(site: site, completion: retry.completion)
        waitUntil("the retry waits at the gate") { retrieval.queues.gate.waitingCount == 1 }
        XCTAssertEqual(try logged("/questions").count, 1, "the retry has not left yet")
        waitUntil("retry delivered") { retry.count == 1 }
        XCTAssertNoThrow(try XCTUnwrap(retry.last).get())
        XCTAssertEqual(try logged("/questions").count, 2)
    }
}
