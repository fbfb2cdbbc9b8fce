import Foundation
import StackAPI

/// The hints waiting for the next delivery: at most `capacity` questions, one entry each (a newer message of the
/// same question replaces the older in place); when full, the oldest is dropped and counted.
struct LivePending: Sendable {
    let capacity: Int
    private var order: [Int] = []
    private var byID: [Int: LiveActivity] = [:]
    /// Hints dropped since the start because the queue was full.
    private(set) var dropped = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var isEmpty: Bool { byID.isEmpty }
    var count: Int { byID.count }

    /// Adds or replaces the hint for the activity's question.
    mutating func add(_ activity: LiveActivity) {
        if byID.updateValue(activity, forKey: activity.questionID) != nil { return }
        order.append(activity.questionID)
        if order.count > capacity {
            let oldest = order.removeFirst()
            byID[oldest] = nil
            dropped += 1
        }
    }

    /// Every waiting hint, oldest first; the queue is empty afterwards.
    mutating func take() -> [LiveActivity] {
        let batch = order.compactMap { byID[$0] }
        order.removeAll(keepingCapacity: true)
        byID.removeAll(keepingCapacity: true)
        return batch
    }
}
