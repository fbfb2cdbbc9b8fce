import StackAPI

/// What the question list shows: site, sort, tags, an optional search, page size.
public struct BrowseSettings: Hashable, Sendable {
    public var site: String
    /// The sort of `/questions` (a list without a search).
    public var sort: QuestionSort
    /// The sort of `/search/advanced` (a list with a search); relevance unless the user cycles it.
    public var searchSort: SearchSort
    public var tagged: [String]
    /// Set when the list shows search results (`/search/advanced`) instead of `/questions`.
    public var searchQuery: String?
    public var pageSize: Int
    /// Whether an API key is configured (pages past 25 need one).
    public var hasAPIKey: Bool

    public init(site: String, sort: QuestionSort = .activity, searchSort: SearchSort = .relevance, tagged: [String] = [],
                searchQuery: String? = nil, pageSize: Int = 50, hasAPIKey: Bool = false) {
        self.site = site
        self.sort = sort
        self.searchSort = searchSort
        self.tagged = tagged
        self.searchQuery = searchQuery
        self.pageSize = pageSize
        self.hasAPIKey = hasAPIKey
    }

    /// The sort the list's request sends, as the API names it (`searchSort` for a search, else `sort`).
    public var sortName: String { searchQuery == nil ? sort.rawValue : searchSort.rawValue }

    /// The sorts `s` cycles through on this list: the ones its API method accepts, in order.
    public var sortNames: [String] {
        searchQuery == nil ? QuestionSort.allCases.map(\.rawValue) : SearchSort.allCases.map(\.rawValue)
    }

    /// The date a list row shows for this sort: creation for `creation`, `votes` and `relevance`, else last activity.
    public var dateShown: ListDate {
        if searchQuery != nil { return searchSort == .activity ? .lastActivity : .creation }
        switch sort {
        case .creation, .votes: return .creation
        case .activity, .hot, .week, .month: return .lastActivity
        }
    }

    /// Moves to the next sort the list's method accepts (`s`), wrapping around; `offline` skips the sorts only the API
    /// computes (`QuestionSort.onlineOnly`). Returns the sorts skipped.
    @discardableResult
    public mutating func cycleSort(offline: Bool = false) -> [QuestionSort] {
        if searchQuery != nil {
            let sorts = SearchSort.allCases
            searchSort = sorts[((sorts.firstIndex(of: searchSort) ?? 0) + 1) % sorts.count]
            return []
        }
        let sorts = QuestionSort.allCases
        var skipped: [QuestionSort] = []
        var index = sorts.firstIndex(of: sort) ?? 0
        repeat {
            index = (index + 1) % sorts.count
            if offline, sorts[index].isOnlineOnly { skipped.append(sorts[index]) } else { break }
        } while sorts[index] != sort
        sort = sorts[index]
        return skipped
    }

    /// Whether this list asks for a sort only the API computes (a search's sorts the store computes all).
    public var needsNetwork: Bool { searchQuery == nil && sort.isOnlineOnly }
}

extension QuestionSort {
    /// The sorts only the API computes: its `hot`, `week` and `month` formulas are undocumented, so the local store
    /// does not imitate them. While offline `s` skips them, and a list that would load one loads activity instead.
    public static let onlineOnly: Set<QuestionSort> = [.hot, .week, .month]

    /// Whether only the API computes this sort (`onlineOnly`).
    public var isOnlineOnly: Bool { Self.onlineOnly.contains(self) }

    /// The status line's word when `s` skipped the online-only sorts: "hot, week and month need the network: …".
    static var onlineOnlySkipped: String {
        let names = allCases.filter(\.isOnlineOnly).map(\.rawValue)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] : names.joined()
        return "\(list) \(names.count > 1 ? "need" : "needs") the network: skipped while offline"
    }
}

/// Which date a question list's date column shows.
public enum ListDate: Hashable, Sendable {
    /// When the question was asked.
    case creation
    /// The question's last activity (an edit, answer or comment).
    case lastActivity
}
