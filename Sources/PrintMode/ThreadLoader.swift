import StackAPI
import StackRetrieval

/// Loads the thread a `ThreadRequest` names through the browser's `Loader` (the store or the network, as there):
/// an answer's question first when the link named only the answer, the first search result with answers for a
/// search, then the thread itself.
@MainActor
public final class ThreadLoader {
    /// What was loaded: the thread and the answer the request pointed at, if any.
    public struct Loaded: Equatable, Sendable {
        /// The question and its answers in reading order.
        public var thread: QuestionThread
        /// The answer the link named (nil for a plain question id or a search).
        public var answerID: Int?

        public init(thread: QuestionThread, answerID: Int?) {
            self.thread = thread
            self.answerID = answerID
        }
    }

    /// Why nothing could be printed.
    public enum Failure: Error, Equatable, Sendable {
        case api(APIError)
        /// Nothing matched: the message says what.
        case notFound(String)
    }

    private let loader: Loader
    private let request: ThreadRequest
    private let mode: LoadMode
    /// Whether some part came from the store because the network could not answer (or `--offline`).
    public private(set) var answeredByStore = false
    /// What the search's page says when the store cut it (`Page.orderedAmongNewestNotice`): the thread is the first
    /// answered question among the newest matches only. Nil otherwise.
    public private(set) var cutNotice: String?

    public init(loader: Loader, request: ThreadRequest, mode: LoadMode = .preferFresh) {
        self.loader = loader
        self.request = request
        self.mode = mode
    }

    /// Starts loading; `completion` runs once on the main queue.
    public func start(completion: @escaping @MainActor @Sendable (Result<Loaded, Failure>) -> Void) {
        let site = request.site
        switch request.source {
        case .question(let id, let answerID):
            loadThread(questionID: id, answerID: answerID, completion: completion)
        case .answer(let id):
            loader.questionID(ofAnswer: id, site: site, mode: mode) { [self] result in
                switch result {
                case .failure(.api(id: 404, name: "no_such_answer", _)): completion(.failure(.notFound("no answer \(id) on \(site)")))
                case .failure(let error): completion(.failure(.api(error)))
                case .success(let questionID):
                    note(questionID)
                    loadThread(questionID: questionID.value, answerID: id, completion: completion)
                }
            }
        case .search(let query, let tagged):
            let search = QuestionListQuery(site: site, search: query, searchSort: .relevance, tagged: tagged, pageSize: 30)
            loader.questions(search, page: 1, mode: mode) { [self] result in
                switch result {
                case .failure(let error): completion(.failure(.api(error)))
                case .success(let loaded):
                    note(loaded)
                    let page = loaded.value
                    cutNotice = page.orderedAmongNewestNotice
                    guard let question = page.items.first(where: { ($0.answerCount ?? 0) > 0 }) else {
                        let what = page.items.isEmpty ? "no questions matched" : (page.items.count == 1 ? "the only result has no answer" : "no question among the first \(page.items.count) results has an answer")
                        return completion(.failure(.notFound(what)))
                    }
                    loadThread(questionID: question.questionID, answerID: nil, completion: completion)
                }
            }
        }
    }

    private func loadThread(questionID: Int, answerID: Int?,
                            completion: @escaping @MainActor @Sendable (Result<Loaded, Failure>) -> Void) {
        loader.thread(questionID: questionID, site: request.site, mode: mode) { [self] result in
            if case .success(let loaded) = result { note(loaded) }
            completion(result.map { Loaded(thread: $0.value, answerID: answerID) }.mapError { .api($0) })
        }
    }

    private func note<Value>(_ loaded: StackRetrieval.Loaded<Value>) {
        if loaded.origin == .storeOffline { answeredByStore = true }
    }
}
