import Foundation
import StackAPI
import StackRetrieval
import XCTest

/// `APIRequestOperation` and the named operations over a stub transport: paging facts, gate bookkeeping,
/// cancellation at each stage. (The same behaviour over real HTTP is in `RetrievalOverHTTPTests`.)
final class RequestOperationStubTests: XCTestCase {
    private let factory = RequestFactory(baseURL: URL(string: "http://stub.invalid/2.3")!)
    private var queue: OperationQueue!

    override func setUp() async throws {
        queue = OperationQueue()
    }

    private func operation<Item>(
        _ request: APIRequest, _ transport: StubTransport, gate: BackoffGate = BackoffGate(),
        _ deliveries: Deliveries<Page<Item>>
    ) -> APIRequestOperation<Item> {
        APIRequestOperation(request: request, environment: environment(transport, gate: gate), delivery: deliveries.onMain)
    }

    private func environment(_ transport: StubTransport, gate: BackoffGate = BackoffGate()) -> RequestEnvironment {
        RequestEnvironment(factory: factory, transport: transport, gate: gate)
    }

    func testPageCarriesItemsPagingAndQuota() throws {
        let transport = StubTransport { _ in .json(status: 200, StubBody.questions([1, 2], hasMore: true)) }
        let deliveries = Deliveries<Page<Question>>()
        queue.addOperation(operation(.questions(site: "cardano", page: 3, pageSize: 2), transport, deliveries))
        waitUntil("delivered") { deliveries.count == 1 }
        let page = try XCTUnwrap(deliveries.last).get()
        XCTAssertEqual(page.items.map(\.questionID), [1, 2])
        XCTAssertEqual(page.items.first?.title, "Q & 1")
        XCTAssertTrue(page.hasMore)
        XCTAssertEqual(page.page, 3, "taken from the request when the response has no `page`")
        XCTAssertEqual(page.quotaRemaining, 250)
        XCTAssertEqual(page.quotaMax, 300)
        XCTAssertEqual(transport.sent.count, 1)
        XCTAssertTrue(transport.sent[0].contains("/2.3/questions?"), transport.sent[0])
    }

    func testBackoffInAResponseHoldsOnlyThatMethod() throws {
        let clock = ManualClock()
        let gate = BackoffGate(clock: clock)
        let transport = StubTransport { _ in .json(status: 200, StubBody.questions([1], backoff: 5)) }
        let deliveries = Deliveries<Page<Question>>()
        queue.addOperation(operation(.questions(site: "cardano"), transport, gate: gate, deliveries))
        waitUntil("delivered") { deliveries.count == 1 }
        XCTAssertEqual(try XCTUnwrap(deliveries.last).get().backoff, 5)
        XCTAssertEqual(gate.remainingWait(for: .questions), 5, accuracy: 1e-9)
        XCTAssertEqual(gate.remainingWait(for: .answers), 0)
    }

    func testThrottleViolationIsDeliveredAndHoldsTheMethod() {
        let gate = BackoffGate(clock: ManualClock())
        let transport = StubTransport { _ in .json(status: 502, StubBody.throttle(seconds: 7)) }
        let deliveries = Deliveries<Page<Answer>>()
        queue.addOperation(operation(.latestAnswers(site: "cardano"), transport, gate: gate, deliveries))
        waitUntil("delivered") { deliveries.count == 1 }
        guard case .throttled(seconds: 7, _) = deliveries.lastError else {
            return XCTFail("expected .throttled(seconds: 7), got \(String(describing: deliveries.last))")
        }
        XCTAssertEqual(gate.remainingWait(for: .answers), 7, accuracy: 1e-9)
    }

    func testHeldRequestWaitsAtTheGateAndCancelsThere() {
        let gate = BackoffGate(clock: ManualClock())
        gate.hold(.searchAdvanced, for: 3_600)
        let transport = StubTransport { _ in .json(status: 200, StubBody.questions([1])) }
        let deliveries = Deliveries<Page<Question>>()
        let operation = operation(.searchAdvanced(site: "cardano", query: "plutus"), transport, gate: gate, deliveries)
        queue.addOperation(operation)
        waitUntil("waiting at the gate") { gate.waitingCount == 1 }
        XCTAssertTrue(operation.isExecuting)
        XCTAssertEqual(transport.sent, [], "nothing leaves while the method is held")
        operation.cancel()
        XCTAssertTrue(operation.isFinished, "a waiting operation woken by cancel finishes at once")
        // The wait may have been registered a moment before the operation kept its ticket: then the
        // operation's own thread ends the wait as soon as it sees the cancel.
        waitUntil("the wait at the gate ended") { gate.waitingCount == 0 }
        waitUntil("queue empty") { queue.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(transport.sent, [])
        XCTAssertEqual(deliveries.count, 0)
    }

    func testGateCancelAllAloneDeliversCancelled() {
        let gate = BackoffGate(clock: ManualClock())
        gate.hold(.info, for: 3_600)
        let transport = StubTransport { _ in .json(status: 200, "{}") }
        let deliveries = Deliveries<Page<Info>>()
        queue.addOperation(operation(.info(site: "cardano"), transport, gate: gate, deliveries))
        waitUntil("waiting at the gate") { gate.waitingCount == 1 }
        gate.cancelAll()
        waitUntil("delivered") { deliveries.count == 1 }
        XCTAssertEqual(deliveries.lastError, .cancelled)
        waitUntil("queue empty") { queue.operationCount == 0 }
    }

    func testCancelInFlightCancelsTheTransportTask() {
        let transport = StubTransport { _ in .hang }
        let deliveries = Deliveries<Page<Question>>()
        let operation = operation(.questionsByID([42], site: "cardano"), transport, deliveries)
        queue.addOperation(operation)
        waitUntil("request sent") { transport.sent.count == 1 }
        operation.cancel()
        XCTAssertTrue(operation.isFinished)
        waitUntil("the request cancelled") { transport.cancelled == transport.sent }
        waitUntil("queue empty") { queue.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
    }

    func testTransportErrorsBecomeAPIErrors() {
        let cases: [(TransportError, APIError)] = [
            (.cannotConnect(host: "stub.invalid"), .offline(detail: "cannot reach stub.invalid")),
            (.cannotFindHost(host: "stub.invalid"), .offline(detail: "cannot find host stub.invalid")),
            (.connectionLost(host: "stub.invalid"), .offline(detail: "connection to stub.invalid lost")),
            (.timedOut, .timeout),
            (.tooLarge(limit: 1 << 20), .responseTooLarge(limit: 1 << 20)),
            (.tooManyRedirects(host: "stub.invalid"), .offline(detail: "too many redirects from stub.invalid")),
        ]
        for (transportError, expected) in cases {
            let transport = StubTransport { _ in .failure(transportError) }
            let deliveries = Deliveries<Page<Answer>>()
            queue.addOperation(operation(.answersOfQuestions([1], site: "cardano"), transport, deliveries))
            waitUntil("delivered") { deliveries.count == 1 }
            XCTAssertEqual(deliveries.lastError, expected)
        }
    }
}
