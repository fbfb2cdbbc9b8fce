import Foundation
import PrintMode
import StackAPI
import XCTest

/// A thread as `print --question` writes it, from hand-built models (no network).
final class ThreadTextTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_600_000_000)

    private func loaded(answerID: Int? = nil) -> ThreadLoader.Loaded {
        let question = Question(
            questionID: 1, title: "Why \u{1B}[31mred\u{202E}?", tags: ["a", "b"], owner: ShallowUser(displayName: "Ann"),
            answerCount: 3, score: 5, acceptedAnswerID: 20, creationDate: date,
            link: "https://example.stackexchange.com/questions/1", body: "<p>Question <b>body</b>.</p>")
        let answers = [
            Answer(answerID: 10, questionID: 1, score: 50, creationDate: date, body: "<p>Top scored.</p>"),
            Answer(answerID: 20, questionID: 1, score: 2, isAccepted: true, owner: ShallowUser(displayName: "Bo"),
                   creationDate: date, body: "<p>Accepted.</p>"),
            Answer(answerID: 30, questionID: 1, score: nil, creationDate: nil, body: nil),
        ]
        return ThreadLoader.Loaded(thread: QuestionThread(question: question, answers: answers), answerID: answerID)
    }

    func testTopAnswerIsTheLinkedOneElseTheAcceptedOne() {
        XCTAssertEqual(ThreadText.answers(of: loaded(), topAnswerOnly: true).map(\.answerID), [20])
        XCTAssertEqual(ThreadText.answers(of: loaded(answerID: 30), topAnswerOnly: true).map(\.answerID), [30])
        XCTAssertEqual(ThreadText.answers(of: loaded(answerID: 99), topAnswerOnly: true).map(\.answerID), [20])
        XCTAssertEqual(ThreadText.answers(of: loaded(), topAnswerOnly: false).map(\.answerID), [20, 10, 30])
    }

    func testPlainTextIsSanitizedWrappedAndNamesEachAnswer() {
        let lines = ThreadText.plain(loaded(), topAnswerOnly: false, width: 40).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[0], "Why red?")
        XCTAssertEqual(lines[1], "score 5 · 3 answers · asked 2020-09-13 ·")
        XCTAssertEqual(lines[2], "by Ann")
        XCTAssertEqual(lines[3], "[a b]")
        XCTAssertTrue(lines.contains("Question body."))
        let rules = lines.filter { $0.hasPrefix("── Answer") }
        XCTAssertEqual(rules.map { String($0.prefix(38)) }, [
            "── Answer 1 of 3 · accepted · score 2 ",
            "── Answer 2 of 3 · score 50 ──────────",
            "── Answer 3 of 3 · score ? ───────────",
        ])
        // A rule fills the width; a heading too long for it keeps a short tail.
        XCTAssertEqual(rules.dropFirst().map(\.count), [40, 40])
        XCTAssertGreaterThan(rules[0].count, 40)
        XCTAssertTrue(rules[0].hasSuffix("Bo ──"), String(rules[0]))
        XCTAssertTrue(lines.contains("(no body)"))
        XCTAssertFalse(lines.contains { $0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E } })
    }

    /// Issue 32 case 10: links are numbered once through the thread (as the browser numbers them), not from [1] in
    /// every post, and each is listed as `[n] URL`, one shown as its own URL too.
    func testLinksAreNumberedThroughTheThreadAndEachIsListed() {
        let question = Question(questionID: 1, title: "Links", answerCount: 1, score: 1, creationDate: date,
                                body: "<p>See <a href=\"https://a.example/\">the docs</a>.</p>")
        let answer = Answer(answerID: 2, questionID: 1, score: 1, creationDate: date,
                            body: "<p>Also <a href=\"https://b.example/x\">https://b.example/x</a> and "
                                + "<a href=\"https://c.example/\">this</a>.</p>")
        let text = ThreadText.plain(ThreadLoader.Loaded(thread: QuestionThread(question: question, answers: [answer]), answerID: nil),
                                    topAnswerOnly: false, width: 80)
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("See the docs[1]."), text)
        XCTAssertTrue(lines.contains("[1] https://a.example/"), text)
        XCTAssertTrue(lines.contains("[2] https://b.example/x"), "a link shown as its URL is listed too:\n\(text)")
        XCTAssertTrue(lines.contains("[3] https://c.example/"), "numbers go on in the answer:\n\(text)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("[1] https://b") }, text)
    }

    func testTopAnswerOnlyLeavesTheQuestionBodyOut() {
        let text = ThreadText.plain(loaded(), topAnswerOnly: true, width: 80)
        XCTAssertFalse(text.contains("Question body."))
        XCTAssertTrue(text.contains("── Answer · accepted · score 2 · by Bo"))
        XCTAssertTrue(text.contains("Accepted."))
        XCTAssertFalse(text.contains("Top scored."))
    }

    func testJSONIsOneLosslessObject() throws {
        let text = ThreadText.json(loaded(), topAnswerOnly: false)
        XCTAssertEqual(text.filter { $0 == "\n" }.count, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let question = try XCTUnwrap(object["question"] as? [String: Any])
        XCTAssertEqual(question["title"] as? String, "Why \u{1B}[31mred\u{202E}?")
        XCTAssertEqual(question["body"] as? String, "<p>Question <b>body</b>.</p>")
        XCTAssertEqual(question["owner"] as? String, "Ann")
        let answers = try XCTUnwrap(object["answers"] as? [[String: Any]])
        XCTAssertEqual(answers.map { $0["id"] as? Int }, [20, 10, 30])
        XCTAssertTrue(answers[2]["score"] is NSNull)
        XCTAssertTrue(answers[2]["creation_date"] is NSNull)
        XCTAssertTrue(answers[2]["body"] is NSNull)
    }
}
