import Foundation
import StackAPI

/// Searches a site's questions (`/search/advanced`).
public struct SearchDataManager: Sendable {
    let launcher: OperationLauncher

    /// Loads one page of questions matching `query`, optionally tagged and limited to (un)accepted ones;
    /// with bodies when `withBodies` is true. A page already loaded for the same search costs no request
    /// unless `cachePolicy` is `.reload`.
    @discardableResult
    public func search(
        site: String, query: String, tagged: [String] = [], sort: SearchSort = .relevance,
        page: Int = 1, pageSize: Int? = nil, accepted: Bool? = nil, withBodies: Bool = false,
        cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<Page<Question>>
    ) -> RetrievalHandle {
        launcher.load(
            .searchAdvanced(site: site, query: query, tagged: tagged, sort: sort, page: page, pageSize: pageSize,
                            accepted: accepted, withBody: withBodies),
            as: Question.self, cachePolicy: cachePolicy, priority: priority, completion: completion)
    }
}
