import Foundation
import StackAPI

/// Loads comments of posts (`/posts/{ids}/comments`), e.g. of a question and all its answers in one request.
public struct CommentsDataManager: Sendable {
    /// Ids per request: the API's vectorized methods take at most 100.
    public static let maximumIDsPerRequest = 100
    /// Pages of 100 followed per request (1,000 comments); beyond that the result says `isComplete == false`.
    public static let maximumPages = 10

    let launcher: OperationLauncher

    /// Loads the comments of `postIDs` (questions or answers, in any order, duplicates ignored) with bodies, 100 ids per request,
    /// following `has_more`, and delivers them grouped by post, oldest first. No ids: an empty result, no request.
    /// Pages already loaded cost no request unless `cachePolicy` is `.reload`.
    @discardableResult
    public func retrieveComments(
        postIDs: [Int], site: String, cachePolicy: CachePolicy = .useCache,
        priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<PostComments>
    ) -> RetrievalHandle {
        let operation = Self.operation(postIDs: postIDs, site: site, cachePolicy: cachePolicy, environment: launcher.environment,
                                       delivery: .mainQueue(completion))
        return launcher.launch(operation, priority: priority)
    }

    /// The operation that loads the comments of `postIDs` and delivers them grouped by post through `delivery`.
    static func operation(postIDs: [Int], site: String, cachePolicy: CachePolicy, environment: RequestEnvironment,
                          delivery: ResultDelivery<PostComments>) -> PagesCollectingOperation<Comment> {
        let ids = Set(postIDs).sorted() // one canonical request per set of posts, so the cache recognises it
        let requests = stride(from: 0, to: ids.count, by: maximumIDsPerRequest).map { start in
            APIRequest.commentsOfPosts(Array(ids[start..<min(start + maximumIDsPerRequest, ids.count)]), site: site)
        }
        return PagesCollectingOperation<Comment>(
            requests: requests, maximumPages: maximumPages, cachePolicy: cachePolicy, environment: environment,
            delivery: delivery.mapped { result in
                result.map { collected in
                    PostComments(grouping: collected.items, postIDs: ids, isComplete: collected.isComplete,
                                 quotaRemaining: collected.quotaRemaining)
                }
            })
    }
}
