import Foundation
import StackAPI

/// Searches a site's questions (`/search/advanced`).
public struct SearchDataManager: Sendable {
    let launcher: OperationLauncher

    /// Loads one page of questions matching `query`, optionally tagged and limited to (un)accepted ones.
    @discardableResult
    public func search(
        site: String, query: String, tagged: [String] = [], sort: SearchSort = .relevance,
        page: Int = 1, pageSize: Int? = nil, accepted: Bool? = nil,
        priority: RetrievalPriority = .userInitiated, replacing previous: RetrievalHandle? = nil,
        completion: @escaping RetrievalCompletion<Page<Question>>
    ) -> RetrievalHandle {
        let operation = SearchPageOperation(
            site: site, query: query, tagged: tagged, sort: sort, page: page, pageSize: pageSize, accepted: accepted,
            environment: launcher.environment, delivery: .mainQueue(completion))
        return launcher.launch(operation, priority: priority, replacing: previous)
    }
}
