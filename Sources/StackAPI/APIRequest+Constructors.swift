import Foundation

/// The requests the app makes. Query items are sorted by name, so equal requests build equal URLs.
///
/// Bodies: requests whose results a screen shows in full ask for `filter=withbody` (the API's built-in filter
/// that adds `body` to the default fields): a question by id, the answers of a question, comments, and the
/// latest-answers feed (so Enter can show an answer without a second request). List requests
/// (`/questions`, `/search/advanced`, `/info`, `/sites`) use the default filter: no `filter` parameter,
/// smaller and faster pages; `/questions` and `/search/advanced` ask for bodies when `withBody` is true
/// (a list loaded with bodies lets a question open with only its answers request).
extension APIRequest {
    /// The built-in filter that adds `body` to the default fields.
    public static let bodyFilter = "withbody"
    /// The largest page size the API accepts.
    public static let maximumPageSize = 100

    /// `/questions`: a page of a site's questions, optionally tagged (all tags must match) and within dates;
    /// with bodies when `withBody` is true.
    public static func questions(
        site: String, sort: QuestionSort = .activity, order: SortDirection = .desc, tagged: [String] = [],
        page: Int = 1, pageSize: Int? = nil, fromDate: Date? = nil, toDate: Date? = nil, withBody: Bool = false
    ) -> APIRequest {
        var query = Query(site: site, page: page, pageSize: pageSize, sort: sort.rawValue, order: order)
        query.add("tagged", tagged)
        query.add("fromdate", fromDate)
        query.add("todate", toDate)
        query.addBodyFilter(withBody)
        return APIRequest(method: .questions, path: "/questions", query: query.items)
    }

    /// `/questions/{ids}`: questions by id, with bodies unless `withBody` is false.
    public static func questionsByID(_ ids: [Int], site: String, withBody: Bool = true) -> APIRequest {
        var query = Query(site: site)
        query.addBodyFilter(withBody)
        return APIRequest(method: .questionsByID, path: "/questions/\(joined(ids))", query: query.items)
    }

    /// `/questions/{ids}/answers`: the answers of questions, with bodies unless `withBody` is false.
    public static func answersOfQuestions(
        _ ids: [Int], site: String, sort: AnswerSort = .votes, order: SortDirection = .desc,
        page: Int = 1, pageSize: Int? = nil, withBody: Bool = true
    ) -> APIRequest {
        sortedPage(.answersOfQuestions, "/questions/\(joined(ids))/answers", site: site, sort: sort.rawValue, order: order,
                   page: page, pageSize: pageSize, withBody: withBody)
    }

    /// `/answers/{ids}`: answers by id, with bodies (a link to an answer names only the answer).
    public static func answersByID(_ ids: [Int], site: String) -> APIRequest {
        var query = Query(site: site)
        query.addBodyFilter(true)
        return APIRequest(method: .answersByID, path: "/answers/\(joined(ids))", query: query.items)
    }

    /// `/answers`: the latest answers on a site, with bodies so a screen can show one at once.
    public static func latestAnswers(
        site: String, sort: AnswerSort = .activity, order: SortDirection = .desc, page: Int = 1, pageSize: Int? = nil
    ) -> APIRequest {
        sortedPage(.answers, "/answers", site: site, sort: sort.rawValue, order: order, page: page, pageSize: pageSize, withBody: true)
    }

    /// `/posts/{ids}/comments`: comments on questions or answers, with bodies, oldest first by default.
    public static func commentsOfPosts(
        _ ids: [Int], site: String, sort: CommentSort = .creation, order: SortDirection = .asc,
        page: Int = 1, pageSize: Int? = maximumPageSize
    ) -> APIRequest {
        sortedPage(.commentsOfPosts, "/posts/\(joined(ids))/comments", site: site, sort: sort.rawValue, order: order,
                   page: page, pageSize: pageSize, withBody: true)
    }

    /// `/search/advanced`: free-text search (`q`), optionally tagged and limited to (un)accepted questions;
    /// with bodies when `withBody` is true.
    public static func searchAdvanced(
        site: String, query text: String, tagged: [String] = [], sort: SearchSort = .relevance,
        order: SortDirection = .desc, page: Int = 1, pageSize: Int? = nil, accepted: Bool? = nil, withBody: Bool = false
    ) -> APIRequest {
        var query = Query(site: site, page: page, pageSize: pageSize, sort: sort.rawValue, order: order)
        query.add("q", text)
        query.add("tagged", tagged)
        query.add("accepted", accepted.map { $0 ? "true" : "false" })
        query.addBodyFilter(withBody)
        return APIRequest(method: .searchAdvanced, path: "/search/advanced", query: query.items)
    }

