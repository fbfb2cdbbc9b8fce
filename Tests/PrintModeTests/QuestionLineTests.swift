import Foundation
import PrintMode
import StackAPI
import XCTest

/// The two output formats, and what a hostile title becomes in each.
final class QuestionLineTests: XCTestCase {
    private let question = Question(
        questionID: 4414, title: "Why \u{1B}]0;pwned\u{07}does\u{1B}[2J this\tfail?\u{2028}x", tags: ["plutus", "datum"],
        isAnswered: true, answerCount: 2, score: -3, creationDate: Date(timeIntervalSince1970: 1_636_030_420),
        link: "https://cardano.stackexchange.com/questions/4414/x")

    func testPlainLineIsScoreAnswersTitleTagsLinkWithoutControls() {
        let line = QuestionLine.plain(question)
        XCTAssertEqual(line, "-3  2  Why does this fail? x  [plutus datum]  https://cardano.stackexchange.com/questions/4414/x")
        XCTAssertFalse(line.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" })
    }

    func testPlainLineDropsBidiControlsAndCutsCombiningStormsWhileJSONKeepsThem() throws {
        var hostile = question
        hostile.title = "\u{202E}evil\u{202C} \u{2067}iso\u{2069} \u{200F}mark\u{200E}\u{061C} Z" + String(repeating: "\u{0336}", count: 50)
        hostile.tags = ["t\u{202E}ag" + String(repeating: "\u{0301}", count: 10)]
        let line = QuestionLine.plain(hostile)
        XCTAssertEqual(line, "-3  2  evil iso mark Z\u{0336}\u{0336}\u{0336}  [tag\u{0301}\u{0301}\u{0301}]  https://cardano.stackexchange.com/questions/4414/x")
        let bidi: Set<UInt32> = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
        XCTAssertFalse(line.unicodeScalars.contains { bidi.contains($0.value) })

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(QuestionLine.json(hostile).utf8)) as? [String: Any])
        XCTAssertEqual(object["title"] as? String, hostile.title, "JSON is lossless")
        XCTAssertEqual(object["tags"] as? [String], hostile.tags)
    }

    func testPlainLineWithoutALink() {
        var bare = question
        bare.link = nil
        bare.tags = []
        XCTAssertTrue(QuestionLine.plain(bare).hasSuffix("  []  -"), QuestionLine.plain(bare))
    }

    func testJSONLineHasEveryFieldAndKeepsTheTitleEscaped() throws {
        let line = QuestionLine.json(question)
        XCTAssertFalse(line.contains("\n"))
        XCTAssertFalse(line.unicodeScalars.contains { $0.value < 0x20 }, "control characters are escaped")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["id", "title", "score", "answer_count", "is_answered", "tags", "link", "creation_date"])
        XCTAssertEqual(object["id"] as? Int, 4414)
        XCTAssertEqual(object["title"] as? String, question.title, "JSON keeps the exact title")
        XCTAssertEqual(object["score"] as? Int, -3)
        XCTAssertEqual(object["answer_count"] as? Int, 2)
        XCTAssertEqual(object["is_answered"] as? Bool, true)
        XCTAssertEqual(object["tags"] as? [String], ["plutus", "datum"])
        XCTAssertEqual(object["link"] as? String, "https://cardano.stackexchange.com/questions/4414/x")
        XCTAssertEqual(object["creation_date"] as? String, "2021-11-04T12:53:40Z")
    }

    func testJSONLinkIsNullWhenAbsent() throws {
        var bare = question
        bare.link = nil
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(QuestionLine.json(bare).utf8)) as? [String: Any])
        XCTAssertTrue(object["link"] is NSNull)
    }
}

/// A question whose numbers the API sent out of range prints `?` (plain) or `null` (JSON), never an invented value.
final class QuestionLineUnknownTests: XCTestCase {
    private func decoded(_ fields: String) throws -> Question {
        let body = #"{"items":[{"question_id":9,"title":"Odd","link":"https://x/q/9",\#(fields)}]}"#
        return try XCTUnwrap(ResponseDecoder.decode(Question.self, from: Data(body.utf8), httpStatus: 200).get().items.first)
    }

    func testFarFutureDateIsNullNotYear506713() throws {
        for date in ["1e20", "-1e20", "1.5"] {
            let line = QuestionLine.json(try decoded(#""creation_date":\#(date),"score":4,"answer_count":1"#))
            XCTAssertFalse(line.contains("506713"), line)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(Set(object.keys), ["id", "title", "score", "answer_count", "is_answered", "tags", "link", "creation_date"])
            XCTAssertTrue(object["creation_date"] is NSNull, "\(date): \(line)")
            XCTAssertEqual(object["score"] as? Int, 4)
            XCTAssertEqual(object["title"] as? String, "Odd")
        }
    }

    func testUnknownCountsAreNullInJSONAndQuestionMarksInPlainText() throws {
        let question = try decoded(#""creation_date":1636030420,"score":1e30,"answer_count":-5"#)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(QuestionLine.json(question).utf8)) as? [String: Any])
        XCTAssertTrue(object["score"] is NSNull)
        XCTAssertTrue(object["answer_count"] is NSNull)
        XCTAssertEqual(object["creation_date"] as? String, "2021-11-04T12:53:40Z")
        XCTAssertEqual(QuestionLine.plain(question), "?  ?  Odd  []  https://x/q/9")
    }
}
