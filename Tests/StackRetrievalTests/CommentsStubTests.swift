import Foundation
import NIOConcurrencyHelpers
import StackAPI
import StackRetrieval
import XCTest

/// Comments over a stub transport: 100 ids per request, `has_more` followed up to the bound, cancellation.
final class CommentsStubTests: XCTestCase {
    private func retrieval(_ transport: StubTransport) -> Retrieval {
        Retrieval(factory: RequestFactory(baseURL: URL(string: "http://stub.invalid/2.3")!), transport: transport)
    }

    private static func query(_ url: String, _ name: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }

    private static func postIDs(_ url: String) -> [Int] {
        let path = URLComponents(string: url)?.path ?? ""
        let ids = path.components(separatedBy: "/posts/").last?.components(separatedBy: "/comments").first ?? ""
        return ids.split(separator: ";").compactMap { Int($0) }
    }

    private func load(_ ids: [Int], from transport: StubTransport) throws -> PostComments {
        let deliveries = Deliveries<PostComments>()
        retrieval(transport).retrieveComments(postIDs: ids, site: "cardano", completion: deliveries.completion)
        waitUntil("delivered") { deliveries.count == 1 }
        return try XCTUnwrap(deliveries.last).get()
    }

    func testMoreThanOneHundredPostsAreSplitIntoRequestsOfAtMostOneHundred() throws {
        let transport = StubTransport { request in
            let ids = Self.postIDs(request.url.absoluteString)
            return .json(status: 200, StubBody.comments(ids.map { (id: $0 * 10, postID: $0) }))
        }
        let ids = Array((1...250).reversed())
        let comments = try load(ids, from: transport)
        XCTAssertEqual(transport.sent.map { Self.postIDs($0).count }, [100, 100, 50])
        XCTAssertEqual(transport.sent.flatMap(Self.postIDs), Array(1...250), "each post asked for once, in order")
        XCTAssertEqual(comments.byPost.count, 250)
        XCTAssertTrue(comments.byPost.allSatisfy { postID, list in list.map(\.commentID) == [postID * 10] })
    }

    func testHasMoreIsFollowedAndEachPostsCommentsAreSortedByCreation() throws {
        let transport = StubTransport { request in
            switch Self.query(request.url.absoluteString, "page") {
            case "1": .json(status: 200, StubBody.comments([(id: 5, postID: 1), (id: 3, postID: 2)], hasMore: true))
            default: .json(status: 200, StubBody.comments([(id: 4, postID: 1), (id: 1, postID: 1)]))
            }
        }
        let comments = try load([1, 2], from: transport)
        XCTAssertEqual(transport.sent.compactMap { Self.query($0, "page") }, ["1", "2"])
        XCTAssertEqual(comments[1].map(\.commentID), [1, 4, 5], "oldest first across pages")
        XCTAssertEqual(comments[2].map(\.commentID), [3])
        XCTAssertTrue(comments.isComplete)
        XCTAssertEqual(comments.quotaRemaining, 250)
    }

    func testPagingStopsAtTheBoundAndSaysTheListIsIncomplete() throws {
        let next = NIOLockedValueBox(0)
        let transport = StubTransport { _ in
            let id = next.withLockedValue { $0 += 1; return $0 }
            return .json(status: 200, StubBody.comments([(id: id, postID: 7)], hasMore: true))
        }
        let comments = try load([7], from: transport)
        XCTAssertEqual(transport.sent.count, CommentsOperation.maximumPages)
        XCTAssertEqual(comments[7].count, CommentsOperation.maximumPages)
        XCTAssertFalse(comments.isComplete)
    }

    func testAFailingLaterPageFailsTheLoad() throws {
        let transport = StubTransport { request in
            Self.query(request.url.absoluteString, "page") == "1"
                ? .json(status: 200, StubBody.comments([(id: 1, postID: 1)], hasMore: true))
                : .json(status: 200, StubBody.throttle(seconds: 3))
        }
        let deliveries = Deliveries<PostComments>()
        retrieval(transport).retrieveComments(postIDs: [1], site: "cardano", completion: deliveries.completion)
        waitUntil("delivered") { deliveries.count == 1 }
        guard case .throttled(seconds: 3, _) = deliveries.lastError else {
            return XCTFail("expected the throttle violation, got \(String(describing: deliveries.last))")
        }
    }

    func testCancellingWhileALaterPageIsInFlightCancelsItAndDeliversNothing() {
        let transport = StubTransport { request in
            Self.query(request.url.absoluteString, "page") == "1"
                ? .json(status: 200, StubBody.comments([(id: 1, postID: 1)], hasMore: true))
                : .hang
        }
        let retrieval = retrieval(transport)
        let deliveries = Deliveries<PostComments>()
        let handle = retrieval.retrieveComments(postIDs: [1], site: "cardano", completion: deliveries.completion)
        waitUntil("second page sent") { transport.sent.count == 2 }
        handle.cancel()
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
        XCTAssertEqual(transport.cancelled.count, 1, "the hanging page was cancelled")
        XCTAssertTrue(handle.isCancelled)
    }
}
