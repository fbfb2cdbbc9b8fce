import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// A `ConcurrentOperation` that produces one `Result<Value, APIError>`.
///
/// The result is delivered at most once and never after `cancel()`: a cancelled operation drops it,
/// and a `.mainQueue` delivery checks the cancelled flag again on main right before calling the completion,
/// because cancelling cannot recall a block already queued there. Cancel from the main queue (as the UI does)
/// and the completion is guaranteed not to run afterwards.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
open class ResultOperation<Value: Sendable>: ConcurrentOperation, @unchecked Sendable {
    /// How the result is handed over; nil once delivered or dropped.
    private let delivery: NIOLockedValueBox<ResultDelivery<Value>?>

    public init(delivery: ResultDelivery<Value>) {
        self.delivery = NIOLockedValueBox(delivery)
        super.init()
    }

    /// Finishes the operation and hands over the result (unless cancelled or already delivered).
    /// The operation is finished by the time the completion runs.
    public final func complete(with result: Result<Value, APIError>) {
        let pending = delivery.withLockedValue { delivery in
            defer { delivery = nil }
            return delivery
        }
        finish()
        if let pending, !isCancelled {
            deliver(result, through: pending)
        }
    }

    /// Drops the completion so nothing it captured outlives the cancelled operation.
    open override func didCancel() {
        delivery.withLockedValue { $0 = nil }
        super.didCancel()
    }

    private func deliver(_ result: Result<Value, APIError>, through delivery: ResultDelivery<Value>) {
        switch delivery {
        case .direct(let handler):
            handler(result)
        case .mainQueue(let completion):
            DispatchQueue.main.async { @MainActor @Sendable [self] in
                guard !self.isCancelled else { return }
                completion(result)
            }
        }
    }
}
