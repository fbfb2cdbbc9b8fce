import StackAPI
import StackRetrieval

/// Loads the questions of a `PrintRequest` page by page through the data managers, up to its limit:
/// the next page is asked for only while more are needed and the API says it has them.
///
/// No question is handed over twice (pages overlap when questions move between requests), and a page that
/// brings no question not already seen ends the run whatever `has_more` says: the server is repeating itself.
@MainActor
public final class QuestionCollector {
    private let retrieval: Retrieval
    private let request: PrintRequest
    private var delivered = 0
    private var seenIDs: Set<Int> = []
    private var onQuestions: (@MainActor ([Question]) -> Void)?
    private var completion: (@MainActor (PrintOutcome) -> Void)?

    public init(retrieval: Retrieval, request: PrintRequest) {
        self.retrieval = retrieval
        self.request = request
    }

    /// Starts loading: `onQuestions` gets each page's share (in order), then `completion` runs once.
    public func start(onQuestions: @escaping @MainActor ([Question]) -> Void,
                      completion: @escaping @MainActor (PrintOutcome) -> Void) {
        self.onQuestions = onQuestions
        self.completion = completion
        load(page: 1)
    }

    private func load(page: Int) {
        let done: RetrievalCompletion<Page<Question>> = { [self] result in received(result, page: page) }
        if let query = request.query {
            retrieval.search.search(site: request.site, query: query, tagged: request.tagged,
                                    sort: request.searchSort ?? .relevance, page: page,
                                    pageSize: request.effectivePageSize, completion: done)
        } else {
            retrieval.questions.retrieveQuestions(site: request.site, sort: request.sort ?? .activity,
                                                  tagged: request.tagged, page: page,
                                                  pageSize: request.effectivePageSize, completion: done)
        }
    }

    private func received(_ result: Result<Page<Question>, APIError>, page: Int) {
        switch result {
        case .failure(let error):
            finish(.failed(error, printed: delivered))
        case .success(let loaded):
            let fresh = loaded.items.filter { seenIDs.insert($0.questionID).inserted }
            let share = Array(fresh.prefix(request.limit - delivered))
            delivered += share.count
            if !share.isEmpty { onQuestions?(share) }
            if fresh.isEmpty, loaded.hasMore, delivered > 0 {
                finish(.repeated(count: delivered, page: page))
            } else if delivered < request.limit, loaded.hasMore, !fresh.isEmpty {
                load(page: page + 1)
            } else {
                finish(.finished(count: delivered))
            }
        }
    }

    private func finish(_ outcome: PrintOutcome) {
        let completion = self.completion
        self.completion = nil
        onQuestions = nil
        completion?(outcome)
    }
}
