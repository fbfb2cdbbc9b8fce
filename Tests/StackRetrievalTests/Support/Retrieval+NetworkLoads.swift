import Foundation
import StackAPI
@testable import StackRetrieval

/// The network path of the `Loader` (no store, so every load is a request) for the tests of requests, paging,
/// the gate and cancellation; values come unwrapped from `Loaded`.
extension Retrieval {
    private var network: Loader { loader(local: nil) }

    /// Page `page` of `site`'s questions in `sort`, with bodies.
    @discardableResult
    func questionsPage(site: String, sort: QuestionSort = .activity, page: Int = 1, pageSize: Int = 30,
                       priority: LoadPriority = .userInitiated,
                       completion: @escaping RetrievalCompletion<Page<Question>>) -> RetrievalHandle {
        network.questions(QuestionListQuery(site: site, sort: sort, pageSize: pageSize), page: page, mode: .reload, priority: priority) {
            completion($0.map(\.value))
        }
    }

    /// The first page of a search by relevance.
    @discardableResult
    func searchPage(site: String, query: String, pageSize: Int = 30,
                    completion: @escaping RetrievalCompletion<Page<Question>>) -> RetrievalHandle {
        network.questions(QuestionListQuery(site: site, search: query, pageSize: pageSize), page: 1, mode: .reload) {
            completion($0.map(\.value))
        }
    }

    /// The newest answers of `site`.
    @discardableResult
    func latestAnswers(site: String, pageSize: Int = 30, completion: @escaping RetrievalCompletion<Page<Answer>>) -> RetrievalHandle {
        network.latestAnswers(site: site, page: 1, pageSize: pageSize, mode: .reload) { completion($0.map(\.value)) }
    }

    /// A question with its answers.
    @discardableResult
    func thread(questionID: Int, site: String, completion: @escaping RetrievalCompletion<QuestionThread>) -> RetrievalHandle {
        network.thread(questionID: questionID, site: site, mode: .reload) { completion($0.map(\.value)) }
    }

    /// The comments of posts with the collection's completeness, as `CommentsOperation` delivers them.
    @discardableResult
    func retrieveComments(postIDs: [Int], site: String, completion: @escaping RetrievalCompletion<PostComments>) -> RetrievalHandle {
        launch(CommentsOperation.make(postIDs: postIDs, site: site, environment: environment, delivery: .mainQueue(completion)))
    }

    /// Every site, `pageSize` at a time, as the site list's request collects them.
    @discardableResult
    func collectSites(pageSize: Int, completion: @escaping RetrievalCompletion<CollectedPages<Site>>) -> RetrievalHandle {
        launch(PagesCollectingOperation<Site>(requests: [.sites(page: 1, pageSize: pageSize)], maximumPages: 10,
                                              environment: environment, delivery: .mainQueue(completion)))
    }

    private var environment: RequestEnvironment {
        RequestEnvironment(factory: factory, transport: transport, gate: queues.gate)
    }

    private func launch(_ operation: Operation) -> RetrievalHandle {
        queues.add(operation, priority: .userInitiated)
        return RetrievalHandle(operation: operation)
    }
}
