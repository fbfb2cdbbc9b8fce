import Foundation
import StackAPI

/// Loads questions: pages of a site's questions, questions by id, and whole threads (question + answers).
public struct QuestionsDataManager: Sendable {
    let launcher: OperationLauncher

    /// Loads one page of `site`'s questions. Passing `replacing` cancels that earlier load first.
    @discardableResult
    public func retrieveQuestions(
        site: String, sort: QuestionSort = .activity, order: StackAPI.SortOrder = .desc, tagged: [String] = [],
        page: Int = 1, pageSize: Int? = nil, priority: RetrievalPriority = .userInitiated,
        replacing previous: RetrievalHandle? = nil, completion: @escaping RetrievalCompletion<Page<Question>>
    ) -> RetrievalHandle {
        let operation = QuestionsPageOperation(
            site: site, sort: sort, order: order, tagged: tagged, page: page, pageSize: pageSize,
            environment: launcher.environment, delivery: .mainQueue(completion))
        return launcher.launch(operation, priority: priority, replacing: previous)
    }

    /// Loads questions by id, with bodies.
    @discardableResult
    public func retrieveQuestions(
        ids: [Int], site: String, priority: RetrievalPriority = .userInitiated,
        replacing previous: RetrievalHandle? = nil, completion: @escaping RetrievalCompletion<Page<Question>>
    ) -> RetrievalHandle {
        let operation = QuestionsByIDOperation(
            ids: ids, site: site, environment: launcher.environment, delivery: .mainQueue(completion))
        return launcher.launch(operation, priority: priority, replacing: previous)
    }

    /// Opens a question: its body and its first 100 answers by votes, fetched in parallel, as one thread.
    @discardableResult
    public func retrieveThread(
        questionID: Int, site: String, priority: RetrievalPriority = .userInitiated,
        replacing previous: RetrievalHandle? = nil, completion: @escaping RetrievalCompletion<QuestionThread>
    ) -> RetrievalHandle {
        let operation = QuestionThreadOperation(
            questionID: questionID, site: site, environment: launcher.environment, delivery: .mainQueue(completion))
        return launcher.launch(operation, priority: priority, replacing: previous)
    }
}
