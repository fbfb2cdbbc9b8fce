import Foundation
import StackAPI
import StackStore

/// The data manager the app loads through: every list, search, thread, comments, feed, site list and link lookup,
/// each a `LoadOperation` whose recipe says how the store and the network answer it (the policy is the
/// operation's, the same for all). Results reach the main queue once, as `Loaded` values naming their origin.
public struct Loader: Sendable {
    let environment: RequestEnvironment
    let queues: QueueManager
    /// The local store; nil when it could not be opened (then every load asks the network).
    public let local: LocalDataManager?

    /// Queues the load of `recipe` in `mode`; `completion` runs once on the main queue unless cancelled (`preview`,
    /// when the recipe has an older copy to paint, before it).
    @discardableResult
    public func load<Value: Sendable>(
        _ recipe: LoadRecipe<Value>, mode: LoadMode, priority: LoadPriority = .userInitiated,
        preview: (@MainActor @Sendable (Loaded<Value>) -> Void)? = nil,
        completion: @escaping RetrievalCompletion<Loaded<Value>>
    ) -> RetrievalHandle {
        let operation = LoadOperation(recipe, mode: mode, local: local, environment: environment,
                                      preview: preview, delivery: .mainQueue(completion))
        queues.add(operation, priority: priority)
        return RetrievalHandle(operation: operation)
    }

    /// One API request whose page (or `transform` of it) is handed to `done` on whatever thread it arrives.
    static func request<Item: Decodable & Sendable, Value: Sendable>(
        _ request: APIRequest, _ item: Item.Type,
        _ transform: @escaping @Sendable (Page<Item>) -> Result<Value, APIError>
    ) -> LoadRecipe<Value>.Request {
        { environment, done in
            APIRequestOperation<Item>(request: request, environment: environment, delivery: .direct { done($0.flatMap(transform)) })
        }
    }
}
