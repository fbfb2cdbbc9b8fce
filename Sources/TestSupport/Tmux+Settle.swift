import Foundation

extension TmuxSession {
    /// Words a screen shows while something is still arriving: a load, a store's copy painted before the network's,
    /// a thread being laid out.
    public static let unsettledWords = ["Loading", "loading page", "reloading…", "cached ", "Laying out"]

    /// Waits until the screen shows none of `unsettledWords`, `condition` holds, and two captures `pause` seconds
    /// apart are the same; returns that screen, or nil after `timeout` seconds. A wait, never a timing assertion.
    public func settledScreen(timeout: TimeInterval = 20, pause: TimeInterval = 0.3,
                              where condition: ([String]) -> Bool = { _ in true }) -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        var previous: [String]?
        repeat {
            if let screen = try? capture(), condition(screen),
               !screen.contains(where: { line in Self.unsettledWords.contains { line.contains($0) } }) {
                if screen == previous { return screen }
                previous = screen
                Thread.sleep(forTimeInterval: pause)
                continue
            }
            previous = nil
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        return nil
    }
}
