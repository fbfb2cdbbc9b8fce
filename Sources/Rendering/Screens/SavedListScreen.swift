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
        Chrome.drawHeader(left: "\(saved.site) · " + (saved.source == .store ? "saved questions" : "your bookmarks"), right: "stackterm",
                          into: &buffer)
        QuestionListScreen.drawRows(saved.rows, dateShown: .creation, marks: marks, saved: savedIDs, rows: rows, now: now,
                                    noun: saved.noun, math: math, into: &buffer)
        if saved.rows.items.isEmpty, saved.rows.pending == nil, saved.rows.error == nil, rows >= 3 {
            let text = saved.source == .store ? savedHint(keys) : bookmarksHint(keys)
            buffer.write(TextWidth.truncate(text, to: buffer.width - 2), x: 2, y: 3, style: CellStyle(color: .muted))
        }
    }

    private static func savedHint(_ keys: SharedState) -> String {
        let key = keys.keyName(.toggleSaved)
        return (key.isEmpty ? "" : "\(key) on a list or in a question saves it: ")
            + "a saved question is kept in the local store for good and read offline."
    }

    private static func bookmarksHint(_ keys: SharedState) -> String {
        let key = keys.keyName(.toggleBookmark)
        return "No bookmarks on this site" + (key.isEmpty ? "." : ": \(key) on a list or in a question bookmarks it.")
    }
}

extension SavedListState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        SavedListScreen.draw(self, marks: state.shared.readMarks, savedIDs: state.shared.savedIDs, keys: state.shared,
                             rows: state.viewport.contentRows, now: now, math: state.siteMath.options, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        let shared = state.shared
        if source == .bookmarks {
            return (StatusLine.count(rows.items.count, "bookmark", rows.pending),
                    [StatusLine.hint(.toggleBookmark, "unbookmark", shared), StatusLine.hint(.showBookmarks, "back", shared),
                     StatusLine.hint(.help, "help", shared)])
        }
        return (StatusLine.count(rows.items.count, "saved question", rows.pending),
                [StatusLine.hint(.toggleSaved, "unsave", shared), StatusLine.hint(.showSaved, "back", shared),
                 StatusLine.hint(.help, "help", shared)])
    }
}
