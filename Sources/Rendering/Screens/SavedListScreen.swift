import Foundation
import AppCore
import TeXMath
import TextEngine

/// Draws the saved questions screen: the question list's columns over the site's saved questions, most recently
/// saved first, or how to save one when there are none.
public enum SavedListScreen {
    /// Draws `saved` into `buffer`; `savedIDs` are the questions still saved (one unsaved here loses its `★`).
    public static func draw(_ saved: SavedListState, marks: ReadMarks, savedIDs: Set<Int>, keys: SharedState, rows: Int, now: Date,
                            math: MathOptions? = nil, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: "\(saved.site) · saved questions", right: "stackterm", into: &buffer)
        QuestionListScreen.drawRows(saved.rows, dateShown: .creation, marks: marks, saved: savedIDs, rows: rows, now: now,
                                    noun: "saved questions", math: math, into: &buffer)
        if saved.rows.items.isEmpty, saved.rows.pending == nil, saved.rows.error == nil, rows >= 3 {
            let key = keys.keyName(.toggleSaved)
            let how = key.isEmpty ? "" : "\(key) on a list or in a question saves it: "
            let text = how + "a saved question is kept in the local store for good and read offline."
            buffer.write(TextWidth.truncate(text, to: buffer.width - 2), x: 2, y: 3, style: CellStyle(color: .muted))
        }
    }
}

extension SavedListState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        SavedListScreen.draw(self, marks: state.shared.readMarks, savedIDs: state.shared.savedIDs, keys: state.shared,
                             rows: state.viewport.contentRows, now: now, math: state.siteMath.options, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        let shared = state.shared
        return (StatusLine.count(rows.items.count, "saved question", rows.pending),
                [StatusLine.hint(.toggleSaved, "unsave", shared), StatusLine.hint(.showSaved, "back", shared),
                 StatusLine.hint(.help, "help", shared)])
    }
}
