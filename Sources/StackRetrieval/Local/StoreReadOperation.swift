import Foundation
import StackAPI

/// One read of the local store as an operation: runs `work` on its queue and delivers its result like a request's.
/// `@unchecked Sendable` as every `Operation` must restate; it adds only an immutable closure.
final class StoreReadOperation<Value: Sendable>: ResultOperation<Value>, @unchecked Sendable {
    private let work: @Sendable () -> Result<Value, APIError>

    init(delivery: ResultDelivery<Value>, work: @escaping @Sendable () -> Result<Value, APIError>) {
        self.work = work
        super.init(delivery: delivery)
    }

    override func execute() {
        guard !isCancelled else { return complete(with: .failure(.cancelled)) }
        complete(with: work())
    }
}
