import Foundation

/// What a post says about the logged-in user who asked (a filter with `upvoted`, `downvoted`, `favorited`,
/// `accepted` and a token): their vote and bookmark.
public struct ViewerFields: Decodable, Hashable, Sendable {
    public var questionID: Int?
    public var answerID: Int?
    public var upvoted: Bool?
    public var downvoted: Bool?
    public var favorited: Bool?

    enum CodingKeys: String, CodingKey {
        case questionID = "question_id", answerID = "answer_id", upvoted, downvoted, favorited
    }

    /// The post's id: the answer's for an answer, else the question's.
    public var postID: Int? { answerID ?? questionID }

    /// The user's marks on the post: an up or down vote, a bookmark.
    public var marks: PostMarks {
        PostMarks(vote: upvoted == true ? .up : downvoted == true ? .down : nil, bookmarked: favorited == true)
    }
}

/// A filter `/filters/create` made: its string, for the `filter` parameter.
public struct CreatedFilter: Decodable, Hashable, Sendable {
    public var filter: String
}

extension APIRequest {
    /// The fields a post's viewer marks need (`ViewerFields`), on top of the default filter.
    public static let viewerFields = ["question.upvoted", "question.downvoted", "question.favorited",
                                      "answer.upvoted", "answer.downvoted"]

    /// `/filters/create`: a filter of the default fields and `include`.
    public static func createFilter(include: [String]) -> APIRequest {
        APIRequest(method: .filters, path: "/filters/create",
                   query: [URLQueryItem(name: "base", value: "default"), URLQueryItem(name: "include", value: include.joined(separator: ";")),
                           URLQueryItem(name: "unsafe", value: "false")])
    }

    /// `/questions/{id}` with `filter`, asked as the user of `accessToken`: the question's viewer fields.
    public static func viewerQuestion(_ id: Int, site: String, filter: String, accessToken: String) -> APIRequest {
        APIRequest(method: .questionsByID, path: "/questions/\(id)",
                   query: [URLQueryItem(name: "filter", value: filter), URLQueryItem(name: "site", value: site)],
                   accessToken: RequestToken(accessToken))
    }

    /// `/answers/{ids}` (at most 100) with `filter`, asked as the user of `accessToken`: the answers' viewer fields.
    public static func viewerAnswers(_ ids: [Int], site: String, filter: String, accessToken: String) -> APIRequest {
        APIRequest(method: .answersByID, path: "/answers/" + ids.prefix(maximumPageSize).map(String.init).joined(separator: ";"),
                   query: [URLQueryItem(name: "filter", value: filter), URLQueryItem(name: "pagesize", value: String(maximumPageSize)),
                           URLQueryItem(name: "site", value: site)],
                   accessToken: RequestToken(accessToken))
    }
}
