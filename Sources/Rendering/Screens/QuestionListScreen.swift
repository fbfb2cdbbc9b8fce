import Foundation
import AppCore
import StackAPI

/// Draws the question list: a column header, then one row per question with score, answers (✓ when one is
/// accepted), title, tags and the age of the date the sort follows (asked, or last active).
public enum QuestionListScreen {
    /// The style of a list's column header row.
    static let columnHeaderStyle = CellStyle(.underline, color: .muted)

    /// Draws `screen` (header, column header, `rows - 1` rows of questions, end row) into `buffer`.
    public static func draw(_ screen: QuestionListState, rows: Int, now: Date, into buffer: inout ScreenBuffer) {
        let list = screen.rows
        Chrome.drawHeader(left: headerText(screen.settings), right: "stackterm", into: &buffer)

        let columns = QuestionListColumns(width: buffer.width, dateShown: screen.settings.dateShown)
        buffer.write(TextWidth.truncate(columns.header(width: buffer.width), to: buffer.width), x: 0, y: 1, style: columnHeaderStyle)
        var y = 2
        var index = list.scrollOffset
        while y <= rows, index < list.items.count {
            drawRow(list.items[index], selected: index == list.selection, columns: columns, now: now, y: y, into: &buffer)
            y += 1
            index += 1
        }
        if y <= rows, let endRow = PagedListRows.endRow(list, noun: "questions") {
            buffer.write(TextWidth.truncate(endRow.text, to: buffer.width - 2), x: 2, y: y, style: endRow.style)
        }
    }

    /// "cardano · search “plutus” · votes · [nft;wallet]".
    static func headerText(_ settings: BrowseSettings) -> String {
        var parts = [settings.site]
        if let query = settings.searchQuery { parts.append("search “\(query)”") }
        parts.append(settings.sortName)
        if !settings.tagged.isEmpty { parts.append("[" + settings.tagged.joined(separator: ";") + "]") }
        return parts.joined(separator: " · ")
    }

    static func drawRow(_ question: Question, selected: Bool, columns: QuestionListColumns, now: Date, y: Int, into buffer: inout ScreenBuffer) {
        let base = selected ? CellStyle(.reverse) : .plain
        if selected { buffer.fillRow(y, style: base) }
        var x = 0
        let score = TextWidth.truncate(UnknownValue.text(question.score), to: columns.score)
        buffer.write(String(repeating: " ", count: columns.score - TextWidth.of(score)) + score, x: x, y: y, style: base)
        x += columns.score + 1

        let accepted = question.acceptedAnswerID != nil
        let answerText = (accepted ? "✓" : " ") + UnknownValue.text(question.answerCount)
        let answerStyle = CellStyle(base.attributes, color: accepted ? .success : (question.answerCount == 0 ? .muted : .normal))
        buffer.write(TextWidth.fit(answerText, to: columns.answers), x: x, y: y, style: answerStyle)
        x += columns.answers + 1

        let title = TextWidth.truncate(TerminalSafety.sanitize(question.title), to: columns.title)
        buffer.write(title, x: x, y: y, style: base)
        x += columns.title + 1

        if columns.tags > 0 {
            let tags = TerminalSafety.sanitize(question.tags.joined(separator: " "))
            buffer.write(TextWidth.truncate(tags, to: columns.tags), x: x, y: y, style: CellStyle(base.attributes, color: .tag))
            x += columns.tags + 1
        }
        let date = columns.dateShown == .creation ? question.creationDate : (question.lastActivityDate ?? question.creationDate)
        let age = RelativeAge.short(date, now: now)
        buffer.write(age, x: buffer.width - 1 - TextWidth.of(age), y: y, style: CellStyle(base.attributes, color: .muted))
    }
}
