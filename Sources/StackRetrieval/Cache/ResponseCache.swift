import Foundation

/// An in-memory cache of decoded responses: entries live `timeToLive` seconds, and the total cost
/// (roughly, items held) stays within `capacity` by dropping the least recently used entries.
///
/// Thread-safe. Time comes from an injectable monotonic clock, so expiry can be tested without sleeping.
public final class ResponseCache: @unchecked Sendable {
    /// Five minutes: long enough to reopen a question or go back to a list, short enough to see new activity.
    public static let defaultTimeToLive: TimeInterval = 300
    /// About thirty pages of 100 items: a few megabytes even with bodies.
    public static let defaultCapacity = 3_000

    private struct Entry {
        let value: any Sendable
        let cost: Int
        let storedAt: TimeInterval
        var lastUse: UInt64
    }

    /// Seconds an entry stays usable after it was stored.
    public let timeToLive: TimeInterval
    /// The largest total cost held; a value costing more than this is not stored.
    public let capacity: Int

    private let clock: GateClock
    private let lock = NSLock()
    private var entries: [ResponseCacheKey: Entry] = [:]
    private var heldCost = 0
    private var useCounter: UInt64 = 0

    /// Creates an empty cache.
    public init(capacity: Int = defaultCapacity, timeToLive: TimeInterval = defaultTimeToLive, clock: GateClock = MonotonicClock()) {
        self.capacity = max(0, capacity)
        self.timeToLive = max(0, timeToLive)
        self.clock = clock
    }

    /// The value stored under `key` if it is of type `Value` and has not expired; marks it recently used.
    public func value<Value: Sendable>(_ type: Value.Type, for key: ResponseCacheKey) -> Value? {
        let now = clock.now
        return lock.withLock {
            guard let entry = entries[key] else { return nil }
            guard now - entry.storedAt < timeToLive else {
                removeEntry(for: key)
                return nil
            }
            useCounter += 1
            entries[key]?.lastUse = useCounter
            return entry.value as? Value
        }
    }

    /// Stores `value` under `key` (replacing what was there), then drops expired and least recently used
    /// entries until the total cost fits. `cost` is at least 1.
    public func store<Value: Sendable>(_ value: Value, for key: ResponseCacheKey, cost: Int = 1) {
        let cost = max(1, cost)
        let now = clock.now
        lock.withLock {
            removeEntry(for: key)
            guard cost <= capacity else { return }
            useCounter += 1
            entries[key] = Entry(value: value, cost: cost, storedAt: now, lastUse: useCounter)
            heldCost += cost
            if heldCost > capacity { shrink(now: now) }
        }
    }

    /// Forgets the value under `key`.
    public func removeValue(for key: ResponseCacheKey) {
        lock.withLock { removeEntry(for: key) }
    }

    /// Forgets everything.
    public func removeAll() {
        lock.withLock {
            entries.removeAll()
            heldCost = 0
        }
    }

    /// Entries held (expired ones included until they are looked up or pushed out).
    public var count: Int {
        lock.withLock { entries.count }
    }

    /// The total cost of the entries held.
    public var totalCost: Int {
        lock.withLock { heldCost }
    }

    /// Whether `key` holds an unexpired value (does not mark it used).
    public func contains(_ key: ResponseCacheKey) -> Bool {
        let now = clock.now
        return lock.withLock { entries[key].map { now - $0.storedAt < timeToLive } ?? false }
    }

    /// Call with the lock held.
    private func removeEntry(for key: ResponseCacheKey) {
        if let old = entries.removeValue(forKey: key) { heldCost -= old.cost }
    }

    /// Drops expired entries, then the least recently used, until the cost fits. Call with the lock held.
    private func shrink(now: TimeInterval) {
        for (key, entry) in entries where now - entry.storedAt >= timeToLive {
            removeEntry(for: key)
        }
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
        for key in oldestFirst where heldCost > capacity {
            removeEntry(for: key)
        }
    }
}