    /// `/me/favorites`: the bookmarks of the user `accessToken` belongs to on `site`, most recently bookmarked first
    /// (the API's `added` sort), with bodies.
    public static func myFavorites(site: String, accessToken: String, page: Int = 1,
                                   pageSize: Int? = maximumPageSize) -> APIRequest {
        var request = sortedPage(.myFavorites, "/me/favorites", site: site, sort: "added", order: .desc, page: page,
                                 pageSize: pageSize, withBody: true)
        request.accessToken = RequestToken(accessToken)
        return request
    }

    /// `/inbox` (`unreadOnly`: `/inbox/unread`): the inbox of the user `accessToken` belongs to, across sites,
    /// newest first, with the bodies the API keeps there.
    public static func inbox(accessToken: String, unreadOnly: Bool = false, page: Int = 1,
                             pageSize: Int? = maximumPageSize) -> APIRequest {
        var query = Query(site: nil, page: page, pageSize: pageSize)
        query.addBodyFilter(true)
        return APIRequest(method: .inbox, path: unreadOnly ? "/inbox/unread" : "/inbox", query: query.items,
                          accessToken: RequestToken(accessToken))
    }

    /// `/me/notifications`: the notifications of the user `accessToken` belongs to on `site`, newest first.
    public static func myNotifications(site: String, accessToken: String, page: Int = 1,
                                       pageSize: Int? = maximumPageSize) -> APIRequest {
        var query = Query(site: site, page: page, pageSize: pageSize)
        query.addBodyFilter(true)
        return APIRequest(method: .myNotifications, path: "/me/notifications", query: query.items,
                          accessToken: RequestToken(accessToken))
    }

    /// `/info`: a site's totals and rates.
    public static func info(site: String) -> APIRequest {
        APIRequest(method: .info, path: "/info", query: Query(site: site).items)
    }

    /// `/sites`: the network's sites (no `site` parameter).
    public static func sites(page: Int = 1, pageSize: Int? = nil) -> APIRequest {
        APIRequest(method: .sites, path: "/sites", query: Query(site: nil, page: page, pageSize: pageSize).items)
    }

    /// A sorted page of `path`, the shape of every list method that takes no filter of its own.
    private static func sortedPage(
        _ method: APIMethod, _ path: String, site: String, sort: String, order: SortDirection, page: Int, pageSize: Int?,
        withBody: Bool
    ) -> APIRequest {
        var query = Query(site: site, page: page, pageSize: pageSize, sort: sort, order: order)
        query.addBodyFilter(withBody)
        return APIRequest(method: method, path: path, query: query.items)
    }

    /// Ids joined with `;`, as the API's vectorized methods expect.
    private static func joined(_ ids: [Int]) -> String {
        ids.map(String.init).joined(separator: ";")
    }
}

/// Collects query parameters, clamping paging values, and hands them out sorted by name.
private struct Query {
    private var parameters: [String: String] = [:]

    init(site: String?, page: Int? = nil, pageSize: Int? = nil, sort: String? = nil, order: SortDirection? = nil) {
        add("site", site)
        add("page", page.map { String(max(1, $0)) })
        add("pagesize", pageSize.map { String(min(max(0, $0), APIRequest.maximumPageSize)) })
        add("sort", sort)
        add("order", order?.rawValue)
    }

    var items: [URLQueryItem] {
        parameters.keys.sorted().map { URLQueryItem(name: $0, value: parameters[$0]) }
    }

    mutating func add(_ name: String, _ value: String?) {
        if let value { parameters[name] = value }
    }

    /// Tags joined with `;`; nothing when empty.
    mutating func add(_ name: String, _ tags: [String]) {
        if !tags.isEmpty { parameters[name] = tags.joined(separator: ";") }
    }

    /// A date as unix seconds, moved into `APIDate.secondsRange` when outside it.
    mutating func add(_ name: String, _ date: Date?) {
        add(name, date.map { String(APIDate.clampedUnixSeconds($0)) })
    }

    mutating func addBodyFilter(_ withBody: Bool) {
        if withBody { parameters["filter"] = APIRequest.bodyFilter }
    }
}
