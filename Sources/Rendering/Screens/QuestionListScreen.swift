import Foundation
import AppCore
import StackAPI
import TeXMath
import TextEngine

/// Draws the question list: a column header, then one row per question with score, answers (✓ when one is
/// accepted), title, tags and the age of the date the sort follows (asked, or last active).
public enum QuestionListScreen {
    static let columnHeaderStyle = CellStyle(.underline, color: .muted)

    /// Draws `screen` (header, column header, `rows - 1` rows of questions, end row) into `buffer`.
    /// Titles show the read marks: unread in bold, read dimmed, updated since read with `+N` (new answers) or `*`;
    /// saved questions (`saved`) start with `★`.
    /// Questions that arrived live and wait for `.` replace the column header with their banner (`liveKey` names the
    /// key; rows made from a message alone show no score or answer count yet); `watched` rows (new in a watched tag,
    /// not opened) are bold in the accent colour.
    /// On a math site (`math`), titles show their formulas typeset.
    public static func draw(_ screen: QuestionListState, marks: ReadMarks = ReadMarks(), saved: Set<Int> = [], rows: Int, now: Date,
                            liveKey: String = "", watched: Set<Int> = [], math: MathOptions? = nil, into buffer: inout ScreenBuffer) {
        Chrome.drawHeader(left: headerText(screen.settings), right: "stackterm", into: &buffer)
        drawRows(screen.rows, dateShown: screen.settings.dateShown, marks: marks, saved: saved, rows: rows, now: now,
                 fromMessage: screen.live.fromMessage, watched: watched, math: math, into: &buffer)
        if let banner = screen.live.banner(key: liveKey) {
            buffer.fillRow(1, style: bannerStyle)
            buffer.write(TextWidth.truncate(banner, to: buffer.width), x: 0, y: 1, style: bannerStyle)
        }
    }

    /// The live banner's look: it stands where the column header was until `.` brings the questions in.
    static let bannerStyle = CellStyle(.bold, color: .success)

    /// The column header, the rows of `list` from its scroll offset, and its end row.
    static func drawRows(_ list: PagedList<Question>, dateShown: ListDate, marks: ReadMarks, saved: Set<Int>, rows: Int, now: Date,
                         noun: String = "questions", fromMessage: Set<Int> = [], watched: Set<Int> = [], math: MathOptions? = nil,
                         into buffer: inout ScreenBuffer) {
        let onScreen = list.items.dropFirst(list.scrollOffset).prefix(max(0, rows - 1)).map { RowText($0, math: math) }
        let columns = QuestionListColumns(width: buffer.width, dateShown: dateShown, needs: needs(onScreen))
        buffer.write(TextWidth.truncate(columns.header(width: buffer.width), to: buffer.width), x: 0, y: 1, style: columnHeaderStyle)
        var y = 2
        var index = list.scrollOffset
        while y <= rows, index < list.items.count {
            let question = list.items[index]
            drawRow(question, text: onScreen[index - list.scrollOffset], selected: index == list.selection,
                    status: marks.status(of: question),
                    saved: saved.contains(question.questionID), fromMessage: fromMessage.contains(question.questionID),
                    watched: watched.contains(question.questionID),
                    columns: columns, now: now, y: y, into: &buffer)
            y += 1
            index += 1
        }
        if y <= rows, let endRow = PagedListRows.endRow(list, noun: noun) {
            buffer.write(TextWidth.truncate(endRow.text, to: buffer.width - 2), x: 2, y: y, style: endRow.style)
        }
    }

    /// A row's title and tags as drawn (control characters taken out, formulas typeset on a math site) and their widths: made once per row and
    /// frame, for the columns' `needs` and for the row itself.
    struct RowText {
        let title: String
        let titleWidth: Int
        let tags: String
        let tagsWidth: Int

        init(_ question: Question, math: MathOptions? = nil) {
            title = ShownTitle.of(question.title, math: math)
            titleWidth = TextWidth.of(title)
            tags = TerminalSafety.sanitize(question.tags.joined(separator: " "))
            tagsWidth = TextWidth.of(tags)
        }

        /// `text` (of `width` columns) cut to `room` columns; as it is when it fits.
        static func fit(_ text: String, width: Int, to room: Int) -> String {
            width <= room ? text : TextWidth.truncate(text, to: room)
        }
    }

