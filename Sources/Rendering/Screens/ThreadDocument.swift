import Foundation
import AppCore
import StackAPI

/// Lays out a question thread (question, body, answers) as styled lines for a width.
public enum ThreadDocument {
    /// All lines of the question view's scrollable content.
    public static func lines(for thread: ThreadState, width: Int, now: Date) -> [StyledLine] {
        let question = thread.thread?.question ?? thread.summary
        var lines: [StyledLine] = []
        if let question {
            lines += header(question, now: now, width: width)
        } else {
            lines.append(StyledLine([StyledSpan("Question \(thread.questionID)", style: CellStyle(.bold))]))
        }
        lines.append(StyledLine())

        guard let loaded = thread.thread else {
            if let error = thread.error {
                lines += TextWrap.wrap([StyledSpan("⚠ " + error.summary, style: CellStyle(.bold, color: .error))], width: width)
            } else if thread.pending?.indicatorVisible == true {
                lines.append(StyledLine([StyledSpan("Loading question and answers…", style: CellStyle(.dim, color: .muted))]))
            }
            return lines
        }
        lines += body(loaded.question.body, width: width)
        lines.append(StyledLine())
        lines += answersSection(loaded.answers, width: width, now: now)
        lines += attribution(loaded.question, width: width)
        return lines
    }

    static func header(_ question: Question, now: Date, width: Int) -> [StyledLine] {
        var lines = TextWrap.wrap([StyledSpan(TerminalSafety.sanitize(question.title), style: CellStyle(.bold, color: .accent))], width: width)
        var meta = "▲ \(question.score) · \(question.viewCount) views · asked \(RelativeAge.long(question.creationDate, now: now))"
        if let owner = question.owner?.displayName { meta += " by " + TerminalSafety.sanitize(owner) }
        meta += " · \(question.answerCount) answer\(question.answerCount == 1 ? "" : "s")"
        lines += TextWrap.wrap([StyledSpan(meta, style: CellStyle(color: .muted))], width: width)
        if !question.tags.isEmpty {
            let tags = question.tags.map { "[" + TerminalSafety.sanitize($0) + "]" }.joined(separator: " ")
            lines += TextWrap.wrap([StyledSpan(tags, style: CellStyle(color: .tag))], width: width)
        }
        return lines
    }

    static func body(_ html: String?, width: Int) -> [StyledLine] {
        guard let html, !html.isEmpty else {
            return [StyledLine([StyledSpan("(no body)", style: CellStyle(.dim, color: .muted))])]
        }
        return HTMLRenderer.render(html: html, width: width).lines
    }

    static func answersSection(_ answers: [Answer], width: Int, now: Date) -> [StyledLine] {
        guard !answers.isEmpty else {
            return [StyledLine([StyledSpan("No answers yet.", style: CellStyle(.dim, color: .muted))]), StyledLine()]
        }
        var lines: [StyledLine] = []
        for (index, answer) in answers.enumerated() {
            lines.append(answerRule(answer, number: index + 1, of: answers.count, width: width, now: now))
            lines.append(StyledLine())
            lines += body(answer.body, width: width)
            lines.append(StyledLine())
        }
        return lines
    }

    static func answerRule(_ answer: Answer, number: Int, of count: Int, width: Int, now: Date) -> StyledLine {
        var label = "── Answer \(number)/\(count)"
        if answer.isAccepted { label += " · ✓ accepted" }
        label += " · ▲ \(answer.score)"
        if let owner = answer.owner?.displayName { label += " · " + TerminalSafety.sanitize(owner) }
        label += " · " + RelativeAge.long(answer.creationDate, now: now) + " "
        let text = TextWidth.truncate(label, to: width)
        let rule = String(repeating: "─", count: max(0, width - TextWidth.of(text)))
        let color: CellColor = answer.isAccepted ? .success : .accent
        return StyledLine([StyledSpan(text + rule, style: CellStyle(.bold, color: color))])
    }

    static func attribution(_ question: Question, width: Int) -> [StyledLine] {
        let link = question.link ?? "question \(question.questionID)"
        let text = "Posts by their authors, licensed CC BY-SA — \(TerminalSafety.sanitize(link))"
        return TextWrap.wrap([StyledSpan(text, style: CellStyle(.dim, color: .muted))], width: width)
    }
}
