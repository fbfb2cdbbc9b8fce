import Foundation
import AppCore
import StackAPI
import TeXMath
import TextEngine

/// Draws the latest answers feed: score, accepted mark, the question's title, author and age.
public enum AnswersFeedScreen {
    /// Draws `screen` (header, column header, `rows - 1` rows of answers, end row) into `buffer`.
    /// On a math site (`math`), titles show their formulas typeset.
    public static func draw(_ screen: AnswersFeedState, site: String, rows: Int, now: Date, math: MathOptions? = nil,
                            into buffer: inout ScreenBuffer) {
        let feed = screen.rows
        Chrome.drawHeader(left: "\(site) · latest answers", right: "stackterm", into: &buffer)
        buffer.write(TextWidth.truncate(columnHeader(width: buffer.width), to: buffer.width), x: 0, y: 1,
                     style: QuestionListScreen.columnHeaderStyle)
        var y = 2
        var index = feed.scrollOffset
        while y <= rows, index < feed.items.count {
            drawRow(feed.items[index], title: screen.titles[feed.items[index].questionID],
                    selected: index == feed.selection, now: now, math: math, y: y, into: &buffer)
            y += 1
            index += 1
        }
        if y <= rows, let end = PagedListRows.endRow(feed, noun: "answers") {
            buffer.write(TextWidth.truncate(end.text, to: buffer.width - 2), x: 2, y: y, style: end.style)
        }
    }

    /// "score   question … author posted": the labels over the columns `drawRow` draws (author names end just before
    /// the date column, so their label is right-aligned there too).
    static func columnHeader(width: Int) -> String {
        let dateLabel = width >= 60 ? "posted" : "post"
        let dateX = width - 1 - TextWidth.of(dateLabel)
        var line = "score   question"
        if width >= 60 { line = TextWidth.fit(line, to: dateX - 1 - 6) + "author" }
        return TextWidth.fit(line, to: dateX) + dateLabel
    }

    static func drawRow(_ answer: Answer, title: String?, selected: Bool, now: Date, math: MathOptions? = nil, y: Int,
                        into buffer: inout ScreenBuffer) {
        let base = selected ? CellStyle(.reverse) : .plain
        if selected { buffer.fillRow(y, style: base) }
        let width = buffer.width
        let score = TextWidth.truncate(UnknownValue.text(answer.score), to: 5)
        buffer.write(String(repeating: " ", count: 5 - TextWidth.of(score)) + score, x: 0, y: y, style: base)
        if answer.isAccepted { buffer.write("✓", x: 6, y: y, style: CellStyle(base.attributes, color: .success)) }
        let age = RelativeAge.short(answer.creationDate, now: now)
        let author = width >= 60 ? TerminalSafety.sanitize(answer.owner?.displayName ?? "") : ""
        let authorWidth = author.isEmpty ? 0 : min(18, TextWidth.of(author)) + 1
        let titleWidth = max(1, width - 8 - authorWidth - 6)
        let titleText = title.map { ShownTitle.of($0, math: math) } ?? "question #\(answer.questionID)"
        buffer.write(TextWidth.truncate(titleText, to: titleWidth), x: 8, y: y, style: title == nil ? CellStyle(base.attributes, color: .muted) : base)
        if authorWidth > 0 {
            buffer.write(TextWidth.truncate(author, to: authorWidth - 1), x: width - 5 - authorWidth, y: y, style: CellStyle(base.attributes, color: .muted))
        }
        buffer.write(age, x: width - 1 - TextWidth.of(age), y: y, style: CellStyle(base.attributes, color: .muted))
    }
}

/// The row after the last item of a paged list: loading, error, end, or page limit.
enum PagedListRows {
    static func endRow<Item>(_ list: PagedList<Item>, noun: String) -> (text: String, style: CellStyle)? {
        if let pending = list.pending {
            if list.items.isEmpty && !pending.indicatorVisible { return nil }
            return ("Loading page \(pending.page)…", CellStyle(.dim, color: .muted))
        }
        if let error = list.error { return ("⚠ " + error.summary(retryKey: nil), CellStyle(.bold, color: .error)) }
        switch list.end {
        case .noMore?:
            return (list.items.isEmpty ? "No \(noun) found." : "— end of list —", CellStyle(color: .muted))
        case .pageLimit?:
            return ("— " + APIError.pageLimit(page: list.nextPage).summary + " —", CellStyle(color: .warning))
        case .repeated?:
            return ("— end of list (the server sent no new \(noun)) —", CellStyle(color: .muted))
        case nil:
            return nil
        }
    }
}

extension AnswersFeedState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        AnswersFeedScreen.draw(self, site: state.shared.site, rows: state.viewport.contentRows, now: now,
                               math: state.siteMath.options, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        (StatusLine.count(rows.items.count, "answer", rows.pending),
         [StatusLine.hint(.toggleAnswersFeed, "questions", state.shared), StatusLine.hint(.help, "help", state.shared)])
    }
}
