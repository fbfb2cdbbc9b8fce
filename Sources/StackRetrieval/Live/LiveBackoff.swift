import Foundation

/// The waits between reconnections: 1, 2, 4 … seconds up to 60, each jittered by ±20 % so that many clients
/// dropped at once do not come back at once.
public struct LiveBackoff: Sendable {
    /// The longest wait, in seconds.
    public static let maximumSeconds = 60.0
    /// The jitter's share of each wait (0.2: between 80 % and 120 %, and never past the maximum).
    public static let jitter = 0.2

    /// Failed attempts in a row; reset once a connection is live.
    public private(set) var failures = 0

    public init() {}

    /// The wait before the next attempt (seconds), counting this failure; `random` is in 0..<1.
    public mutating func nextDelay(random: Double = Double.random(in: 0..<1)) -> Double {
        failures += 1
        return Self.delay(afterFailures: failures, random: random)
    }

    /// Back to the first step after a connection that worked.
    public mutating func reset() {
        failures = 0
    }

    /// The jittered wait after `failures` failures in a row.
    public static func delay(afterFailures failures: Int, random: Double) -> Double {
        let base = min(maximumSeconds, pow(2, Double(min(max(failures, 1), 16) - 1)))
        let factor = 1 - jitter + 2 * jitter * min(max(random, 0), 1)
        return min(maximumSeconds, base * factor)
    }
}
