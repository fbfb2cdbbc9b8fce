import Foundation
import StackRetrieval

/// A gate clock that moves only when the test says so.
final class ManualClock: GateClock, @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: TimeInterval = 1_000

    var now: TimeInterval { lock.withLock { seconds } }

    func advance(by interval: TimeInterval) {
        lock.withLock { seconds += interval }
    }
}
