import Foundation
import StackAPI
import StackRetrieval

/// A `ResultOperation` whose work is done by the test: it counts `execute()` and `didCancel()` calls.
final class ProbeOperation: ResultOperation<Int>, @unchecked Sendable {
    private let lock = NSLock()
    private var executions = 0
    private var cancellations = 0
    private let completesAt: Int?

    /// With a `value`, `execute()` delivers it soon after from a background thread; without, the test completes it.
    init(completingWith value: Int? = nil, delivery: ResultDelivery<Int>) {
        completesAt = value
        super.init(delivery: delivery)
    }

    var executeCount: Int { lock.withLock { executions } }
    var didCancelCount: Int { lock.withLock { cancellations } }

    override func execute() {
        lock.withLock { executions += 1 }
        if let completesAt {
            DispatchQueue.global().async { self.complete(with: .success(completesAt)) }
        }
    }

    override func didCancel() {
        lock.withLock { cancellations += 1 }
        super.didCancel()
    }
}
