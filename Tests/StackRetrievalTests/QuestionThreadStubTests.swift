import Foundation
import StackAPI
import StackRetrieval
import XCTest

/// The composite thread load over a stub transport: parallel parts, reading order, failure and cancellation.
final class QuestionThreadStubTests: XCTestCase {
    private let factory = RequestFactory(baseURL: URL(string: "http://stub.invalid/2.3")!)
    private var queue: OperationQueue!

    override func setUp() async throws {
        queue = OperationQueue()
    }

    private func load(
        _ questionID: Int, over transport: StubTransport, into deliveries: Deliveries<QuestionThread>
    ) -> QuestionThreadOperation {
        let operation = QuestionThreadOperation(
            questionID: questionID, site: "cardano",
            environment: RequestEnvironment(factory: factory, transport: transport, gate: BackoffGate()),
            delivery: deliveries.onMain)
        queue.addOperation(operation)
        return operation
    }

    private static func isAnswersRequest(_ request: WireRequest) -> Bool {
        request.url.path.hasSuffix("/answers")
    }

    func testDeliversQuestionWithAnswersAcceptedFirstThenByScore() throws {
        let transport = StubTransport { request in
            if Self.isAnswersRequest(request) {
                return .json(status: 200, StubBody.answers(
                    [(11, 5, false), (12, 1, true), (13, 9, false)], questionID: 10))
            }
            return .json(status: 200, StubBody.questions([10], acceptedAnswerID: 12))
        }
        let deliveries = Deliveries<QuestionThread>()
        _ = load(10, over: transport, into: deliveries)
        waitUntil("delivered") { deliveries.count == 1 }
        let thread = try XCTUnwrap(deliveries.last).get()
        XCTAssertEqual(thread.question.questionID, 10)
        XCTAssertEqual(thread.answers.map(\.answerID), [12, 13, 11])
        XCTAssertEqual(thread.quotaRemaining, 250)
        XCTAssertEqual(transport.sent.count, 2)
        let answersURL = try XCTUnwrap(transport.sent.first { $0.contains("/answers") })
        XCTAssertTrue(answersURL.contains("pagesize=100") && answersURL.contains("sort=votes"), answersURL)
        XCTAssertTrue(answersURL.contains("filter=withbody"), answersURL)
        waitUntil("queue empty") { queue.operationCount == 0 }
    }

    func testAFailedPartCancelsTheOtherAndDeliversTheFailure() {
        let transport = StubTransport { request in
            // The answers request leaves second, so the question's request is surely in flight when it fails.
            Self.isAnswersRequest(request) ? .json(status: 500, "") : .hang
        }
        let deliveries = Deliveries<QuestionThread>()
        _ = load(10, over: transport, into: deliveries)
        waitUntil("delivered") { deliveries.count == 1 }
        XCTAssertEqual(deliveries.lastError, .httpStatus(500))
        XCTAssertEqual(transport.cancelled.count, 1, "\(transport.cancelled) of \(transport.sent)")
        XCTAssertEqual(transport.cancelled.first?.contains("/answers"), false, "the question's request was cancelled")
        waitUntil("queue empty") { queue.operationCount == 0 }
    }

    func testCancellingTheThreadCancelsBothParts() {
        let transport = StubTransport { _ in .hang }
        let deliveries = Deliveries<QuestionThread>()
        let operation = load(10, over: transport, into: deliveries)
        waitUntil("both parts sent") { transport.sent.count == 2 }
        operation.cancel()
        XCTAssertTrue(operation.isFinished)
        // A task handed back a moment after the cancel is cancelled by its operation's own thread.
        waitUntil("both requests cancelled") { Set(transport.cancelled) == Set(transport.sent) }
        waitUntil("queue empty") { queue.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
    }

    func testMissingQuestionIsAClearError() {
        let transport = StubTransport { request in
            .json(status: 200, Self.isAnswersRequest(request) ? StubBody.answers([], questionID: 99) : StubBody.questions([]))
        }
        let deliveries = Deliveries<QuestionThread>()
        _ = load(99, over: transport, into: deliveries)
        waitUntil("delivered") { deliveries.count == 1 }
        guard case .api(id: 404, _, let message) = deliveries.lastError else {
            return XCTFail("expected a not-found error, got \(String(describing: deliveries.last))")
        }
        XCTAssertTrue(message.contains("99"), message)
    }
}
