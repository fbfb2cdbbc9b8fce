import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// Opens a question: fetches the question with its body and its answers with bodies **in parallel**
/// and delivers one `QuestionThread`.
///
/// Answers: the first page of up to 100, sorted by votes (a question with more shows `hasMoreAnswers`).
/// When one request fails the other is cancelled and the failure is delivered; cancelling this operation
/// cancels both. The two requests run inside this operation's queue slot (started directly, not queued),
/// so a full queue of thread loads cannot wait on itself.
///
/// A question whose body a fresh list page already carried (`knownQuestion`) is not requested again, only its
/// answers.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
public final class QuestionThreadOperation: ParentOperation<QuestionThread>, @unchecked Sendable {
    public let questionID: Int

    private let site: String
    private let questionRequest: APIRequest
    private let answersRequest: APIRequest
    private let environment: RequestEnvironment
    private let knownQuestion: Question?
    private let parts = NIOLockedValueBox(Parts())

    /// The two halves of the thread, as they arrive.
    private struct Parts {
        var questionPage: Page<Question>?
        var answersPage: Page<Answer>?
    }

    /// Creates the load of question `questionID` on `site` and its first 100 answers by votes, all with bodies;
    /// with `knownQuestion` (its body included) only the answers are requested.
    public init(
        questionID: Int, site: String, knownQuestion: Question? = nil,
        environment: RequestEnvironment, delivery: ResultDelivery<QuestionThread>
    ) {
        self.questionID = questionID
        self.site = site
        questionRequest = .questionsByID([questionID], site: site, withBody: true)
        answersRequest = .answersOfQuestions(
            [questionID], site: site, sort: .votes, order: .desc, page: 1,
            pageSize: APIRequest.maximumPageSize, withBody: true)
        self.environment = environment
        self.knownQuestion = knownQuestion?.body == nil ? nil : knownQuestion
        super.init(delivery: delivery)
    }

    /// Starts both requests at once (only the answers when the question's body is already known).
    public override func execute() {
        let question = knownQuestion == nil ? APIRequestOperation<Question>(
            request: questionRequest, environment: environment,
            delivery: .direct { [self] result in
                arrived(result) { parts, page in parts.questionPage = page }
            }) : nil
        let answers = APIRequestOperation<Answer>(
            request: answersRequest, environment: environment,
            delivery: .direct { [self] result in
                arrived(result) { parts, page in parts.answersPage = page }
            })
        if let knownQuestion {
            parts.withLockedValue { $0.questionPage = Page(items: [knownQuestion], hasMore: false, page: 1) }
        }
        startChildren([question as Operation?, answers].compactMap { $0 })
    }

    /// Stores one part with `store` (or fails the whole load) and delivers once both parts are in.
    private func arrived<Item>(
        _ result: Result<Page<Item>, APIError>, store: (inout Parts, Page<Item>) -> Void
    ) {
        switch result {
        case .failure(let error):
            for child in stopChildren() { child.cancel() }
            complete(with: .failure(error))
        case .success(let page):
            let both: (Page<Question>, Page<Answer>)? = parts.withLockedValue { parts in
                store(&parts, page)
                guard let questionPage = parts.questionPage, let answersPage = parts.answersPage else { return nil }
                return (questionPage, answersPage)
            }
            guard let (questionPage, answersPage) = both else { return }
            stopChildren()
            complete(with: thread(from: questionPage, answersPage))
        }
    }

    private func thread(from questionPage: Page<Question>, _ answersPage: Page<Answer>) -> Result<QuestionThread, APIError> {
        guard let question = questionPage.items.first(where: { $0.questionID == questionID }) else {
            return .failure(.api(id: 404, name: "not_found",
                                 message: "Question \(questionID) does not exist on \(site) (or was deleted)."))
        }
        let quotas = [questionPage.quotaRemaining, answersPage.quotaRemaining].compactMap { $0 }
        return .success(QuestionThread(
            question: question, answers: answersPage.items,
            hasMoreAnswers: answersPage.hasMore, quotaRemaining: quotas.min()))
    }
}
