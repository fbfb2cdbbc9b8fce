import Foundation
import NIOConcurrencyHelpers
import StackAPI
import StackRetrieval

/// A `ResultOperation` whose work is done by the test: it counts `execute()` and `didCancel()` calls.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
final class ProbeOperation: ResultOperation<Int>, @unchecked Sendable {
    private let counts = NIOLockedValueBox((executions: 0, cancellations: 0))
    private let completesAt: Int?

    /// With a `value`, `execute()` delivers it soon after from a background thread; without, the test completes it.
    init(completingWith value: Int? = nil, delivery: ResultDelivery<Int>) {
        completesAt = value
        super.init(delivery: delivery)
    }

    var executeCount: Int { counts.withLockedValue { $0.executions } }
    var didCancelCount: Int { counts.withLockedValue { $0.cancellations } }

    override func execute() {
        counts.withLockedValue { $0.executions += 1 }
        if let completesAt {
            DispatchQueue.global().async { self.complete(with: .success(completesAt)) }
        }
    }

    override func didCancel() {
        counts.withLockedValue { $0.cancellations += 1 }
        super.didCancel()
    }
}
