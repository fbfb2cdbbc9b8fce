import Foundation

/// A monotonic clock in seconds; injectable so the gate's arithmetic can be tested without sleeping.
public protocol GateClock: Sendable {
    /// Seconds since an arbitrary fixed point; never goes back.
    var now: TimeInterval { get }
}

/// The system's monotonic clock (unaffected by wall-clock changes).
public struct MonotonicClock: GateClock {
    public init() {}

    /// Seconds since boot.
    public var now: TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }
}
