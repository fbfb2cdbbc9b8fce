import Foundation
import NIOConcurrencyHelpers
import StackRetrieval

/// A gate clock that moves only when the test says so.
final class ManualClock: GateClock {
    private let seconds = NIOLockedValueBox<TimeInterval>(1_000)

    var now: TimeInterval { seconds.withLockedValue { $0 } }

    func advance(by interval: TimeInterval) {
        seconds.withLockedValue { $0 += interval }
    }
}
