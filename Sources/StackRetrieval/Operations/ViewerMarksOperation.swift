import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// The logged-in user's marks (votes, bookmark) on a question and its answers: the question and the answers asked
/// for in parallel with a filter holding the viewer fields — made once per API root by `/filters/create` and kept
/// for the process — and the token. Delivers the marks by post id; a failure of any request is the load's.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
public final class ViewerMarksOperation: ParentOperation<[Int: PostMarks]>, @unchecked Sendable {
    private let questionID: Int
    private let answerIDs: [Int]
    private let site: String
    private let accessToken: String
    private let environment: RequestEnvironment
    private let found = NIOLockedValueBox(Found())

    private struct Found {
        var marks: [Int: PostMarks] = [:]
        var waiting = 0
        var ended = false
    }

    /// The filter made for each API root, by its URL.
    private static let filters = NIOLockedValueBox<[String: String]>([:])

    public init(questionID: Int, answerIDs: [Int], site: String, accessToken: String, environment: RequestEnvironment,
                delivery: ResultDelivery<[Int: PostMarks]>) {
        self.questionID = questionID
        self.answerIDs = answerIDs
        self.site = site
        self.accessToken = accessToken
        self.environment = environment
        super.init(delivery: delivery)
    }

    public override func execute() {
        let root = environment.factory.baseURL.absoluteString
        if let filter = Self.filters.withLockedValue({ $0[root] }) { return askPosts(filter: filter) }
        startChildren([APIRequestOperation<CreatedFilter>(
            request: .createFilter(include: APIRequest.viewerFields), environment: environment,
            delivery: .direct { [self] result in
                switch result.flatMap({ $0.items.first.map(Result.success) ?? .failure(Self.noFilter) }) {
                case .success(let made):
                    Self.filters.withLockedValue { $0[root] = made.filter }
                    askPosts(filter: made.filter)
                case .failure(let error):
                    end(.failure(error))
                }
            })])
    }

    private static let noFilter = APIError.undecodable(path: "items", reason: "/filters/create sent no filter")

    private func askPosts(filter: String) {
        guard !isCancelled else { return }
        var requests: [APIRequest] = [.viewerQuestion(questionID, site: site, filter: filter, accessToken: accessToken)]
        if !answerIDs.isEmpty { requests.append(.viewerAnswers(answerIDs, site: site, filter: filter, accessToken: accessToken)) }
        found.withLockedValue { $0.waiting = requests.count }
        startChildren(requests.map { request in
            APIRequestOperation<ViewerFields>(request: request, environment: environment, delivery: .direct { [self] result in
                arrived(result.map(\.items))
            })
        })
    }

    private func arrived(_ result: Result<[ViewerFields], APIError>) {
        guard case .success(let posts) = result else { return end(result.map { _ in [:] }) }
        let done: [Int: PostMarks]? = found.withLockedValue { found in
            for post in posts { if let id = post.postID { found.marks[id] = post.marks } }
            found.waiting -= 1
            return found.waiting == 0 ? found.marks : nil
        }
        if let done { end(.success(done)) }
    }

    /// Completes once: the first failure, or the marks when every request answered.
    private func end(_ result: Result<[Int: PostMarks], APIError>) {
        let first = found.withLockedValue { found in
            defer { found.ended = true }
            return !found.ended
        }
        guard first else { return }
        if case .failure = result { for child in stopChildren() { child.cancel() } }
        complete(with: result)
    }
}
