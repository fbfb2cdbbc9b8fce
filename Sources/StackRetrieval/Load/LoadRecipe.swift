import Foundation
import StackAPI
import StackStore

/// The parts one kind of load is made of, which `LoadOperation` puts together in the same order for every kind:
/// the store's fresh copy, its older copy to paint meanwhile, the request, what is kept of its answer, and the
/// store's answer when offline.
///
/// Each part is optional: a load without `fresh` always asks the network (or the store offline); one without
/// `stored` fails offline with the network's error (or, under `--offline`, says it needs the network). Only this
/// module makes recipes (the memberwise initializer, every part but `what` and `request` optional).
public struct LoadRecipe<Value: Sendable>: Sendable {
    /// Builds the child operation that asks the network; it hands its result to the closure on any thread.
    public typealias Request = @Sendable (RequestEnvironment, @escaping @Sendable (Result<Value, APIError>) -> Void) -> Operation

    /// What the load is, for messages ("the site list", "question 12").
    public var what: String
    /// The store's copy when the network sent it less than `LocalDataManager.freshFor` ago; nil: not fresh.
    public var fresh: (@Sendable (LocalDataManager) throws -> Value?)? = nil
    /// The store's older copy and when it was fetched, painted while the network is asked (`.preferFresh` only).
    public var stale: (@Sendable (LocalDataManager) throws -> (value: Value, fetchedAt: Date)?)? = nil
    /// The request; nil when only the store can answer.
    public var request: Request?
    /// Keeps the network's answer in the store (queued, never waited for).
    public var keep: (@Sendable (LocalDataManager, Value) -> Void)? = nil
    /// The store's answer offline; it throws an `APIError` saying why it has none (any other error is the store
    /// failing).
    public var stored: (@Sendable (LocalDataManager) throws -> Value)? = nil
}
