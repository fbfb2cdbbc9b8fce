import Foundation
import StackAPI

/// Loads answers: the site's latest-answers feed and answers by id.
/// A page already loaded costs no request unless `cachePolicy` is `.reload`.
public struct AnswersDataManager: Sendable {
    let launcher: OperationLauncher

    /// Loads one page of `site`'s latest answers, with bodies.
    @discardableResult
    public func retrieveLatestAnswers(
        site: String, sort: AnswerSort = .activity, page: Int = 1, pageSize: Int? = nil,
        cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<Page<Answer>>
    ) -> RetrievalHandle {
        launcher.load(
            .latestAnswers(site: site, sort: sort, page: page, pageSize: pageSize), as: Answer.self,
            cachePolicy: cachePolicy, priority: priority, completion: completion)
    }

    /// Loads answers by id, with bodies (each names its `questionID`).
    @discardableResult
    public func retrieveAnswers(
        ids: [Int], site: String, cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<Page<Answer>>
    ) -> RetrievalHandle {
        launcher.load(
            .answersByID(ids, site: site), as: Answer.self,
            cachePolicy: cachePolicy, priority: priority, completion: completion)
    }
}
