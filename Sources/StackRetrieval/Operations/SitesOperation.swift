import Foundation
import StackAPI

/// Loads every site of the network, through the disk cache: a fresh cached list answers without a request;
/// otherwise all `/sites` pages are fetched (following `has_more`), saved, and delivered. When fetching fails
/// and an expired list is on disk, that list is delivered, marked stale, instead of the error.
///
/// The disk is read and written on this operation's queue, never on main. A file that cannot be written
/// (read-only directory, full disk) does not fail the load: the fetched list is still delivered.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
public final class SitesOperation: ParentOperation<SiteList>, @unchecked Sendable {
    /// Pages of 100 are followed at most this many times (the network has about four).
    public static let maximumPages = 10

    private let cache: SitesCache
    private let apiRoot: String
    private let cachePolicy: CachePolicy
    private let pageSize: Int
    private let environment: RequestEnvironment

    /// Creates the load; `.reload` skips a fresh cached list (an expired or fresh one still stands in on failure).
    public init(
        cache: SitesCache, cachePolicy: CachePolicy = .useCache, pageSize: Int = APIRequest.maximumPageSize,
        environment: RequestEnvironment, delivery: ResultDelivery<SiteList>
    ) {
        self.cache = cache
        self.apiRoot = environment.factory.baseURL.absoluteString
        self.cachePolicy = cachePolicy
        self.pageSize = pageSize
        self.environment = environment
        super.init(delivery: delivery)
    }

    /// Answers from the disk, or starts fetching.
    public override func execute() {
        let lookup = cache.lookup(apiRoot: apiRoot)
        if cachePolicy == .useCache, case .fresh(let list) = lookup {
            complete(with: .success(list))
            return
        }
        let pages = PagesCollectingOperation<Site>(
            requests: [.sites(page: 1, pageSize: pageSize)], maximumPages: Self.maximumPages,
            environment: environment,
            delivery: .direct { [self] result in fetched(result, fallback: lookup) })
        startChildren([pages])
    }

    private func fetched(_ result: Result<CollectedPages<Site>, APIError>, fallback: SitesCache.Lookup) {
        switch result {
        case .success(let collected):
            let list = SiteList(
                sites: collected.items, fetchedAt: cache.currentDate(), isTruncated: !collected.isComplete,
                quotaRemaining: collected.quotaRemaining)
            try? cache.save(list, apiRoot: apiRoot)
            complete(with: .success(list))
        case .failure(.cancelled):
            complete(with: .failure(.cancelled))
        case .failure(let error):
            switch fallback {
            case .fresh(var list), .expired(var list):
                list.refreshError = error
                complete(with: .success(list))
            case .absent:
                complete(with: .failure(error))
            }
        }
    }
}
