import Foundation
import AppCore
import StackAPI
import TextEngine

/// Draws the inbox: one row per item — unread mark, site, kind, title, age — unread items in bold.
public enum InboxScreen {
    /// Draws `inbox` (header, column header, `rows - 1` items, end row) into `buffer`.
    public static func draw(_ inbox: InboxState, site: String, rows: Int, now: Date, into buffer: inout ScreenBuffer) {
        let list = inbox.rows
        let title = inbox.source == .inbox ? "inbox · all sites" : "notifications · \(site)"
        Chrome.drawHeader(left: title, right: "stackterm", into: &buffer)
        buffer.write(TextWidth.truncate("  site              kind           title", to: buffer.width), x: 0, y: 1,
                     style: QuestionListScreen.columnHeaderStyle)
        var y = 2
        var index = list.scrollOffset
        while y <= rows, index < list.items.count {
            drawRow(list.items[index], selected: index == list.selection, now: now, y: y, into: &buffer)
            y += 1
            index += 1
        }
        if y <= rows, let end = PagedListRows.endRow(list, noun: inbox.source == .inbox ? "inbox items" : "notifications") {
            buffer.write(TextWidth.truncate(end.text, to: buffer.width - 2), x: 2, y: y, style: end.style)
        }
    }

    static func drawRow(_ item: InboxItem, selected: Bool, now: Date, y: Int, into buffer: inout ScreenBuffer) {
        var base = selected ? CellStyle(.reverse) : .plain
        if item.isUnread { base.attributes.insert(.bold) }
        if selected { buffer.fillRow(y, style: base) }
        let width = buffer.width
        if item.isUnread { buffer.write("●", x: 0, y: y, style: CellStyle(base.attributes, color: .accent)) }
        let site = TerminalSafety.sanitize(item.site?.apiSiteParameter ?? "")
        buffer.write(TextWidth.truncate(site, to: 17), x: 2, y: y, style: CellStyle(base.attributes, color: .tag))
        buffer.write(TextWidth.truncate(item.kindWords, to: 14), x: 20, y: y, style: CellStyle(base.attributes, color: .muted))
        let age = RelativeAge.short(item.creationDate, now: now)
        let title = item.title.isEmpty ? "(no title)" : TerminalSafety.sanitize(item.title)
        buffer.write(TextWidth.truncate(title, to: max(1, width - 35 - TextWidth.of(age) - 2)), x: 35, y: y, style: base)
        buffer.write(age, x: width - 1 - TextWidth.of(age), y: y, style: CellStyle(base.attributes, color: .muted))
    }
}

extension InboxState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        InboxScreen.draw(self, site: state.shared.site, rows: state.viewport.contentRows, now: now, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        let shared = state.shared
        let unread = rows.items.filter(\.isUnread).count
        let noun = source == .inbox ? "inbox item" : "notification"
        return (StatusLine.count(rows.items.count, noun, rows.pending) + (unread > 0 ? " · \(unread) unread" : ""),
                [StatusLine.hint(.open, "open", shared), "Tab " + (source == .inbox ? "notifications" : "inbox"),
                 StatusLine.hint(.showInbox, "back", shared), StatusLine.hint(.help, "help", shared)])
    }
}
