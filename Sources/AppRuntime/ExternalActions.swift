import AppCore
import Foundation
import TextEngine

/// What the "Open in browser" and "Copy link" commands do outside the program, each reported back as a
/// status-line action for the reducer.
public struct ExternalActions: Sendable {
    public let launcher: BrowserLauncher
    /// The terminal's output descriptor, where OSC 52 goes (curses' output, standard output by default).
    public let terminalDescriptor: Int32

    public init(launcher: BrowserLauncher = BrowserLauncher(), terminalDescriptor: Int32 = STDOUT_FILENO) {
        self.launcher = launcher
        self.terminalDescriptor = terminalDescriptor
    }

    /// Opens `url` in the browser (returning at once) and says so, or says why not. Only links `SafeLink`
    /// accepts are opened, and the message shows the link as opened (normalised).
    /// A browser started beside the UI is reported as `Opening with …` (it has not shown the page yet); when it
    /// later exits with a non-zero status or is killed (`BROWSER=false`), `failedLater` gets the error to show,
    /// on the thread that waited for it. A terminal browser (`w3m`, `lynx`…) runs in the foreground inside
    /// `handOver` and is waited for: a non-zero exit or a failed start is reported as an error, never as opened.
    public func openInBrowser(_ url: String, handOver: TerminalHandOver? = nil,
                              failedLater: @escaping @Sendable (Action) -> Void = { _ in }) -> Action {
        let link: SafeLink
        switch SafeLink.check(url) {
        case .success(let checked): link = checked
        case .failure(let rejection): return .notify(LaunchError.unsafeLink(rejection).description, isError: true)
        }
        let opened = launcher.open(link, handOver: handOver) { error in failedLater(.notify(error.description, isError: true)) }
        switch opened {
        case .success(.started(let program)): return .notify("Opening with \(program): \(link.url)", isError: false)
        case .success(.finished(let program)): return .notify("Back from \(program): \(link.url)", isError: false)
        case .failure(let error): return .notify(error.description, isError: true)
        }
    }

    /// Copies `url` to the terminal's clipboard and shows the link (so it can be copied by hand when the
    /// terminal ignores OSC 52). Only links `SafeLink` accepts are copied, in their normalised form: a pasted
    /// link cannot end a bracketed paste or hold a newline.
    public func copyLink(_ url: String) -> Action {
        let link: SafeLink
        switch SafeLink.check(url) {
        case .success(let checked): link = checked
        case .failure(let rejection): return .notify("Not copied: \(rejection)", isError: true)
        }
        switch ClipboardWriter.write(link.url, to: terminalDescriptor) {
        case .success: return .notify("Copied link: \(link.url)", isError: false)
        case .failure(let error): return .notify("\(error.description) — link: \(link.url)", isError: true)
        }
    }

    /// Copies a code block's text to the terminal's clipboard and says how many lines went, or that there is
    /// no block (`code` nil). The text is the body's, already stripped of control characters other than
    /// newline and tab by `TerminalSafety`, so a paste cannot carry escape sequences.
    public func copyCode(_ code: String?) -> Action {
        guard let code else { return .notify("No code block in view", isError: false) }
        var lineCount = code.split(separator: "\n", omittingEmptySubsequences: false).count
        if code.hasSuffix("\n") { lineCount -= 1 }
        let what = "code block (\(Plural.count(lineCount, "line")))"
        switch ClipboardWriter.write(code, to: terminalDescriptor) {
        case .success:
            let note = ClipboardWriter.sequence(for: code).count > ClipboardWriter.commonLimit ? " — long: some terminals drop it" : ""
            return .notify("Copied \(what)\(note)", isError: false)
        case .failure(let error): return .notify("\(error.description) — \(what)", isError: true)
        }
    }
}
