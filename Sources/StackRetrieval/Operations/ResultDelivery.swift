import Foundation
import StackAPI

/// Where and how an operation hands over its result.
public enum ResultDelivery<Value: Sendable>: Sendable {
    /// On the main queue; skipped when the operation was cancelled before the block ran.
    case mainQueue(@MainActor @Sendable (Result<Value, APIError>) -> Void)
    /// On whatever thread finished the work; for composites that combine results off main.
    case direct(@Sendable (Result<Value, APIError>) -> Void)
}

extension ResultDelivery {
    /// The same delivery of another operation's result, turned into this one by `transform` first.
    func mapped<Other: Sendable>(_ transform: @escaping @Sendable (Result<Other, APIError>) -> Result<Value, APIError>)
        -> ResultDelivery<Other> {
        switch self {
        case .mainQueue(let completion): .mainQueue { completion(transform($0)) }
        case .direct(let handler): .direct { handler(transform($0)) }
        }
    }
}
