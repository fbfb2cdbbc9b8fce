import Foundation
import StackAPI

/// The comments of posts (`/posts/{ids}/comments`), e.g. of a question and all its answers: 100 ids per request,
/// each request's pages followed up to a bound, delivered grouped by post.
public enum CommentsOperation {
    /// Ids per request: the API's vectorized methods take at most 100.
    public static let maximumIDsPerRequest = 100
    /// Pages of 100 followed per request (1,000 comments); beyond that the result says `isComplete == false`.
    public static let maximumPages = 10

    /// The operation that loads the comments of `postIDs` (in any order, duplicates ignored; no ids: an empty
    /// result, no request), oldest first per post, and hands them to `delivery`.
    public static func make(postIDs: [Int], site: String, environment: RequestEnvironment,
                            delivery: ResultDelivery<PostComments>) -> PagesCollectingOperation<Comment> {
        let ids = Set(postIDs).sorted()
        let requests = stride(from: 0, to: ids.count, by: maximumIDsPerRequest).map { start in
            APIRequest.commentsOfPosts(Array(ids[start..<min(start + maximumIDsPerRequest, ids.count)]), site: site)
        }
        return PagesCollectingOperation<Comment>(
            requests: requests, maximumPages: maximumPages, environment: environment,
            delivery: delivery.mapped { result in
                result.map { collected in
                    PostComments(grouping: collected.items, postIDs: ids, isComplete: collected.isComplete,
                                 quotaRemaining: collected.quotaRemaining)
                }
            })
    }
}
