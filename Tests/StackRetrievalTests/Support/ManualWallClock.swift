import Foundation
import NIOConcurrencyHelpers

/// A wall clock that moves only when the test says so (for the sites cache's expiry).
final class ManualWallClock: Sendable {
    private let date = NIOLockedValueBox(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { date.withLockedValue { $0 } }

    /// `now` as the closure `SitesCache` takes.
    var reader: @Sendable () -> Date { { [self] in now } }

    func advance(by interval: TimeInterval) {
        date.withLockedValue { $0 += interval }
    }
}
