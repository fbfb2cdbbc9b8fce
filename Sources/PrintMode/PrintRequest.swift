import StackAPI

/// What `stackterm print` is asked for: which list or search, and how many questions at most.
public struct PrintRequest: Equatable, Sendable {
    /// The site's API parameter.
    public var site: String
    /// The list's sort; for a search nil means relevance.
    public var sort: QuestionSort?
    /// Search text (`/search/advanced`, titles and bodies); nil lists the site's questions.
    public var query: String?
    /// Tags every question has.
    public var tagged: [String]
    /// How many questions to print at most.
    public var limit: Int
    /// The page size asked for; nil means `min(limit, 100)`, so no request fetches more than needed.
    public var pageSize: Int?

    /// The default `--limit`.
    public static let defaultLimit = 30
    /// The API's largest page.
    public static let maximumPageSize = 100

    public init(site: String, sort: QuestionSort? = nil, query: String? = nil, tagged: [String] = [],
                limit: Int = PrintRequest.defaultLimit, pageSize: Int? = nil) {
        self.site = site
        self.sort = sort
        self.query = query
        self.tagged = tagged
        self.limit = limit
        self.pageSize = pageSize
    }

    /// Questions per request: the smaller of the limit and the page size (at most 100).
    public var effectivePageSize: Int {
        max(1, min(limit, pageSize ?? Self.maximumPageSize, Self.maximumPageSize))
    }

    /// The search sort for `sort`: relevance when none was given; nil when the search API has no such sort.
    public var searchSort: SearchSort? {
        guard let sort else { return .relevance }
        return SearchSort(rawValue: sort.rawValue)
    }

    /// What is wrong with the request, as a usage error; nil when it can be sent.
    public var problem: String? {
        if limit < 1 { return "--limit must be at least 1" }
        if let query, query.trimmingCharacters(in: .whitespaces).isEmpty { return "--search needs some text" }
        if query != nil, searchSort == nil {
            return "a search sorts by relevance (the default), activity, creation or votes; not by \(sort?.rawValue ?? "")"
        }
        return nil
    }
}
