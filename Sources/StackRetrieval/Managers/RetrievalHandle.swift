import Foundation
import StackAPI

/// The completion every data manager takes: called once on the main queue, unless the load was cancelled.
public typealias RetrievalCompletion<Value: Sendable> = @MainActor @Sendable (Result<Value, APIError>) -> Void

/// A load in progress, as the app sees it: it can only be cancelled or asked about.
public final class RetrievalHandle: Sendable {
    private let operation: Operation

    init(operation: Operation) {
        self.operation = operation
    }

    /// Cancels the load: its completion will not run (cancel on the main queue for this guarantee).
    public func cancel() {
        operation.cancel()
    }

    /// Whether `cancel()` was called (here or by `Retrieval.cancelAll()`).
    public var isCancelled: Bool {
        operation.isCancelled
    }

    /// Whether the load has ended: delivered, failed, or cancelled.
    public var isFinished: Bool {
        operation.isFinished
    }
}
