import Foundation

/// A post the logged-in user writes: an answer to a question or a comment on a post (question or answer) of
/// `site` — what `/questions/{id}/answers/add` and `/posts/{id}/comments/add` take, with the API's length rules.
public struct PostCompose: Hashable, Sendable {
    /// What is written.
    public enum Target: Hashable, Sendable {
        /// An answer to question `questionID`.
        case answer(questionID: Int)
        /// A comment on post `postID` (a question or an answer).
        case comment(postID: Int)
    }

    public let site: String
    public let target: Target

    public init(site: String, target: Target) {
        self.site = site
        self.target = target
    }

    /// The fewest characters the API takes: 30 for an answer, 15 for a comment.
    public var minimumLength: Int {
        switch target {
        case .answer: 30
        case .comment: 15
        }
    }

    /// The most characters the API takes: 30,000 for an answer, 600 for a comment.
    public var maximumLength: Int {
        switch target {
        case .answer: 30_000
        case .comment: 600
        }
    }

    /// `answer`, `comment`.
    public var noun: String {
        switch target {
        case .answer: "answer"
        case .comment: "comment"
        }
    }

    /// Why the API would refuse `body` for its length (counted as the API does, white space around it left out),
    /// or nil when it fits: "an answer needs at least 30 characters; this one has 12".
    public func lengthProblem(_ body: String) -> String? {
        let count = body.trimmingCharacters(in: .whitespacesAndNewlines).count
        let article = noun == "answer" ? "an" : "a"
        if count < minimumLength { return "\(article) \(noun) needs at least \(minimumLength) characters; this one has \(count)" }
        if count > maximumLength { return "\(article) \(noun) may have at most \(maximumLength) characters; this one has \(count)" }
        return nil
    }

    /// `/questions/12/answers/add`, `/posts/34/comments/add`.
    public var path: String {
        switch target {
        case .answer(let id): "/questions/\(id)/answers/add"
        case .comment(let id): "/posts/\(id)/comments/add"
        }
    }
}

/// What the API answered for a compose: the answer or comment as it was (`preview`: would be) created.
public enum ComposedPost: Hashable, Sendable {
    case answer(Answer)
    case comment(Comment)

    /// The new post's id (0 for a preview, which creates nothing).
    public var id: Int {
        switch self {
        case .answer(let answer): answer.answerID
        case .comment(let comment): comment.commentID
        }
    }

    /// The post's body as HTML.
    public var body: String? {
        switch self {
        case .answer(let answer): answer.body
        case .comment(let comment): comment.body
        }
    }
}

extension APIRequest {
    /// The POST of `compose` with the Markdown `body` (`preview`: the API creates nothing and answers with the post
    /// as it would be), made with `accessToken`; the answer comes with its body.
    public static func compose(_ compose: PostCompose, body: String, preview: Bool, accessToken: String) -> APIRequest {
        var form = [URLQueryItem(name: "site", value: compose.site), URLQueryItem(name: "body", value: body),
                    URLQueryItem(name: "filter", value: bodyFilter)]
        if preview { form.append(URLQueryItem(name: "preview", value: "true")) }
        return APIRequest(method: .write, path: compose.path, query: [], form: form, accessToken: RequestToken(accessToken))
    }
}
