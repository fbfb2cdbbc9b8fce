import Foundation
import StackAPI

/// The comments of several posts (a question and its answers), grouped by post.
public struct PostComments: Sendable, Hashable {
    /// Each requested post id with its comments, oldest first; a post without comments has an empty list.
    public var byPost: [Int: [Comment]]
    /// False when a post had more comments than the page bound let through.
    public var isComplete: Bool
    /// Requests left today, when the API said.
    public var quotaRemaining: Int?

    public init(byPost: [Int: [Comment]], isComplete: Bool = true, quotaRemaining: Int? = nil) {
        self.byPost = byPost
        self.isComplete = isComplete
        self.quotaRemaining = quotaRemaining
    }

    /// Groups `comments` under `postIDs` (every id gets an entry), each list sorted by creation date, then id
    /// (a comment whose date is unknown goes last).
    /// Comments on posts not asked for are dropped.
    public init(grouping comments: [Comment], postIDs: [Int], isComplete: Bool = true, quotaRemaining: Int? = nil) {
        var byPost = Dictionary(uniqueKeysWithValues: postIDs.map { ($0, [Comment]()) })
        for comment in comments where byPost[comment.postID] != nil {
            byPost[comment.postID]?.append(comment)
        }
        for postID in byPost.keys {
            byPost[postID]?.sort {
                ($0.creationDate ?? .distantFuture, $0.commentID) < ($1.creationDate ?? .distantFuture, $1.commentID)
            }
        }
        self.init(byPost: byPost, isComplete: isComplete, quotaRemaining: quotaRemaining)
    }

    /// The comments of `postID`, oldest first (empty when it has none or was not asked for).
    public subscript(postID: Int) -> [Comment] {
        byPost[postID] ?? []
    }
}
