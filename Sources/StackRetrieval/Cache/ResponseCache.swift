import Foundation
import NIOConcurrencyHelpers

/// An in-memory cache of decoded responses: entries live `timeToLive` seconds, and the total cost
/// (roughly, items held) stays within `capacity` by dropping the least recently used entries.
///
/// Thread-safe. Time comes from an injectable monotonic clock, so expiry can be tested without sleeping.
public final class ResponseCache: Sendable {
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
    private let storage = NIOLockedValueBox(Storage())

    /// The entries and their bookkeeping, behind the lock.
    private struct Storage {
        var entries: [ResponseCacheKey: Entry] = [:]
        var heldCost = 0
        var useCounter: UInt64 = 0

        mutating func removeEntry(for key: ResponseCacheKey) {
            if let old = entries.removeValue(forKey: key) { heldCost -= old.cost }
        }

        /// Drops expired entries, then the least recently used, until the cost fits `capacity`.
        mutating func shrink(now: TimeInterval, timeToLive: TimeInterval, capacity: Int) {
            for (key, entry) in entries where now - entry.storedAt >= timeToLive {
                removeEntry(for: key)
            }
            let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
            for key in oldestFirst where heldCost > capacity {
                removeEntry(for: key)
            }
        }
    }

    public init(capacity: Int = defaultCapacity, timeToLive: TimeInterval = defaultTimeToLive, clock: GateClock = MonotonicClock()) {
        self.capacity = max(0, capacity)
        self.timeToLive = max(0, timeToLive)
        self.clock = clock
    }

    /// The value stored under `key` if it is of type `Value` and has not expired; marks it recently used.
    public func value<Value: Sendable>(_ type: Value.Type, for key: ResponseCacheKey) -> Value? {
        let now = clock.now
        return storage.withLockedValue { storage in
            guard let entry = storage.entries[key] else { return nil }
            guard now - entry.storedAt < timeToLive else {
                storage.removeEntry(for: key)
                return nil
            }
            storage.useCounter += 1
            storage.entries[key]?.lastUse = storage.useCounter
            return entry.value as? Value
        }
    }

    /// Stores `value` under `key` (replacing what was there), then drops expired and least recently used
    /// entries until the total cost fits. `cost` is at least 1.
    public func store<Value: Sendable>(_ value: Value, for key: ResponseCacheKey, cost: Int = 1) {
        let cost = max(1, cost)
        let now = clock.now
        storage.withLockedValue { storage in
            storage.removeEntry(for: key)
            guard cost <= capacity else { return }
            storage.useCounter += 1
            storage.entries[key] = Entry(value: value, cost: cost, storedAt: now, lastUse: storage.useCounter)
            storage.heldCost += cost
            if storage.heldCost > capacity { storage.shrink(now: now, timeToLive: timeToLive, capacity: capacity) }
        }
    }

    public func removeValue(for key: ResponseCacheKey) {
        storage.withLockedValue { $0.removeEntry(for: key) }
    }

    public func removeAll() {
        storage.withLockedValue { $0 = Storage() }
    }

    /// Entries held (expired ones included until they are looked up or pushed out).
    public var count: Int {
        storage.withLockedValue { $0.entries.count }
    }

    public var totalCost: Int {
        storage.withLockedValue { $0.heldCost }
    }

    /// Whether `key` holds an unexpired value (does not mark it used).
    public func contains(_ key: ResponseCacheKey) -> Bool {
        let now = clock.now
        return storage.withLockedValue { storage in storage.entries[key].map { now - $0.storedAt < timeToLive } ?? false }
    }
}
