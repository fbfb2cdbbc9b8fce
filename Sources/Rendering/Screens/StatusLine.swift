import AppCore
import Foundation
import TextEngine

/// The one place that composes the status line: the top screen's own words (counts, loading, position) unless a
/// message is showing, and on the right the quota and key hints named from the effective keymap.
public enum StatusLine {
    /// A mark of the app's state on the right of the status line (`offline`), kept whatever the width: the hints and
    /// the quota make room for it first, and a narrow terminal gets its short form.
    public struct Mark: Equatable, Sendable {
        public var full: String
        public var short: String

        /// A mark reading `full`, or `short` on a narrow terminal.
        public init(full: String, short: String) {
            self.full = full
            self.short = short
        }

        /// Loads are answered by the local store.
        public static let offline = Mark(full: "offline", short: "off")

        /// The live source's state: `live`, `live: reconnecting in 8 s`, `live: polling`; none while it connects the first time or
        /// after it gave up (`LiveStatus`).
        public static func live(_ status: LiveStatus?) -> Mark? {
            switch status {
            case .live: Mark(full: "live", short: "live")
            case .reconnecting(let seconds) where seconds > 0:
                Mark(full: "live: reconnecting in \(seconds) s", short: "live: \(seconds) s")
            case .reconnecting: Mark(full: "live: reconnecting", short: "live: …")
            case .polling: Mark(full: "live: polling", short: "live: poll")
            case .connecting, .stopped, nil: nil
            }
        }

        /// `mark` led by who is logged in and their unread inbox — `Jane ✉ 3 · live` (short: `✉ 3 · live`) — kept
        /// like the mark whatever the width; `mark` alone when nobody is logged in.
        static func with(account: AccountState, _ mark: Mark?) -> Mark? {
            guard let name = account.userName else { return mark }
            let unread = account.unreadInbox.flatMap { $0 > 0 ? "✉ " + ($0 >= 100 ? "99+" : String($0)) : nil }
            let full = ([TerminalSafety.sanitize(TextWidth.truncate(name, to: 20))] + [unread].compactMap { $0 }).joined(separator: " ")
            let short = unread ?? TerminalSafety.sanitize(TextWidth.truncate(name, to: 8))
            guard let mark else { return Mark(full: full, short: short) }
            return Mark(full: full + " · " + mark.full, short: short + " · " + mark.short)
        }
    }

    /// The status line's left text, its mark, its right text (quota and key hints) and whether it reports an error.
    public static func compose(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date = Date())
        -> (left: String, mark: Mark?, right: String, isError: Bool) {
        let shared = state.shared
        var (left, hints) = state.top.view.status(state, threadLayout: threadLayout, now: now)
        if let message = shared.status.message { left = message }
        // "offline" leads the right side: loads are answered by the local store, and quota figures are old; else the
        // live source's state.
        let mark = Mark.with(account: shared.account, shared.isOffline ? .offline : Mark.live(shared.liveStatus))
        let quota = shared.isOffline ? "" : Chrome.quotaText(shared.status)
        if let notice = shared.status.notice {
            // The notice stays beside the latest message, with the room the key hints had.
            return (shared.status.message.map { $0 + " · " + notice } ?? notice, mark, quota, shared.status.isError)
        }
        let right = ([quota] + hints).filter { !$0.isEmpty }.joined(separator: " · ")
        return (left, mark, right, shared.status.isError)
    }

    /// Draws the status line of `state` on the buffer's last row.
    static func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        let line = compose(state, threadLayout: threadLayout, now: now)
        Chrome.drawStatus(left: line.left, mark: line.mark, right: line.right, isError: line.isError, into: &buffer)
    }

    /// "57 questions", plus `loading(pending)`; "Loading page 1…" while an empty list waits for a page: it has no
    /// count to tell yet, and "0 questions" would read as an answer (a screen a reader or a test could settle on).
    static func count(_ count: Int, _ noun: String, _ pending: PendingLoad?) -> String {
        if count == 0, let pending { return "Loading page \(pending.page)…" }
        return Plural.count(count, noun) + loading(pending)
    }

    /// " · loading page 2…" once a load's indicator is due (" · reloading…" for `r`), else "".
    static func loading(_ pending: PendingLoad?) -> String {
        guard let pending, pending.indicatorVisible else { return "" }
        return pending.replacesItems ? " · reloading…" : " · loading page \(pending.page)…"
    }

    /// "? help": the command's first key and what it does, or "" when the keymap leaves it unbound.
    static func hint(_ command: Command, _ words: String, _ shared: SharedState) -> String {
        let key = shared.keyName(command)
        return key.isEmpty ? "" : key + " " + words
    }
}
