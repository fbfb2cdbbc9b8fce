import Foundation
import AppCore
import StackAPI

/// Draws the question list: one row per question with score, answers, title, tags and age.
public enum QuestionListScreen {
    /// Column widths for a terminal width; tags and answer counts give way first on narrow terminals.
    struct Columns: Equatable {
        var score: Int
        var answers: Int
        var tags: Int
        var age: Int
        var title: Int

        init(width: Int) {
            score = 5
            age = 4
            answers = width >= 40 ? 4 : 3
            tags = width >= 100 ? min(32, width / 4) : (width >= 80 ? 20 : 0)
            let gaps = 1 + 1 + 1 + (tags > 0 ? 1 : 0) + 1 + 1
            title = max(1, width - score - answers - tags - age - gaps)
        }
    }

    /// Draws the list screen of `state` into `buffer` (header, rows, end row, status).
    public static func draw(_ state: AppState, now: Date, into buffer: inout ScreenBuffer) {
        let list = state.list
        let settings = state.settings
        let tags = settings.tagged.isEmpty ? "" : " · [" + settings.tagged.joined(separator: ";") + "]"
        Chrome.drawHeader(left: "\(settings.site) · \(settings.sort.rawValue)\(tags)", right: "stackterm", into: &buffer)

        let rows = state.viewport.contentRows
        let columns = Columns(width: buffer.width)
        var y = 1
        var index = list.scrollOffset
        while y <= rows, index < list.questions.count {
            drawRow(list.questions[index], selected: index == list.selection, columns: columns, now: now, y: y, into: &buffer)
            y += 1
            index += 1
        }
        if y <= rows, let endRow = endRowText(list) {
            buffer.write(TextWidth.truncate(endRow.text, to: buffer.width - 2), x: 2, y: y, style: endRow.style)
        }
        drawStatus(state, into: &buffer)
    }

    static func drawRow(_ question: Question, selected: Bool, columns: Columns, now: Date, y: Int, into buffer: inout ScreenBuffer) {
        let base = selected ? CellStyle(.reverse) : .plain
        if selected { buffer.fillRow(y, style: base) }
        var x = 0
        let score = TextWidth.truncate(String(question.score), to: columns.score)
        buffer.write(String(repeating: " ", count: columns.score - TextWidth.of(score)) + score, x: x, y: y, style: base)
        x += columns.score + 1

        let accepted = question.acceptedAnswerID != nil
        let answerText = (accepted ? "✓" : " ") + String(question.answerCount)
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
        let age = RelativeAge.short(question.creationDate, now: now)
        buffer.write(age, x: buffer.width - 1 - TextWidth.of(age), y: y, style: CellStyle(base.attributes, color: .muted))
    }

    static func endRowText(_ list: QuestionListState) -> (text: String, style: CellStyle)? {
        if let pending = list.pending {
            if list.questions.isEmpty && !pending.indicatorVisible { return nil }
            return ("Loading page \(pending.page)…", CellStyle(.dim, color: .muted))
        }
        if let error = list.error { return ("⚠ " + error.summary, CellStyle(.bold, color: .error)) }
        switch list.end {
        case .noMore?:
            return (list.questions.isEmpty ? "No questions found." : "— end of list —", CellStyle(color: .muted))
        case .pageLimit?:
            return ("— " + APIError.pageLimit(page: list.nextPage).summary + " —", CellStyle(color: .warning))
        case nil:
            return nil
        }
    }

    static func drawStatus(_ state: AppState, into buffer: inout ScreenBuffer) {
        let list = state.list
        var left = "\(list.questions.count) questions"
        if let pending = list.pending, pending.indicatorVisible { left += " · loading page \(pending.page)…" }
        if let message = state.status.message { left = message }
        let quota = Chrome.quotaText(state.status)
        let right = (quota.isEmpty ? "" : quota + " · ") + "? help"
        Chrome.drawStatus(left: left, right: right, isError: state.status.isError, into: &buffer)
    }
}
