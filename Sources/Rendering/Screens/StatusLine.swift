import AppCore
import Foundation

/// The one place that composes the status line: the top screen's own words (counts, loading, position) unless a
/// message is showing, and on the right the quota and key hints named from the effective keymap.
public enum StatusLine {
    /// The status line's left text, right text and whether it reports an error.
    public static func compose(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date = Date())
        -> (left: String, right: String, isError: Bool) {
        let shared = state.shared
        var left: String
        var hints: [String]
        switch state.top {
        case .questions(let list):
            if let cachedAt = list.cachedAt {
                // The store's copy is showing while the network's page loads.
                left = Plural.count(list.rows.items.count, "question") + " · cached \(RelativeAge.long(cachedAt, now: now))"
            } else {
                left = Plural.count(list.rows.items.count, "question") + loading(list.rows.pending)
            }
            hints = [hint(.help, "help", shared)]
        case .answersFeed(let feed):
            left = Plural.count(feed.rows.items.count, "answer") + loading(feed.rows.pending)
            hints = [hint(.toggleAnswersFeed, "questions", shared), hint(.help, "help", shared)]
        case .question(let thread):
            if thread.pending?.indicatorVisible == true && thread.summary?.body == nil { left = "Loading…" }
            else if let layout = threadLayout {
                left = QuestionScreen.positionText(thread, rows: shared.viewport.contentRows, total: layout.lines.count)
            } else { left = QuestionScreen.layingOutText }
            hints = [hint(.toggleComments, "comments", shared), hint(.backOrQuit, "back", shared), hint(.help, "help", shared)]
        case .picker(let picker):
            left = "\(picker.visibleEntries.count) of \(picker.entries.count)"
            hints = ["↑↓ move · Enter choose", hint(.cancelOrBack, "back", shared)]
        case .help:
            left = helpText(shared)
            hints = []
        case .links(let picker):
            left = picker.links.isEmpty ? "No links" : "link \(picker.selection + 1) of \(picker.links.count)"
            hints = [hint(.open, "open", shared), hint(.copyLink, "copy", shared), hint(.cancelOrBack, "back", shared)]
        case .saved(let saved):
            left = Plural.count(saved.rows.items.count, "saved question") + loading(saved.rows.pending)
            hints = [hint(.toggleSaved, "unsave", shared), hint(.showSaved, "back", shared), hint(.help, "help", shared)]
        }
        if let message = shared.status.message { left = message }
        // "offline" leads the right side: loads are answered by the local store, and quota figures are old.
        let quota = shared.isOffline ? "offline" : Chrome.quotaText(shared.status)
        if let notice = shared.status.notice {
            // The notice stays beside the latest message, with the room the key hints had.
            return (shared.status.message.map { $0 + " · " + notice } ?? notice, quota, shared.status.isError)
        }
        let right = ([quota] + hints).filter { !$0.isEmpty }.joined(separator: " · ")
        return (left, right, shared.status.isError)
    }

    /// "j/k scroll · q, Esc or ? to close", named from the effective keymap.
    private static func helpText(_ shared: SharedState) -> String {
        let scroll = [shared.keyName(.moveDown), shared.keyName(.moveUp)].filter { !$0.isEmpty }.joined(separator: "/")
        let more = shared.keymap.bindings.count > shared.viewport.contentRows && !scroll.isEmpty ? scroll + " scroll · " : ""
        let close = [shared.keyName(.backOrQuit), shared.keyName(.cancelOrBack), shared.keyName(.help)].filter { !$0.isEmpty }
        guard !close.isEmpty else { return String(more.dropLast(3)) }
        let keys = close.count == 1 ? close[0] : close.dropLast().joined(separator: ", ") + " or " + close[close.count - 1]
        return more + keys + " to close"
    }

    /// Draws the status line of `state` on the buffer's last row.
    static func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        let line = compose(state, threadLayout: threadLayout, now: now)
        Chrome.drawStatus(left: line.left, right: line.right, isError: line.isError, into: &buffer)
    }

    private static func loading(_ pending: PendingLoad?) -> String {
        guard let pending, pending.indicatorVisible else { return "" }
        return pending.replacesItems ? " · reloading…" : " · loading page \(pending.page)…"
    }

    /// "? help": the command's first key and what it does, or "" when the keymap leaves it unbound.
    private static func hint(_ command: Command, _ words: String, _ shared: SharedState) -> String {
        let key = shared.keyName(command)
        return key.isEmpty ? "" : key + " " + words
    }
}
