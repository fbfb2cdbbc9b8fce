import Foundation
import AppCore

/// Draws the link picker: one row per numbered link of the thread (`[n]`, its text, its target), grouped by post.
public enum LinkPickerScreen {
    /// The picker's title, naming the first key of each link command in `keymap` (a command without keys is left out).
    public static func title(_ keymap: Keymap) -> String {
        let actions: [(Command, String)] = [(.open, "follows"), (.openInBrowser, "opens in the browser"), (.copyLink, "copies")]
        let parts = actions.compactMap { command, what in keymap.keys(for: command).first.map { "\($0.label) \(what)" } }
        return (["Links — type a number"] + parts).joined(separator: ", ")
    }

    /// Draws `picker` (title naming the keys in `keymap`, the number typed, `rows` rows of links) into `buffer`.
    public static func draw(_ picker: LinkPickerState, questionID: Int?, keymap: Keymap, rows contentRows: Int,
                            into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: title(keymap), right: "stackterm", into: &buffer)
        let typed = picker.typed.isEmpty ? "" : "Link " + picker.typed + "▏"
        buffer.write(TextWidth.truncate(typed, to: buffer.width - 2), x: 1, y: 1, style: CellStyle(.bold))
        let rows = max(1, contentRows - 1)
        let links = picker.links
        let top = max(0, min(picker.selection - rows + 1, max(0, links.count - rows)))
        var y = 2
        for index in top..<min(links.count, top + rows) {
            let selected = index == picker.selection
            buffer.fillRow(y, style: selected ? CellStyle(.reverse) : .plain)
            buffer.write(TextWidth.truncate(label(links[index], questionID: questionID), to: buffer.width - 3), x: 2, y: y,
                         style: selected ? CellStyle(.reverse) : .plain)
            y += 1
        }
    }

    /// `[n] text — url  (answer 123)`, sanitised.
    static func label(_ link: ThreadLink, questionID: Int?) -> String {
        let text = TerminalSafety.sanitize(link.text)
        let url = TerminalSafety.sanitize(link.url)
        let post = link.postID == questionID ? "question" : "answer \(link.postID)"
        let shown = text.isEmpty || text == url ? url : text + " — " + url
        return "[\(link.number)] " + shown + "  (" + post + ")"
    }
}

extension LinkPickerState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        LinkPickerScreen.draw(self, questionID: state.thread?.questionID, keymap: state.keymap, rows: state.viewport.contentRows,
                              into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        let shared = state.shared
        return (links.isEmpty ? "No links" : "link \(selection + 1) of \(links.count)",
                [StatusLine.hint(.open, "open", shared), StatusLine.hint(.copyLink, "copy", shared),
                 StatusLine.hint(.cancelOrBack, "back", shared)])
    }
}
