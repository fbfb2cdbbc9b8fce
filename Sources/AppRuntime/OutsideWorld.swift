import Foundation

/// What the program does outside the terminal screen: open a browser, set the clipboard.
@MainActor
final class OutsideWorld {
    /// Opens `url` without waiting; calls `failed` with a one-line message when no browser could be started.
    func open(_ url: String, failed: @escaping @MainActor (String) -> Void) {
        failed("Opening links is not wired yet: \(url)")
    }

    /// Puts `text` on the terminal's clipboard.
    func copy(_ text: String) {}
}
