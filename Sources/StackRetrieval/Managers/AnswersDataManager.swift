import Foundation
import StackAPI

/// Loads answers: the site's latest-answers feed, pages of one question's answers, and answers by id.
/// A page already loaded costs no request unless `cachePolicy` is `.reload`.
public struct AnswersDataManager: Sendable {
    let launcher: OperationLauncher

    /// Loads one page of `site`'s latest answers, with bodies.
    @discardableResult
    public func retrieveLatestAnswers(
        site: String, sort: AnswerSort = .activity, page: Int = 1, pageSize: Int? = nil,
        cachePolicy: CachePolicy = .useCache, priority: RetrievalPriority = .userInitiated,
        replacing previous: RetrievalHandle? = nil, completion: @escaping RetrievalCompletion<Page<Answer>>
    ) -> RetrievalHandle {
        launcher.load(
            .latestAnswers(site: site, sort: sort, page: page, pageSize: pageSize), as: Answer.self,
            cachePolicy: cachePolicy, priority: priority, replacing: previous, completion: completion)
    }

    /// Loads one page of the answers to `questionID`, with bodies (for questions with more than 100 answers).
    @discardableResult
    public func retrieveAnswers(
        toQuestion questionID: Int, site: String, sort: AnswerSort = .votes, page: Int = 1,
        pageSize: Int? = APIRequest.maximumPageSize, cachePolicy: CachePolicy = .useCache,
        priority: RetrievalPriority = .userInitiated,
        replacing previous: RetrievalHandle? = nil, completion: @escaping RetrievalCompletion<Page<Answer>>
    ) -> RetrievalHandle {
        launcher.load(
            .answersOfQuestions([questionID], site: site, sort: sort, page: page, pageSize: pageSize, withBody: true),
            as: Answer.self, cachePolicy: cachePolicy, priority: priority, replacing: previous, completion: completion)
    }

    /// Loads answers by id, with bodies (each names its `questionID`).
    @discardableResult
    public func retrieveAnswers(
        ids: [Int], site: String, cachePolicy: CachePolicy = .useCache, priority: RetrievalPriority = .userInitiated,
        replacing previous: RetrievalHandle? = nil, completion: @escaping RetrievalCompletion<Page<Answer>>
    ) -> RetrievalHandle {
        launcher.load(
            .answersByID(ids, site: site), as: Answer.self,
            cachePolicy: cachePolicy, priority: priority, replacing: previous, completion: completion)
    }
}
