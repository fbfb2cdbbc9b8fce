import AppCore
import Foundation

/// What the "Open in browser" and "Copy link" commands do outside the program, each reported back as a
/// status-line action for the reducer.
public struct ExternalActions: Sendable {
    /// Starts the browser.
    public let launcher: BrowserLauncher
    /// The terminal's output descriptor, where OSC 52 goes (curses' output, standard output by default).
    public let terminalDescriptor: Int32

    /// Actions using `launcher` and writing clipboard sequences to `terminalDescriptor`.
    public init(launcher: BrowserLauncher = BrowserLauncher(), terminalDescriptor: Int32 = STDOUT_FILENO) {
        self.launcher = launcher
        self.terminalDescriptor = terminalDescriptor
    }

    /// Opens `url` in the browser (returning at once) and says so, or says why not.
    public func openInBrowser(_ url: String) -> Action {
        switch launcher.open(url) {
        case .success(let program): .notify("Opened with \(program): \(url)", isError: false)
        case .failure(let error): .notify(error.description, isError: true)
        }
    }

    /// Copies `url` to the terminal's clipboard and shows the link (so it can be copied by hand when the
    /// terminal ignores OSC 52).
    public func copyLink(_ url: String) -> Action {
        switch ClipboardWriter.write(url, to: terminalDescriptor) {
        case .success: .notify("Copied link: \(url)", isError: false)
        case .failure(let error): .notify("\(error.description) — link: \(url)", isError: true)
        }
    }
}
