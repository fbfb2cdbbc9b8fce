import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// Every item several paged requests returned, and what the last response said about quota.
public struct CollectedPages<Item: Sendable>: Sendable {
    /// The items, in request order, then page order.
    public var items: [Item]
    /// False when a request still had `has_more` after `maximumPages` pages.
    public var isComplete: Bool
    /// Requests left today, from the last response that said.
    public var quotaRemaining: Int?
    /// The daily quota, from the last response that said.
    public var quotaMax: Int?

    public init(items: [Item] = [], isComplete: Bool = true, quotaRemaining: Int? = nil, quotaMax: Int? = nil) {
        self.items = items
        self.isComplete = isComplete
        self.quotaRemaining = quotaRemaining
        self.quotaMax = quotaMax
    }
}

/// Sends `requests` one after another, following each one's `has_more` for at most `maximumPages` pages,
/// and delivers all their items at once. The first failure ends the load and is delivered.
///
/// Each page is an `APIRequestOperation` started inside this operation's queue slot, so it waits at the backoff
/// gate like any other; cancelling this operation cancels the page in flight.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
public final class PagesCollectingOperation<Item: Decodable & Sendable>: ParentOperation<CollectedPages<Item>>,
    @unchecked Sendable
{
    /// The first page of each request, in the order they are sent.
    public let requests: [APIRequest]
    /// The most pages fetched per request.
    public let maximumPages: Int

    private let environment: RequestEnvironment
    private let collected = NIOLockedValueBox(CollectedPages<Item>())

    /// Creates the load; `requests` should each ask for their first page.
    public init(
        requests: [APIRequest], maximumPages: Int, environment: RequestEnvironment,
        delivery: ResultDelivery<CollectedPages<Item>>
    ) {
        self.requests = requests
        self.maximumPages = max(1, maximumPages)
        self.environment = environment
        super.init(delivery: delivery)
    }

    /// Sends the first request (delivers an empty collection when there is none).
    public override func execute() {
        guard let first = requests.first else {
            complete(with: .success(collected.withLockedValue { $0 }))
            return
        }
        fetch(first, requestIndex: 0, pagesSoFar: 0)
    }

    private func fetch(_ request: APIRequest, requestIndex: Int, pagesSoFar: Int) {
        let page = APIRequestOperation<Item>(
            request: request, environment: environment,
            delivery: .direct { [self] result in
                received(result, for: request, requestIndex: requestIndex, pagesSoFar: pagesSoFar + 1)
            })
        startChildren([page])
    }

    private func received(
        _ result: Result<Page<Item>, APIError>, for request: APIRequest, requestIndex: Int, pagesSoFar: Int
    ) {
        let page: Page<Item>
        switch result {
        case .failure(let error):
            complete(with: .failure(error))
            return
        case .success(let received):
            page = received
        }
        let mayFollow = pagesSoFar < maximumPages
        let soFar: CollectedPages<Item> = collected.withLockedValue { collected in
            collected.items += page.items
            collected.quotaRemaining = page.quotaRemaining ?? collected.quotaRemaining
            collected.quotaMax = page.quotaMax ?? collected.quotaMax
            if page.hasMore && !mayFollow { collected.isComplete = false }
            return collected
        }
        if page.hasMore && mayFollow {
            fetch(request.forPage(page.page + 1), requestIndex: requestIndex, pagesSoFar: pagesSoFar)
        } else if requestIndex + 1 < requests.count {
            fetch(requests[requestIndex + 1], requestIndex: requestIndex + 1, pagesSoFar: 0)
        } else {
            complete(with: .success(soFar))
        }
    }
}

extension APIRequest {
    /// The same request for page `page` (query items stay sorted by name).
    func forPage(_ page: Int) -> APIRequest {
        var copy = self
        copy.query.removeAll { $0.name == "page" }
        copy.query.append(URLQueryItem(name: "page", value: String(max(1, page))))
        copy.query.sort { $0.name < $1.name }
        return copy
    }
}
