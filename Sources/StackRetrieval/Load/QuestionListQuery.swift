import Foundation
import StackAPI

/// Which questions a list shows: a site's questions in a sort, or a search in a search sort, optionally tagged.
public struct QuestionListQuery: Sendable, Hashable {
    /// The site's API parameter.
    public var site: String
    /// The list's sort (unused by a search).
    public var sort: QuestionSort
    /// Search text; nil lists the site's questions.
    public var search: String?
    /// The search's sort (unused by a list).
    public var searchSort: SearchSort
    /// Tags every question has (AND).
    public var tagged: [String]
    /// Questions per page (1-100).
    public var pageSize: Int

    public init(site: String, sort: QuestionSort = .activity, search: String? = nil, searchSort: SearchSort = .relevance,
                tagged: [String] = [], pageSize: Int = 30) {
        self.site = site
        self.sort = sort
        self.search = search
        self.searchSort = searchSort
        self.tagged = tagged
        self.pageSize = pageSize
    }

    /// The sort sent, as the API names it: the search sort for a search, else the list sort.
    public var sortName: String { search == nil ? sort.rawValue : searchSort.rawValue }

    /// The request for page `page`, with bodies (so opening one of its questions costs only the answers).
    func request(page: Int) -> APIRequest {
        if let search {
            return .searchAdvanced(site: site, query: search, tagged: tagged, sort: searchSort, page: page, pageSize: pageSize,
                                   accepted: nil, withBody: true)
        }
        return .questions(site: site, sort: sort, order: .desc, tagged: tagged, page: page, pageSize: pageSize, withBody: true)
    }

    /// The key the network's page `page` is remembered under in the store: the site first (so forgetting the site
    /// finds it), then what decides its questions and their order.
    public func listKey(page: Int) -> String {
        [site, search.map { "search/" + $0 } ?? "questions", sortName, tagged.joined(separator: ";"), String(pageSize), String(page)]
            .joined(separator: "/")
    }
}
