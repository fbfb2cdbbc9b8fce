import Foundation
import StackAPI

/// Loads facts about a site (`/info`).
public struct SiteDataManager: Sendable {
    let launcher: OperationLauncher

    /// Loads `site`'s totals and rates. A response without an item is reported as `.undecodable` at `items`.
    @discardableResult
    public func retrieveInfo(
        site: String, cachePolicy: CachePolicy = .useCache, priority: RetrievalPriority = .userInitiated,
        replacing previous: RetrievalHandle? = nil,
        completion: @escaping RetrievalCompletion<Info>
    ) -> RetrievalHandle {
        launcher.load(
            .info(site: site), as: Info.self, cachePolicy: cachePolicy, priority: priority, replacing: previous,
            completion: { result in completion(result.flatMap(Self.onlyItem)) })
    }

    private static func onlyItem(of page: Page<Info>) -> Result<Info, APIError> {
        guard let info = page.items.first else {
            return .failure(.undecodable(path: "items", reason: "no site info in the response"))
        }
        return .success(info)
    }
}
