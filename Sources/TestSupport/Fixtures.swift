import Foundation
import StackAPI

/// Small model values for tests, built through the API's own JSON shape so they stay valid as models grow.
public enum Fixtures {
    /// A question as `/questions` returns it (no body unless given).
    public static func question(id: Int, title: String = "Question", score: Int = 1, answers: Int = 0, accepted: Int? = nil,
                                tags: [String] = ["swift"], created: Int = 1_600_000_000, body: String? = nil) -> Question {
        var json: [String: Any] = [
            "question_id": id, "title": title, "tags": tags, "score": score, "answer_count": answers,
            "view_count": 10, "is_answered": answers > 0, "creation_date": created, "last_activity_date": created,
            "link": "https://example.stackexchange.com/questions/\(id)",
            "owner": ["user_id": 1, "display_name": "Asker", "reputation": 10, "user_type": "registered"],
        ]
        if let accepted { json["accepted_answer_id"] = accepted }
        if let body { json["body"] = body }
        return decode(Question.self, json)
    }

    /// An answer to `question` as `/questions/{id}/answers` returns it with `filter=withbody`.
    public static func answer(id: Int, question: Int, score: Int = 0, accepted: Bool = false, body: String = "<p>Answer</p>") -> Answer {
        decode(Answer.self, [
            "answer_id": id, "question_id": question, "score": score, "is_accepted": accepted,
            "creation_date": 1_600_000_100, "last_activity_date": 1_600_000_100, "body": body,
            "owner": ["user_id": 2, "display_name": "Answerer", "reputation": 20, "user_type": "registered"],
        ])
    }

    /// A page of `count` questions with ids starting at `firstID`.
    public static func page(_ number: Int, count: Int, firstID: Int, hasMore: Bool = true, quota: Int = 290) -> Page<Question> {
        Page(items: (0..<count).map { question(id: firstID + $0, title: "Question \(firstID + $0)") },
             hasMore: hasMore, page: number, quotaRemaining: quota, quotaMax: 300)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ json: [String: Any]) -> T {
        do {
            let data = try JSONSerialization.data(withJSONObject: json)
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            fatalError("fixture does not decode as \(T.self): \(error)")
        }
    }
}
