import StackAPI
import StackRetrieval

/// Loads the thread a `ThreadRequest` names through the data managers: an answer's question first when the
/// link named only the answer, the first search result with answers for a search, then the thread itself.
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

    private let retrieval: Retrieval
    private let request: ThreadRequest

    public init(retrieval: Retrieval, request: ThreadRequest) {
        self.retrieval = retrieval
        self.request = request
    }

    /// Starts loading; `completion` runs once on the main queue.
    public func start(completion: @escaping @MainActor @Sendable (Result<Loaded, Failure>) -> Void) {
        let site = request.site
        switch request.source {
        case .question(let id, let answerID):
            loadThread(questionID: id, answerID: answerID, completion: completion)
        case .answer(let id):
            retrieval.answers.retrieveAnswers(ids: [id], site: site) { [self] result in
                switch result {
                case .failure(let error): completion(.failure(.api(error)))
                case .success(let page):
                    guard let answer = page.items.first(where: { $0.answerID == id }) else {
                        return completion(.failure(.notFound("no answer \(id) on \(site)")))
                    }
                    loadThread(questionID: answer.questionID, answerID: id, completion: completion)
                }
            }
        case .search(let query, let tagged):
            retrieval.search.search(site: site, query: query, tagged: tagged, sort: .relevance, pageSize: 30) { [self] result in
                switch result {
                case .failure(let error): completion(.failure(.api(error)))
                case .success(let page):
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
        retrieval.questions.retrieveThread(questionID: questionID, site: request.site) { result in
            completion(result.map { Loaded(thread: $0, answerID: answerID) }.mapError { .api($0) })
        }
    }
}
