import Foundation
import StackAPI

/// Where and how an operation hands over its result.
public enum ResultDelivery<Value: Sendable>: Sendable {
    /// On the main queue; skipped when the operation was cancelled before the block ran.
    case mainQueue(@MainActor @Sendable (Result<Value, APIError>) -> Void)
    /// On whatever thread finished the work; for composites that combine results off main.
    case direct(@Sendable (Result<Value, APIError>) -> Void)
}
