import Dispatch
import StackAPI

/// The delivery side of a `LiveSource`: the hints waiting, the one delivery planned on the main queue, the counters.
/// A value kept beside the lifecycle in the source's lock; whether the source still delivers is the lifecycle's.
struct LiveBatching: Sendable {
    /// The counters so far (`dropped` is the queue's: see `counters`).
    var statistics = LiveStatistics()
    private var pending: LivePending
    /// Whether a delivery is planned (at most one at a time).
    private var planned = false
    private var lastDelivery = DispatchTime(uptimeNanoseconds: 0)

    /// Empty, for at most `capacity` waiting questions.
    init(capacity: Int) {
        pending = LivePending(capacity: capacity)
    }

    /// The counters, the hints dropped by the full queue included.
    var counters: LiveStatistics {
        var counters = statistics
        counters.dropped = pending.dropped
        return counters
    }

    /// Keeps `activity` for the next delivery; true when none is planned yet.
    mutating func keep(_ activity: LiveActivity) -> Bool {
        statistics.kept += 1
        pending.add(activity)
        return !planned
    }

    /// Plans the next delivery, nil when one is planned already: at `now` when the last one is older than
    /// `coalescingSeconds`, else when it will be.
    mutating func plan(coalescingSeconds: Double, now: DispatchTime) -> DispatchTime? {
        guard !planned else { return nil }
        planned = true
        let earliest = lastDelivery.uptimeNanoseconds + UInt64(coalescingSeconds * 1_000_000_000)
        return DispatchTime(uptimeNanoseconds: max(earliest, now.uptimeNanoseconds))
    }

    /// The planned delivery's batch (counted when not empty), taken at `now`; empty when none was planned.
    mutating func take(now: DispatchTime) -> [LiveActivity] {
        guard planned else { return [] }
        planned = false
        lastDelivery = now
        let batch = pending.take()
        if !batch.isEmpty { statistics.deliveries += 1 }
        return batch
    }
}
