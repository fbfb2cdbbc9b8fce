import Foundation
import StackAPI
import TeXMath
import TextEngine

/// A loaded thread as `stackterm print` writes it: plain text wrapped to a width, or one JSON object.
public enum ThreadText {
    /// The answers to print: all in reading order, or with `topAnswerOnly` the one the link named, else the
    /// first in reading order (the accepted answer, else the highest scored).
    public static func answers(of loaded: ThreadLoader.Loaded, topAnswerOnly: Bool) -> [Answer] {
        let answers = loaded.thread.answers
        guard topAnswerOnly else { return answers }
        let named = loaded.answerID.flatMap { id in answers.first { $0.answerID == id } }
        return (named ?? answers.first).map { [$0] } ?? []
    }

    /// Plain text: the question's heading and body (unless `topAnswerOnly`, which prints the title line and the
    /// answer), then each answer under a rule naming it; bodies rendered by the app's HTML renderer and sanitized,
    /// formulas typeset as `math` says (nil: the site has no MathJax, dollars are text).
    public static func plain(_ loaded: ThreadLoader.Loaded, topAnswerOnly: Bool, width: Int, math: MathOptions? = nil) -> String {
        let question = loaded.thread.question
        var lines = wrapped(MathText.line(clean(question.title), options: math), width: width)
        let asked = [
            "score \(UnknownValue.text(question.score))",
            plural(question.answerCount, "answer"),
            question.creationDate.map { "asked \(day($0))" },
            question.owner?.displayName.map { "by \(clean($0))" },
        ].compactMap { $0 }.joined(separator: " · ")
        lines += wrapped(asked, width: width)
        if !question.tags.isEmpty { lines += wrapped("[\(question.tags.map(clean).joined(separator: " "))]", width: width) }
        if let link = question.link { lines.append(clean(link)) }
        // Links are numbered once through the thread, as the browser numbers them.
        var nextLink = 1
        if !topAnswerOnly {
            lines.append("")
            lines += body(question.body, width: width, math: math, nextLink: &nextLink)
        }
        let answers = answers(of: loaded, topAnswerOnly: topAnswerOnly)
        for (index, answer) in answers.enumerated() {
            lines.append("")
            lines.append(rule(answerHeading(answer, number: index + 1, of: answers.count, topOnly: topAnswerOnly), width: width))
            lines.append("")
            lines += body(answer.body, width: width, math: math, nextLink: &nextLink)
        }
        if answers.isEmpty {
            lines.append("")
            lines.append("(no answers)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object: `question` (id, title, score, answer_count, is_answered, tags, link, creation_date,
    /// owner, body as the API sent its HTML) and `answers` (id, score, is_accepted, creation_date, owner, body).
    /// Lossless: strings exact, unknown numbers and dates `null`.
    public static func json(_ loaded: ThreadLoader.Loaded, topAnswerOnly: Bool) -> String {
        let record = ThreadRecord(question: loaded.thread.question, answers: answers(of: loaded, topAnswerOnly: topAnswerOnly))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func answerHeading(_ answer: Answer, number: Int, of count: Int, topOnly: Bool) -> String {
        [
            topOnly ? "Answer" : "Answer \(number) of \(count)",
            answer.isAccepted ? "accepted" : nil,
            "score \(UnknownValue.text(answer.score))",
            answer.owner?.displayName.map { "by \(clean($0))" },
        ].compactMap { $0 }.joined(separator: " · ")
    }

    /// A post's body, its links numbered from `nextLink` (moved past them) and every one listed as `[n] URL` after it.
    private static func body(_ html: String?, width: Int, math: MathOptions?, nextLink: inout Int) -> [String] {
        guard let html, !html.isEmpty else { return ["(no body)"] }
        guard let document = HTMLRenderer.render(html: html, width: width, styleCode: nil, firstLinkNumber: nextLink, math: math,
                                                 listsEveryLink: true, isCancelled: { false }) else { return [] }
        nextLink += document.links.count
        return document.plainLines
    }

    /// `text` wrapped at spaces to `width` columns (a word longer than the width is broken).
    private static func wrapped(_ text: String, width: Int) -> [String] {
        TextWrap.wrap(text, width: width).map(\.text)
    }

    private static func rule(_ heading: String, width: Int) -> String {
        let text = "── " + heading + " "
        return text + String(repeating: "─", count: max(2, width - TextWidth.of(text)))
    }

    private static func plural(_ count: Int?, _ noun: String) -> String {
        Plural.count(count, noun)
    }

    private static func day(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }

    /// `text` safe for one terminal line (the same cleaning as `QuestionLine`).
    private static func clean(_ text: String) -> String {
        QuestionLine.cleanLine(text)
    }
}
