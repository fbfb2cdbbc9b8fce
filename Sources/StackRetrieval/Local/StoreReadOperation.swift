import Foundation
import StackAPI
import StackStore

/// One read of the local store as an operation: runs `work` on its queue and delivers its result like a request's;
/// cancelling it stops the read in SQLite (`StoreInterrupt`).
/// `@unchecked Sendable` as every `Operation` must restate; it adds only immutable properties.
final class StoreReadOperation<Value: Sendable>: ResultOperation<Value>, @unchecked Sendable {
    private let work: @Sendable () -> Result<Value, APIError>
    private let interrupt = StoreInterrupt()

    init(delivery: ResultDelivery<Value>, work: @escaping @Sendable () -> Result<Value, APIError>) {
        self.work = work
        super.init(delivery: delivery)
    }

    override func execute() {
        guard !isCancelled else { return complete(with: .failure(.cancelled)) }
        complete(with: interrupt.run(work))
    }

    override func didCancel() {
        interrupt.cancel()
        super.didCancel()
    }
}
