import Foundation
import StackAPI

/// Where a load may look for its answer; the composite `LoadOperation` turns it into the one policy of every load.
public enum LoadMode: Sendable, Hashable {
    /// What the store holds fresh (sent by the network less than `LocalDataManager.freshFor` ago) answers; else the
    /// network (what it sends is kept); when the network cannot be reached, the store, marked offline.
    case preferFresh
    /// The network first whatever the store holds (`r`); when it cannot be reached, the store, marked offline.
    case reload
    /// `--offline`: only the store; no request leaves.
    case storeOnly

    /// `.reload` when `reload`, else `.preferFresh` — or `.storeOnly` whatever was asked when `offline`.
    public static func choose(reload: Bool, offline: Bool) -> LoadMode {
        offline ? .storeOnly : (reload ? .reload : .preferFresh)
    }
}

/// Where a delivered value came from.
public enum LoadOrigin: Sendable, Hashable {
    /// The network sent it for this load.
    case network
    /// The store held it fresh, so no request was made.
    case freshInStore
    /// The store's older copy, painted while the network is asked (a preview, never the load's result).
    case staleInStore
    /// The store answered because the network could not (unreachable, timed out) or must not (`--offline`).
    case storeOffline
}

/// A load's value and where it came from.
public struct Loaded<Value: Sendable>: Sendable {
    public var value: Value
    public var origin: LoadOrigin
    /// When the network sent the store's copy (`.staleInStore` only).
    public var fetchedAt: Date?

    public init(_ value: Value, from origin: LoadOrigin, fetchedAt: Date? = nil) {
        self.value = value
        self.origin = origin
        self.fetchedAt = fetchedAt
    }
}

extension Loaded: Equatable where Value: Equatable {}
