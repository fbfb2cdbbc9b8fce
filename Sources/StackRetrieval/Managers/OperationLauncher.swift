import Foundation
import StackAPI

/// What the data managers share: the request environment, and putting an operation on its queue.
struct OperationLauncher: Sendable {
    let environment: RequestEnvironment
    let queues: QueueManager

    /// Queues `operation` and hands back its handle.
    func launch(_ operation: Operation, priority: LoadPriority) -> RetrievalHandle {
        queues.add(operation, priority: priority)
        return RetrievalHandle(operation: operation)
    }

    /// Launches one API request as an `APIRequestOperation` whose page reaches `completion` on the main queue.
    func load<Item: Decodable & Sendable>(
        _ request: APIRequest, as item: Item.Type, cachePolicy: CachePolicy, priority: LoadPriority,
        completion: @escaping RetrievalCompletion<Page<Item>>
    ) -> RetrievalHandle {
        let operation = APIRequestOperation<Item>(
            request: request, environment: environment, cachePolicy: cachePolicy, delivery: .mainQueue(completion))
        return launch(operation, priority: priority)
    }
}
