import Foundation
import StackAPI

/// The JSON object `stackterm print --question --json` writes for a thread.
struct ThreadRecord: Encodable {
    let question: QuestionWithBody
    let answers: [AnswerRecord]

    init(question: Question, answers: [Answer]) {
        self.question = QuestionWithBody(question: question)
        self.answers = answers.map(AnswerRecord.init)
    }
}

/// `QuestionRecord`'s keys plus `owner` and `body` (the HTML as the API sent it).
struct QuestionWithBody: Encodable {
    let question: Question

    enum CodingKeys: String, CodingKey { case owner, body }

    func encode(to encoder: any Encoder) throws {
        try QuestionRecord(question).encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(question.owner?.displayName, forKey: .owner)
        try container.encode(question.body, forKey: .body)
    }
}

/// One answer of a printed thread.
struct AnswerRecord: Encodable {
    let answer: Answer

    enum CodingKeys: String, CodingKey {
        case id, score, isAccepted = "is_accepted", creationDate = "creation_date", owner, body
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(answer.answerID, forKey: .id)
        try container.encode(answer.score, forKey: .score)
        try container.encode(answer.isAccepted, forKey: .isAccepted)
        try container.encode(answer.creationDate.map { $0.formatted(.iso8601) }, forKey: .creationDate)
        try container.encode(answer.owner?.displayName, forKey: .owner)
        try container.encode(answer.body, forKey: .body)
    }
}
