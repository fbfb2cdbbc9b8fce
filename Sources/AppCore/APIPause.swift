import StackAPI

/// A method the API paused (`backoff` or a throttle violation) while a load of ours waits for it.
public struct APIPause: Hashable, Sendable {
    public var method: APIMethod
    /// Whole seconds left, rounded up.
    public var secondsLeft: Int

    public init(method: APIMethod, secondsLeft: Int) {
        self.method = method
        self.secondsLeft = max(0, secondsLeft)
    }

    /// `/questions paused by the API: 2m 13s`; past an hour it says so (`… for over an hour: 3h 05m — Esc cancels`),
    /// and past a day (`… for over a day: 6d 23h — Esc cancels`).
    public var statusText: String { statusText(cancelKey: "Esc") }

    /// `statusText` naming `cancelKey` as the key that cancels the wait (nothing when it is nil or empty).
    public func statusText(cancelKey: String?) -> String {
        let path = method.pathPattern
        if secondsLeft >= 3_600 {
            let minutes = secondsLeft / 60
            let hours = minutes / 60
            let cancel = cancelKey.flatMap { $0.isEmpty ? nil : " — \($0) cancels" } ?? ""
            if hours >= 24 {
                return "\(path) paused by the API for over a day: \(hours / 24)d \(twoDigits(hours % 24))h" + cancel
            }
            return "\(path) paused by the API for over an hour: \(hours)h \(twoDigits(minutes % 60))m" + cancel
        }
        let duration = secondsLeft >= 60 ? "\(secondsLeft / 60)m \(twoDigits(secondsLeft % 60))s" : "\(secondsLeft)s"
        return "\(path) paused by the API: \(duration)"
    }

    private func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
