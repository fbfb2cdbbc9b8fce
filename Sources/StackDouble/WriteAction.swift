import Foundation

/// One write method of API v2.3, as its path names it (`POST` only; the form carries `key`, `access_token`, `site`).
enum WriteAction: Equatable {
    /// `/questions/{id}/upvote`, `…/upvote/undo`, `…/downvote`, `…/downvote/undo`, and the same under `/answers/{id}`.
    case vote(isAnswer: Bool, postID: Int, VoteBook.Action)
    /// `/questions/{id}/favorite`, `…/favorite/undo`.
    case favorite(questionID: Int, undo: Bool)
    /// `/answers/{id}/accept`, `…/accept/undo`.
    case accept(answerID: Int, undo: Bool)
    /// `/questions/{id}/answers/add`.
    case addAnswer(questionID: Int)
    /// `/posts/{id}/comments/add`.
    case addComment(postID: Int)

    /// The write that `components` (the path after the version) name; nil for any other path.
    init?(_ components: [String]) {
        guard components.count >= 3, let id = Int(components[1]) else { return nil }
        let rest = Array(components.dropFirst(2))
        let undo = rest.count == 2 && rest[1] == "undo"
        guard rest.count == 1 || undo || rest.count == 2 && rest[1] == "add" else { return nil }
        switch (components[0], rest[0]) {
        case ("questions", "upvote") where rest.count == 1 || undo, ("answers", "upvote") where rest.count == 1 || undo:
            self = .vote(isAnswer: components[0] == "answers", postID: id, undo ? .undo(.up) : .cast(.up))
        case ("questions", "downvote") where rest.count == 1 || undo, ("answers", "downvote") where rest.count == 1 || undo:
            self = .vote(isAnswer: components[0] == "answers", postID: id, undo ? .undo(.down) : .cast(.down))
        case ("questions", "favorite") where rest.count == 1 || undo:
            self = .favorite(questionID: id, undo: undo)
        case ("answers", "accept") where rest.count == 1 || undo:
            self = .accept(answerID: id, undo: undo)
        case ("questions", "answers") where rest.count == 2 && rest[1] == "add":
            self = .addAnswer(questionID: id)
        case ("posts", "comments") where rest.count == 2 && rest[1] == "add":
            self = .addComment(postID: id)
        default:
            return nil
        }
    }
}

/// What a write left behind for the write log: the id of the post or comment it created.
final class WriteTrace {
    var createdID: Int?
}
