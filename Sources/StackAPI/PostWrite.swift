import Foundation

/// A vote, bookmark or accept of the logged-in user on one post of `site`: one of the API's write methods
/// (`/questions/{id}/upvote`, `/answers/{id}/accept/undo`…). Holds no token: the request is made with one.
public struct PostWrite: Hashable, Sendable {
    /// The post written to.
    public enum Post: Hashable, Sendable {
        case question(Int)
        case answer(Int)

        /// The post's id.
        public var id: Int {
            switch self {
            case .question(let id), .answer(let id): id
            }
        }
    }

    /// What is done, as the API's path names it.
    public enum Act: String, Hashable, Sendable, CaseIterable {
        case upvote
        case upvoteUndo = "upvote/undo"
        case downvote
        case downvoteUndo = "downvote/undo"
        case favorite
        case favoriteUndo = "favorite/undo"
        case accept
        case acceptUndo = "accept/undo"
    }

    public let site: String
    public let post: Post
    public let act: Act

    private init(site: String, post: Post, act: Act) {
        self.site = site
        self.post = post
        self.act = act
    }

    /// An up vote on `post` (`down`: a down vote), or its undoing.
    public static func vote(_ post: Post, down: Bool, undo: Bool, site: String) -> PostWrite {
        let act: Act = down ? (undo ? .downvoteUndo : .downvote) : (undo ? .upvoteUndo : .upvote)
        return PostWrite(site: site, post: post, act: act)
    }

    /// Bookmarks question `questionID` (the API's "favorite"), or removes the bookmark.
    public static func bookmark(questionID: Int, undo: Bool, site: String) -> PostWrite {
        PostWrite(site: site, post: .question(questionID), act: undo ? .favoriteUndo : .favorite)
    }

    /// Accepts answer `answerID` (on the user's own question), or takes the accept back.
    public static func accept(answerID: Int, undo: Bool, site: String) -> PostWrite {
        PostWrite(site: site, post: .answer(answerID), act: undo ? .acceptUndo : .accept)
    }

    /// `/questions/12/upvote`, `/answers/34/accept/undo`.
    public var path: String {
        switch post {
        case .question(let id): "/questions/\(id)/\(act.rawValue)"
        case .answer(let id): "/answers/\(id)/\(act.rawValue)"
        }
    }
}

/// The user's vote on a post.
public enum PostVote: String, Hashable, Sendable {
    case up
    case down
}

/// What the logged-in user did to one post, as far as this session knows: a vote, a bookmark, an accept.
public struct PostMarks: Hashable, Sendable {
    /// The user's vote; nil: none (or not known).
    public var vote: PostVote?
    /// Whether the user bookmarked the question.
    public var bookmarked = false
    /// Whether the answer is the accepted one, when an accept of this session said so.
    public var accepted: Bool?

    public init(vote: PostVote? = nil, bookmarked: Bool = false, accepted: Bool? = nil) {
        self.vote = vote
        self.bookmarked = bookmarked
        self.accepted = accepted
    }
}

extension PostWrite {
    /// `marks` once this write succeeded: an up vote replaces a down one, an undo clears it.
    public func applied(to marks: PostMarks) -> PostMarks {
        var marks = marks
        switch act {
        case .upvote: marks.vote = .up
        case .downvote: marks.vote = .down
        case .upvoteUndo, .downvoteUndo: marks.vote = nil
        case .favorite: marks.bookmarked = true
        case .favoriteUndo: marks.bookmarked = false
        case .accept: marks.accepted = true
        case .acceptUndo: marks.accepted = false
        }
        return marks
    }
}

extension APIRequest {
    /// The POST of `write` made with `accessToken` (in the form body, never the URL).
    public static func write(_ write: PostWrite, accessToken: String) -> APIRequest {
        APIRequest(method: .write, path: write.path, query: [],
                   form: [URLQueryItem(name: "site", value: write.site)], accessToken: RequestToken(accessToken))
    }
}
