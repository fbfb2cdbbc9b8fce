import Foundation
import StackAPI

/// Loads questions: pages of a site's questions, questions by id, and whole threads (question + answers).
///
/// With `cachePolicy: .useCache` (the default) a load the `ResponseCache` can answer costs no request;
/// `.reload` (the `r` key) always asks the API and refreshes the cache.
public struct QuestionsDataManager: Sendable {
    let launcher: OperationLauncher

    /// Loads one page of `site`'s questions, with bodies when `withBodies` is true (then opening one of them
    /// needs only its answers).
    @discardableResult
    public func retrieveQuestions(
        site: String, sort: QuestionSort = .activity, order: SortDirection = .desc, tagged: [String] = [],
        page: Int = 1, pageSize: Int? = nil, withBodies: Bool = false, cachePolicy: CachePolicy = .useCache,
        priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<Page<Question>>
    ) -> RetrievalHandle {
        launcher.load(
            .questions(site: site, sort: sort, order: order, tagged: tagged, page: page, pageSize: pageSize,
                       withBody: withBodies),
            as: Question.self, cachePolicy: cachePolicy, priority: priority, completion: completion)
    }

    /// Loads questions by id, with bodies.
    @discardableResult
    public func retrieveQuestions(
        ids: [Int], site: String, cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<Page<Question>>
    ) -> RetrievalHandle {
        launcher.load(
            .questionsByID(ids, site: site, withBody: true), as: Question.self,
            cachePolicy: cachePolicy, priority: priority, completion: completion)
    }

    /// Opens a question: its body and its first 100 answers by votes, fetched in parallel, as one thread.
    /// With `.useCache`, a thread reopened within the cache's lifetime costs no request, and a question whose
    /// body a list page carried costs only the answers request.
    @discardableResult
    public func retrieveThread(
        questionID: Int, site: String, cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .userInitiated,
        completion: @escaping RetrievalCompletion<QuestionThread>
    ) -> RetrievalHandle {
        let operation = QuestionThreadOperation(
            questionID: questionID, site: site, cachePolicy: cachePolicy, environment: launcher.environment,
            delivery: .mainQueue(completion))
        return launcher.launch(operation, priority: priority)
    }
}
