import StackAPI
import StackRetrieval

/// Loads the questions of a `PrintRequest` page by page through the browser's `Loader` (fresh in the store, else
/// the network, else the store; only the store in `.storeOnly`), up to its limit: the next page is asked for only
/// while more are needed and the API (or the store) says it has them.
///
/// No question is handed over twice (pages overlap when questions move between requests), and a page that
/// brings no question not already seen ends the run whatever `has_more` says: the server is repeating itself.
@MainActor
public final class QuestionCollector {
    private let loader: Loader
    private let request: PrintRequest
    private let mode: LoadMode
    private var delivered = 0
    /// Whether some page came from the store because the network could not answer (or `--offline`).
    public private(set) var answeredByStore = false
    /// What the first page the store's search cut says of it (`Page.orderedAmongNewestNotice`), for stderr; nil when
    /// no page was cut.
    public private(set) var cutNotice: String?
    private var seenIDs: Set<Int> = []
    private var onQuestions: (@MainActor ([Question]) -> Void)?
    private var completion: (@MainActor (PrintOutcome) -> Void)?

    public init(loader: Loader, request: PrintRequest, mode: LoadMode = .preferFresh) {
        self.loader = loader
        self.request = request
        self.mode = mode
    }

    /// Starts loading: `onQuestions` gets each page's share (in order), then `completion` runs once.
    public func start(onQuestions: @escaping @MainActor ([Question]) -> Void,
                      completion: @escaping @MainActor (PrintOutcome) -> Void) {
        self.onQuestions = onQuestions
        self.completion = completion
        load(page: 1)
    }

    private func load(page: Int) {
        let query = QuestionListQuery(site: request.site, sort: request.sort ?? .activity, search: request.query,
                                      searchSort: request.searchSort ?? .relevance, tagged: request.tagged,
                                      pageSize: request.effectivePageSize)
        loader.questions(query, page: page, mode: mode) { [self] result in
            if case .success(let loaded) = result, loaded.origin == .storeOffline { answeredByStore = true }
            received(result.map(\.value), page: page)
        }
    }

    private func received(_ result: Result<Page<Question>, APIError>, page: Int) {
        switch result {
        case .failure(let error):
            finish(.failed(error, printed: delivered))
        case .success(let loaded):
            cutNotice = cutNotice ?? loaded.orderedAmongNewestNotice
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
