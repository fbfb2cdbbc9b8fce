import Foundation

/// What the data managers share: the request environment, and putting an operation on its queue.
struct OperationLauncher: Sendable {
    let environment: RequestEnvironment
    let queues: QueueManager

    /// Cancels `previous` (a superseded load never delivers), queues `operation` and hands back its handle.
    func launch(_ operation: Operation, priority: RetrievalPriority, replacing previous: RetrievalHandle?) -> RetrievalHandle {
        previous?.cancel()
        queues.add(operation, priority: priority)
        return RetrievalHandle(operation: operation)
    }
}
