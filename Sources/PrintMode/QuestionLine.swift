import Foundation
import StackAPI
import TeXMath
import TextEngine

/// One question as a line of `stackterm print` output: plain text or a JSON object.
public enum QuestionLine {
    /// `score  answers  title  [tags]  link`, with every control character, escape sequence and bidi control
    /// removed and runs of combining marks cut to `TerminalSafety.defaultCombiningMarkLimit`;
    /// a score or count the API sent out of range shows as `?`; the title's formulas typeset as `math` says.
    public static func plain(_ question: Question, math: MathOptions? = nil) -> String {
        let tags = question.tags.map(cleanLine).joined(separator: " ")
        let link = question.link.map(cleanLine) ?? "-"
        let score = UnknownValue.text(question.score), answers = UnknownValue.text(question.answerCount)
        return "\(score)  \(answers)  \(MathText.line(cleanLine(question.title), options: math))  [\(tags)]  \(link)"
    }

    /// A JSON object on one line: id, title, score, answer_count, is_answered, tags, link, creation_date (ISO 8601).
    /// Lossless: control characters in strings are escaped by the JSON encoder, nothing is removed. Every line has
    /// every key: a score, count or date the API sent out of range (or left out, for the date) is `null`.
    public static func json(_ question: Question) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(QuestionRecord(question)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `text` safe for one terminal line: sanitized, combining marks limited, and every run of white space
    /// (tabs, line and paragraph separators included) one space.
    static func cleanLine(_ text: String) -> String {
        TerminalSafety.limitCombiningMarks(TerminalSafety.sanitize(text))
            .split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
    }
}

/// The fields `--json` prints for a question.
struct QuestionRecord: Encodable {
    let id: Int
    let title: String
    let score: Int?
    let answerCount: Int?
    let isAnswered: Bool
    let tags: [String]
    let link: String?
    let creationDate: String?

    init(_ question: Question) {
        id = question.questionID
        title = question.title
        score = question.score
        answerCount = question.answerCount
        isAnswered = question.isAnswered
        tags = question.tags
        link = question.link
        creationDate = question.creationDate.map { $0.formatted(.iso8601) }
    }

    enum CodingKeys: String, CodingKey {
        case id, title, score, answerCount = "answer_count", isAnswered = "is_answered", tags, link
        case creationDate = "creation_date"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(score, forKey: .score)
        try container.encode(answerCount, forKey: .answerCount)
        try container.encode(isAnswered, forKey: .isAnswered)
        try container.encode(tags, forKey: .tags)
        // null when unknown or absent, so every line has the same keys
        try container.encode(link, forKey: .link)
        try container.encode(creationDate, forKey: .creationDate)
    }
}
