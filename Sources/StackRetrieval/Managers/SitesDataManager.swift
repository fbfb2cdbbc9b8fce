import Foundation
import StackAPI

/// Loads the list of every site (`/sites`) for the site picker, through a week-long disk cache.
public struct SitesDataManager: Sendable {
    let launcher: OperationLauncher
    let cache: SitesCache

    /// Delivers every site: from disk when the cached list is fresh (no request), otherwise fetched page by page
    /// (pages of `pageSize`, following `has_more`) and saved. If fetching fails and a list is on disk, that list
    /// is delivered with `isStale` set; with nothing on disk the error is delivered (e.g. `.offline`).
    /// `.reload` fetches even when the cached list is fresh.
    @discardableResult
    public func retrieveSites(
        cachePolicy: CachePolicy = .useCache, pageSize: Int = APIRequest.maximumPageSize,
        priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<SiteList>
    ) -> RetrievalHandle {
        let operation = SitesOperation(
            cache: cache, cachePolicy: cachePolicy, pageSize: pageSize, environment: launcher.environment,
            delivery: .mainQueue(completion))
        return launcher.launch(operation, priority: priority)
    }
}
