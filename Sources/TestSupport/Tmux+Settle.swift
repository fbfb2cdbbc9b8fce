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

    /// Waits until a list's first page shows: the status line names the API's quota, or — when a long message leaves
    /// the quota no room (the message and the live mark come first) — a first row is drawn with nothing loading.
    public func waitForFirstPage(timeout: TimeInterval = 15) -> Bool {
        waitUntil(timeout: timeout) { screen in
            guard let status = screen.last else { return false }
            if status.contains("quota") { return true }
            // Row 2 holds the first question, or the end row: "Loading page 1…" once the indicator is due.
            let first = screen.count > 2 ? screen[2].trimmingCharacters(in: .whitespaces) : ""
            return !first.isEmpty && !first.hasPrefix("Loading") && !status.contains("oading")
        }
    }
}

extension Array where Element == String {
    /// Whether the status line says `text`: a long message wraps over up to four rows above the last one, so the
    /// last five rows are read as one text, each row trimmed and the spaces between words collapsed.
    public func statusSays(_ text: String) -> Bool {
        let rows = suffix(5).map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        return rows.joined(separator: " ").contains(text.split(separator: " ").joined(separator: " "))
    }
}
