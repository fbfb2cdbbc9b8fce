import Foundation
import NIOConcurrencyHelpers
import StackAPI
import StackRetrieval

/// Records every result an operation delivers, asserting each arrives on the main queue.
final class Deliveries<Value: Sendable>: Sendable {
    private let recorded = NIOLockedValueBox<[Result<Value, APIError>]>([])

    var results: [Result<Value, APIError>] { recorded.withLockedValue { $0 } }
    var count: Int { results.count }
    var last: Result<Value, APIError>? { results.last }

    /// The error of the last result, nil when there is none or it succeeded.
    var lastError: APIError? {
        guard case .failure(let error) = last else { return nil }
        return error
    }

    /// A completion that records into this box.
    var completion: @MainActor @Sendable (Result<Value, APIError>) -> Void {
        { [self] result in
            dispatchPrecondition(condition: .onQueue(.main))
            recorded.withLockedValue { $0.append(result) }
        }
    }

    /// The same completion as a `ResultDelivery`.
    var onMain: ResultDelivery<Value> { .mainQueue(completion) }
}
