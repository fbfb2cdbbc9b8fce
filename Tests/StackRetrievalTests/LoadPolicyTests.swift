import Foundation
import StackAPI
import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// The one policy every load follows (`LoadOperation`), over a stub transport and a real store: fresh in the store
/// answers without a request; else the network answers and is kept; unreachable, the store answers marked offline;
/// `--offline` asks only the store; cancelling stops the request and delivers nothing.
final class LoadPolicyTests: LocalStoreTestCase {
    private let factory = RequestFactory(baseURL: URL(string: "http://stub.invalid/2.3")!)
    private let query = QuestionListQuery(site: "cardano", sort: .votes, pageSize: 2)

    private func loader(_ transport: StubTransport) -> Loader {
        Retrieval(factory: factory, transport: transport).loader(local: local)
    }

    private func load(_ mode: LoadMode, over transport: StubTransport,
                      previews: Deliveries<Loaded<Page<Question>>>? = nil) throws -> Result<Loaded<Page<Question>>, APIError> {
        let deliveries = Deliveries<Loaded<Page<Question>>>()
        var preview: (@MainActor @Sendable (Loaded<Page<Question>>) -> Void)?
        if let record = previews?.completion {
            preview = { loaded in record(.success(loaded)) }
        }
        loader(transport).questions(query, page: 1, mode: mode, preview: preview, completion: deliveries.completion)
        waitUntil("the load's one result") { deliveries.count == 1 }
        drainMainQueue(for: 0.05)
        XCTAssertEqual(deliveries.count, 1, "exactly one result")
        return try XCTUnwrap(deliveries.last)
    }

    private func keepStoredQuestions() {
        local.keep(questions: [Fixtures.question(id: 7, title: "Kept seven", score: 7), Fixtures.question(id: 3, title: "Kept three", score: 3)],
                   site: "cardano")
        local.flush()
    }

    private static func networkPage() -> StubTransport {
        StubTransport { _ in .json(status: 200, StubBody.questions([41, 42], hasMore: true)) }
    }

    func testTheNetworksAnswerIsKeptSoTheSameLoadIsThenAnsweredFreshWithoutARequest() throws {
        let transport = Self.networkPage()
        let first = try load(.preferFresh, over: transport).get()
        XCTAssertEqual(first.origin, .network)
        XCTAssertEqual(first.value.items.map(\.questionID), [41, 42])
        XCTAssertEqual(transport.sent.count, 1)
        local.flush()

        let again = try load(.preferFresh, over: transport).get()
        XCTAssertEqual(again.origin, .freshInStore)
        XCTAssertEqual(again.value.items.map(\.questionID), [41, 42], "the same questions in the network's order")
        XCTAssertTrue(again.value.hasMore)
        XCTAssertEqual(transport.sent.count, 1, "a fresh page costs no request")

        let reloaded = try load(.reload, over: transport).get()
        XCTAssertEqual(reloaded.origin, .network, "r asks the network whatever the store holds")
        XCTAssertEqual(transport.sent.count, 2)
    }

    func testAnOlderCopyIsPaintedFirstThenTheNetworksPageIsTheResult() throws {
        keepStoredQuestions()
        let previews = Deliveries<Loaded<Page<Question>>>()
        let result = try load(.preferFresh, over: Self.networkPage(), previews: previews).get()
        XCTAssertEqual(previews.count, 1)
        let preview = try XCTUnwrap(previews.last).get()
        XCTAssertEqual(preview.origin, .staleInStore)
        XCTAssertEqual(preview.value.items.map(\.questionID), [7, 3], "the store's page in the store's votes order")
        XCTAssertNotNil(preview.fetchedAt)
        XCTAssertEqual(result.origin, .network)
    }

    func testAnUnreachableNetworkIsAnsweredByTheStoreMarkedOffline() throws {
        keepStoredQuestions()
        let transport = StubTransport { _ in .failure(.cannotFindHost(host: "stub.invalid")) }
        let result = try load(.reload, over: transport).get()
        XCTAssertEqual(result.origin, .storeOffline)
        XCTAssertEqual(result.value.items.map(\.title), ["Kept seven", "Kept three"])
        XCTAssertFalse(result.value.hasMore)
    }

    func testAnUnreachableNetworkWithNothingStoredKeepsTheNetworksError() throws {
        let transport = StubTransport { _ in .failure(.cannotFindHost(host: "stub.invalid")) }
        guard case .failure(.offline(let detail)) = try load(.preferFresh, over: transport) else { return XCTFail("not offline") }
        XCTAssertEqual(detail, "cannot find host stub.invalid", "the network's reason, not the store's")
    }

    func testAnAPIErrorIsDeliveredWithoutAskingTheStore() throws {
        keepStoredQuestions()
        let transport = StubTransport { _ in .json(status: 502, StubBody.throttle(seconds: 30)) }
        guard case .failure(.throttled) = try load(.preferFresh, over: transport) else { return XCTFail("the API's refusal stands") }
    }

    func testOfflineOnlyTheStoreAnswersAndNoRequestLeaves() throws {
        keepStoredQuestions()
        let transport = Self.networkPage()
        let result = try load(.storeOnly, over: transport).get()
        XCTAssertEqual(result.origin, .storeOffline)
        XCTAssertEqual(result.value.items.map(\.questionID), [7, 3])
        XCTAssertEqual(transport.sent, [])

        let deliveries = Deliveries<Loaded<Int>>()
        loader(transport).questionID(ofAnswer: 900, site: "cardano", mode: .storeOnly, completion: deliveries.completion)
        waitUntil("the answer's question") { deliveries.count == 1 }
        guard case .offline(let detail)? = deliveries.lastError else { return XCTFail("an answer not held") }
        XCTAssertTrue(detail.contains("answer 900 is not in the local store"), detail)
        XCTAssertEqual(transport.sent, [])
    }

    func testCancellingStopsTheRequestAndDeliversNothing() {
        let transport = StubTransport { _ in .hang }
        let deliveries = Deliveries<Loaded<Page<Question>>>()
        let handle = loader(transport).questions(query, page: 1, mode: .reload, completion: deliveries.completion)
        waitUntil("the request left") { transport.sent.count == 1 }
        handle.cancel()
        waitUntil("the request was cancelled") { transport.cancelled.count == 1 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
        XCTAssertTrue(handle.isFinished)
    }
}
