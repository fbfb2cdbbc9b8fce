/// Whether a load may be answered from what was already received.
public enum CachePolicy: Sendable, Hashable, CaseIterable {
    /// Answer from the in-memory cache when it holds a fresh copy (no request); otherwise send the request.
    case useCache
    /// Always send the request (the user asked to reload); the answer replaces what the cache held.
    case reload
}
