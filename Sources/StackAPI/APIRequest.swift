import Foundation

/// One API method, the unit the backoff gate works on (`backoff: N` applies per method).
public enum APIMethod: String, Hashable, Sendable, CaseIterable {
    /// `/questions`
    case questions
    /// `/questions/{ids}`
    case questionsByID
    /// `/questions/{ids}/answers`
    case answersOfQuestions
    /// `/answers`
    case answers
    /// `/answers/{ids}`
    case answersByID
    /// `/posts/{ids}/comments`
    case commentsOfPosts
    /// `/search/advanced`
    case searchAdvanced
    /// `/info`
    case info
    /// `/sites`
    case sites
    /// `/me/favorites`: the logged-in user's bookmarks on a site.
    case myFavorites
    /// `/inbox` and `/inbox/unread`: the logged-in user's inbox, network-wide.
    case inbox
    /// `/me/notifications`: the logged-in user's notifications on a site.
    case myNotifications
    /// `/filters/create`: a filter of chosen fields.
    case filters
    /// Every write of a logged-in user (`/questions/{id}/upvote`, `/answers/{id}/accept`…): one backoff for all.
    case write

    /// The method as the API documents it, e.g. `/questions/{ids}/answers`.
    public var pathPattern: String {
        switch self {
        case .questions: "/questions"
        case .questionsByID: "/questions/{ids}"
        case .answersOfQuestions: "/questions/{ids}/answers"
        case .answers: "/answers"
        case .answersByID: "/answers/{ids}"
        case .commentsOfPosts: "/posts/{ids}/comments"
        case .searchAdvanced: "/search/advanced"
        case .info: "/info"
        case .sites: "/sites"
        case .myFavorites: "/me/favorites"
        case .inbox: "/inbox"
        case .myNotifications: "/me/notifications"
        case .filters: "/filters/create"
        case .write: "/{questions|answers}/{id}/{vote|favorite|accept}"
        }
    }
}

/// A request to the API, independent of host and transport: method, path and query parameters.
public struct APIRequest: Hashable, Sendable {
    /// The method this request calls (used for backoff gating).
    public var method: APIMethod
    /// Path below the version root, e.g. `/questions/1;2/answers`.
    public var path: String
    /// Query parameters, in the order they are sent.
    public var query: [URLQueryItem]
    /// A write's fields (`site`, `body`, `preview`…), sent as a POST's form body; nil for a read (a GET).
    public var form: [URLQueryItem]?
    /// The logged-in user's token: added to the query of a read, to the body of a write; nil for anonymous reads.
    public var accessToken: RequestToken?

    /// Creates a request; prefer the static constructors (`questions(site:…)`, `info(site:)`…).
    public init(method: APIMethod, path: String, query: [URLQueryItem], form: [URLQueryItem]? = nil,
                accessToken: RequestToken? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
        self.accessToken = accessToken
    }

    /// The `page` query parameter, when there is one and it is a number.
    public var page: Int? {
        query.first { $0.name == "page" }?.value.flatMap(Int.init)
    }

    /// The most items a response to this request may bring: its `pagesize`, else the API's largest page.
    /// Items past it are not decoded (a server sending a million items costs no more than one sending 100).
    public var itemLimit: Int {
        let asked = query.first { $0.name == "pagesize" }?.value.flatMap(Int.init)
        return min(max(asked ?? APIRequest.maximumPageSize, 0), APIRequest.maximumPageSize)
    }
}
