import Foundation
import AppCore
import TextEngine

/// The help screen, generated from the effective keymap so it always tells the truth.
public enum HelpScreen {
    /// The help text lines: one per command, every key then the description (keys wider than the 24-column key
    /// column push their description right rather than lose a key), then a blank line and `PickerKeys.helpNotes`
    /// (`PickerKeys.helpLineCount` lines in all).
    public static func lines(for keymap: Keymap) -> [String] {
        let rows = entries(for: keymap)
        let keyWidth = min(24, rows.map { TextWidth.of($0.keys) }.max() ?? 0)
        return rows.map { TextWidth.pad($0.keys, to: keyWidth) + "  " + $0.help } + [""] + PickerKeys.helpNotes(for: keymap)
    }

    /// One entry per command, in the keymap's order: its keys as the help screen names them, and its help text; then
    /// the keys answered outside the keymap (`SignalKeys`: Ctrl-Z, Ctrl-C).
    public static func entries(for keymap: Keymap) -> [(keys: String, help: String)] {
        keymap.bindings.map { binding in (keys: binding.keys.map(\.label).joined(separator: " "), help: binding.command.help) }
            + SignalKeys.entries
    }

    /// Draws the help for `keymap`, scrolled as `help` says, `rows` lines of it, into `buffer`.
    public static func draw(_ help: HelpState, keymap: Keymap, rows: Int, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: "Help — keys", right: "stackterm", into: &buffer)
        for (offset, line) in lines(for: keymap).dropFirst(help.scroll).prefix(rows).enumerated() {
            buffer.write(TextWidth.truncate(line, to: buffer.width - 2), x: 2, y: offset + 1)
        }
    }
}

extension HelpState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        HelpScreen.draw(self, keymap: state.keymap, rows: state.viewport.contentRows, into: &buffer)
    }

    /// "j/k scroll · q, Esc or ? to close", named from the effective keymap.
    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        let shared = state.shared
        let scroll = [shared.keyName(.moveDown), shared.keyName(.moveUp)].filter { !$0.isEmpty }.joined(separator: "/")
        let more = shared.keymap.bindings.count > shared.viewport.contentRows && !scroll.isEmpty ? scroll + " scroll · " : ""
        let close = [shared.keyName(.backOrQuit), shared.keyName(.cancelOrBack), shared.keyName(.help)].filter { !$0.isEmpty }
        guard !close.isEmpty else { return (String(more.dropLast(3)), []) }
        let keys = close.count == 1 ? close[0] : close.dropLast().joined(separator: ", ") + " or " + close[close.count - 1]
        return (more + keys + " to close", [])
    }
}