    /// The widest title (with room for the `★ ` and `+N ` marks) and the widest tags of the rows on screen.
    static func needs(_ rows: [RowText]) -> QuestionListColumns.Needs {
        let marks = TextWidth.of(savedMark) + 4
        var needs = QuestionListColumns.Needs(title: 0, tags: 0)
        for row in rows {
            needs.title = max(needs.title, row.titleWidth + marks)
            needs.tags = max(needs.tags, row.tagsWidth)
        }
        return needs
    }

    /// The mark before a saved question's title.
    static let savedMark = "★ "

    /// "cardano · search “plutus” · votes · [nft;wallet]".
    static func headerText(_ settings: BrowseSettings) -> String {
        var parts = [settings.site]
        if let query = settings.searchQuery { parts.append("search “\(query)”") }
        parts.append(settings.sortName)
        if !settings.tagged.isEmpty { parts.append("[" + settings.tagged.joined(separator: ";") + "]") }
        return parts.joined(separator: " · ")
    }

    /// `+2 ` before the title of a question with two answers since it was read, `* ` when only its activity is newer.
    static func badge(_ status: ReadStatus) -> String? {
        guard case .updated(let added) = status else { return nil }
        return added > 0 ? "+\(added) " : "* "
    }

    static func drawRow(_ question: Question, text: RowText? = nil, selected: Bool, status: ReadStatus = .unread, saved: Bool = false,
                        fromMessage: Bool = false, watched: Bool = false, columns: QuestionListColumns, now: Date, y: Int, into buffer: inout ScreenBuffer) {
        let base = selected ? CellStyle(.reverse) : .plain
        if selected { buffer.fillRow(y, style: base) }
        var x = 0
        // A row made from a live message knows no score or answer count yet: blank rather than `?` (impossible values).
        let score = fromMessage ? "" : TextWidth.truncate(UnknownValue.text(question.score), to: columns.score)
        buffer.write(String(repeating: " ", count: columns.score - TextWidth.of(score)) + score, x: x, y: y, style: base)
        x += columns.score + 1

        let accepted = question.acceptedAnswerID != nil
        let answerText = fromMessage ? "" : (accepted ? "✓" : " ") + UnknownValue.text(question.answerCount)
        let answerStyle = CellStyle(base.attributes, color: accepted ? .success : (question.answerCount == 0 ? .muted : .normal))
        buffer.write(TextWidth.fit(answerText, to: columns.answers), x: x, y: y, style: answerStyle)
        x += columns.answers + 1

        var titleX = x
        if saved {
            buffer.write(savedMark, x: titleX, y: y, style: CellStyle(base.attributes.union(.bold), color: .warning))
            titleX += TextWidth.of(savedMark)
        }
        if let badge = badge(status) {
            buffer.write(badge, x: titleX, y: y, style: CellStyle(base.attributes.union(.bold), color: .success))
            titleX += TextWidth.of(badge)
        }
        let titleStyle = switch status {
        case _ where watched: CellStyle(base.attributes.union(.bold), color: .accent)
        case .unread: CellStyle(base.attributes.union(.bold))
        case .read: CellStyle(base.attributes, color: .muted)
        case .updated: base
        }
        let room = max(0, columns.title - (titleX - x))
        let text = text ?? RowText(question)
        buffer.write(RowText.fit(text.title, width: text.titleWidth, to: room), x: titleX, y: y, style: titleStyle)
        x += columns.title + 1

        if columns.tags > 0 {
            buffer.write(RowText.fit(text.tags, width: text.tagsWidth, to: columns.tags), x: x, y: y, style: CellStyle(base.attributes, color: .tag))
            x += columns.tags + 1
        }
        let date = columns.dateShown == .creation ? question.creationDate : (question.lastActivityDate ?? question.creationDate)
        let age = RelativeAge.short(date, now: now)
        buffer.write(age, x: buffer.width - 1 - TextWidth.of(age), y: y, style: CellStyle(base.attributes, color: .muted))
    }
}

extension QuestionListState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        QuestionListScreen.draw(self, marks: state.shared.readMarks, saved: state.shared.savedIDs, rows: state.viewport.contentRows,
                                now: now, liveKey: state.shared.keyName(.showLive), watched: state.shared.watchedUnopened,
                                math: state.siteMath.options, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        // While the store's copy shows, the network's page is on its way.
        let left = cachedAt.map { Plural.count(rows.items.count, "question") + " · cached \(RelativeAge.long($0, now: now))" }
            ?? StatusLine.count(rows.items.count, "question", rows.pending)
        return (left, [StatusLine.hint(.help, "help", state.shared)])
    }
}
