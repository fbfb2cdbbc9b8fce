import Foundation
import AppCore
import TextEngine

/// Draws a picker (sites or a question's tags): title, the filter being typed, and the matching entries.
public enum PickerScreen {
    /// Draws `picker` (title naming the keys in `keymap`, filter, `rows` rows of entries) into `buffer`.
    public static func draw(_ picker: PickerState, keymap: Keymap, rows contentRows: Int, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: picker.title(keymap), right: "stackterm", into: &buffer)
        buffer.write(TextWidth.truncate("Filter: " + TerminalSafety.sanitize(picker.filter) + "▏", to: buffer.width - 2),
                     x: 1, y: 1, style: CellStyle(.bold))
        let entries = picker.visibleEntries
        let rows = max(1, contentRows - 1)
        let top = max(0, min(picker.selection - rows + 1, max(0, entries.count - rows)))
        var y = 2
        for index in top..<min(entries.count, top + rows) {
            let selected = index == picker.selection
            let style = selected ? CellStyle(.reverse) : .plain
            if selected { buffer.fillRow(y, style: style) }
            buffer.write(TextWidth.truncate(TerminalSafety.sanitize(entries[index].label), to: buffer.width - 3), x: 2, y: y, style: style)
            y += 1
        }
        if entries.isEmpty {
            let note: String
            if picker.pending?.indicatorVisible == true { note = "Loading sites…" }
            else if let error = picker.error { note = "⚠ " + error.summary(retryKey: nil) }
            else if picker.pending != nil { note = "" }
            else { note = picker.entries.isEmpty ? "Nothing to choose from." : "No match for “\(picker.filter)”." }
            buffer.write(TextWidth.truncate(note, to: buffer.width - 3), x: 2, y: 2, style: CellStyle(color: .muted))
        }
    }
}

extension PickerState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        PickerScreen.draw(self, keymap: state.keymap, rows: state.viewport.contentRows, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        ("\(visibleEntries.count) of \(entries.count)", ["↑↓ move · Enter choose", StatusLine.hint(.cancelOrBack, "back", state.shared)])
    }
}
