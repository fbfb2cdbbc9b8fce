import Foundation
import NIOConcurrencyHelpers
import StackAPI
import StackRetrieval

/// A `Transport` answering from a table instead of the network, for tests of the operations' own logic.
final class StubTransport: Transport {
    /// What the stub does with a request.
    enum Reply: Sendable {
        /// Answers at once (from a background thread) with this status and JSON body.
        case json(status: Int, String)
        /// Fails at once with this transport error.
        case failure(TransportError)
        /// Never answers until cancelled; then reports `.cancelled`.
        case hang
    }

    private let reply: @Sendable (WireRequest) -> Reply
    private let log = NIOLockedValueBox((sent: [String](), cancelled: [String]()))

    init(reply: @escaping @Sendable (WireRequest) -> Reply) {
        self.reply = reply
    }

    /// URLs sent, in order.
    var sent: [String] { log.withLockedValue { $0.sent } }
    /// URLs whose task was cancelled, in order.
    var cancelled: [String] { log.withLockedValue { $0.cancelled } }

    func send(
        _ request: WireRequest, completion: @escaping @Sendable (Result<HTTPReply, TransportError>) -> Void
    ) -> TransportTask {
        let url = request.url
        log.withLockedValue { $0.sent.append(url.absoluteString) }
        let task = StubTask { [self] in
            log.withLockedValue { $0.cancelled.append(url.absoluteString) }
            completion(.failure(.cancelled))
        }
        switch reply(request) {
        case .json(let status, let body):
            DispatchQueue.global().async { completion(.success(HTTPReply(status: status, body: Data(body.utf8)))) }
        case .failure(let error):
            DispatchQueue.global().async { completion(.failure(error)) }
        case .hang:
            break
        }
        return task
    }
}

/// A stub task that runs its cancel action once.
private final class StubTask: TransportTask {
    private let onCancel: NIOLockedValueBox<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = NIOLockedValueBox(onCancel)
    }

    func cancel() {
        let action = onCancel.withLockedValue { onCancel in
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }
}

/// Small API response bodies for stub replies.
enum StubBody {
    static func questions(_ ids: [Int], hasMore: Bool = false, backoff: Int? = nil, acceptedAnswerID: Int? = nil) -> String {
        let items = ids.map { id in
            let accepted = acceptedAnswerID.map { ",\"accepted_answer_id\":\($0)" } ?? ""
            return "{\"question_id\":\(id),\"title\":\"Q &amp; \(id)\",\"creation_date\":1600000000,\"body\":\"<p>b</p>\"\(accepted)}"
        }
        return wrapper(items, hasMore: hasMore, backoff: backoff)
    }

    static func answers(_ answers: [(id: Int, score: Int, accepted: Bool)], questionID: Int) -> String {
        let items = answers.map {
            "{\"answer_id\":\($0.id),\"question_id\":\(questionID),\"score\":\($0.score),"
                + "\"is_accepted\":\($0.accepted),\"creation_date\":1600000000,\"body\":\"<p>a</p>\"}"
        }
        return wrapper(items, hasMore: false, backoff: nil)
    }

    /// Comments `(id, postID)`, each created `id` seconds after a fixed date.
    static func comments(_ comments: [(id: Int, postID: Int)], hasMore: Bool = false) -> String {
        let items = comments.map {
            "{\"comment_id\":\($0.id),\"post_id\":\($0.postID),\"creation_date\":\(1_600_000_000 + $0.id),\"body\":\"c\"}"
        }
        return wrapper(items, hasMore: hasMore, backoff: nil)
    }

    static func throttle(seconds: Int) -> String {
        "{\"error_id\":502,\"error_name\":\"throttle_violation\","
            + "\"error_message\":\"too many requests from this IP, more requests available in \(seconds) seconds\"}"
    }

    private static func wrapper(_ items: [String], hasMore: Bool, backoff: Int?) -> String {
        let backoffField = backoff.map { ",\"backoff\":\($0)" } ?? ""
        return "{\"items\":[\(items.joined(separator: ","))],\"has_more\":\(hasMore),"
            + "\"quota_max\":300,\"quota_remaining\":250\(backoffField)}"
    }
}
