import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// Owns the operation queues (user-initiated and background/prefetch) and the per-method backoff gate.
public final class QueueManager: Sendable {
    /// The gate every request waits at before it leaves.
    public let gate: BackoffGate

    private let userInitiatedQueue: OperationQueue
    private let backgroundQueue: OperationQueue
    /// Every operation added that is still alive: a finished one whose result is still queued on main is kept
    /// alive by that block, and `cancelAll()` must reach it too (the queues have already let it go).
    private let added = NIOLockedValueBox<[WeakOperation]>([])

    /// Creates the queues: `userInitiatedWidth` concurrent loads at `.userInitiated`,
    /// `backgroundWidth` at `.utility`.
    public init(userInitiatedWidth: Int = 4, backgroundWidth: Int = 2, gate: BackoffGate = BackoffGate()) {
        self.gate = gate
        userInitiatedQueue = Self.makeQueue(
            name: "stackterm.user-initiated", width: userInitiatedWidth, quality: .userInitiated)
        backgroundQueue = Self.makeQueue(name: "stackterm.background", width: backgroundWidth, quality: .utility)
    }

    /// Runs `operation` on the queue for `priority`.
    public func add(_ operation: Operation, priority: LoadPriority) {
        added.withLockedValue { added in
            added.removeAll { $0.operation == nil }
            added.append(WeakOperation(operation: operation))
        }
        queue(for: priority).addOperation(operation)
    }

    /// Cancels every operation in both queues, and every finished one whose result has not reached main yet
    /// (a cache answers within microseconds), and ends every wait at the gate. Nothing cancelled delivers
    /// (when called on the main queue, as the UI does).
    ///
    /// The queues are suspended meanwhile: otherwise each finishing operation frees a slot and the queue starts
    /// a queued one that was not cancelled yet, whose request leaves before it is cancelled in turn.
    public func cancelAll() {
        let queues = [userInitiatedQueue, backgroundQueue]
        for queue in queues { queue.isSuspended = true }
        for queue in queues { queue.cancelAllOperations() }
        let alive = added.withLockedValue { added in
            defer { added.removeAll() }
            return added.compactMap(\.operation)
        }
        for operation in alive { operation.cancel() }
        gate.cancelAll()
        for queue in queues { queue.isSuspended = false }
    }

    /// Operations not yet finished, in both queues.
    public var operationCount: Int {
        userInitiatedQueue.operationCount + backgroundQueue.operationCount
    }

    /// Operations not yet finished in the queue for `priority`.
    public func operationCount(for priority: LoadPriority) -> Int {
        queue(for: priority).operationCount
    }

    private func queue(for priority: LoadPriority) -> OperationQueue {
        switch priority {
        case .userInitiated: userInitiatedQueue
        case .prefetch: backgroundQueue
        }
    }

    private static func makeQueue(name: String, width: Int, quality: QualityOfService) -> OperationQueue {
        let queue = OperationQueue()
        queue.name = name
        queue.maxConcurrentOperationCount = max(1, width)
        queue.qualityOfService = quality
        return queue
    }
}

/// A reference to an operation that does not keep it alive.
private struct WeakOperation {
    weak var operation: Operation?
}
