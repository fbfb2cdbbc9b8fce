import Foundation
import StackAPI
import StackStore

/// One read of the local store as an operation: runs `read` on its queue and delivers its value like a request's;
/// cancelling it stops the read in SQLite (`StoreInterrupt`).
/// `@unchecked Sendable` as every `Operation` must restate; it adds only immutable properties.
final class StoreReadOperation<Value: Sendable>: ResultOperation<Value>, @unchecked Sendable {
    private let read: @Sendable () throws -> Value
    private let interrupt = StoreInterrupt()

    init(delivery: ResultDelivery<Value>, read: @escaping @Sendable () throws -> Value) {
        self.read = read
        super.init(delivery: delivery)
    }

    override func execute() {
        guard !isCancelled else { return complete(with: .failure(.cancelled)) }
        complete(with: Result { try interrupt.run(read) }.mapError(APIError.init(storeFailure:)))
    }

    override func didCancel() {
        interrupt.cancel()
        super.didCancel()
    }
}
