import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TextEngine

/// Scores, counts and dates the API sent out of range show as `?`; nothing on screen traps on them.
final class UnknownValueTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func decoded<Item: Decodable & Sendable>(_ type: Item.Type, _ object: String) throws -> Item {
        let body = #"{"items":[\#(object)]}"#
        return try XCTUnwrap(ResponseDecoder.decode(type, from: Data(body.utf8), httpStatus: 200).get().items.first)
    }

    private var oddQuestion: Question {
        get throws {
            try decoded(Question.self, #"{"question_id":7,"title":"Far future","creation_date":1e20,"score":1e30,"#
                + #""answer_count":-5,"view_count":1.5,"tags":["time"],"body":"<p>Body</p>","owner":{"display_name":"Ann"}}"#)
        }
    }

    func testListRowShowsQuestionMarks() throws {
        let store = try ReducerTestStore.listing(.only([try oddQuestion]), columns: 100, rows: 10)
        let lines = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(lines[2].hasPrefix("    ?  ?   Far future"), lines[2])
        XCTAssertTrue(lines[2].hasSuffix(" ? "), lines[2])
    }

    func testThreadHeaderAndAnswerRuleShowQuestionMarks() throws {
        let question = try oddQuestion
        let answer = try decoded(Answer.self, #"{"answer_id":8,"question_id":7,"score":1e30,"creation_date":-1e20,"body":"<p>A</p>"}"#)
        let store = try ReducerTestStore.listing(.only([question]), columns: 100, rows: 10)
        try store.openSelectedQuestion(loading: QuestionThread(question: question, answers: [answer]))
        let thread = try XCTUnwrap(store.state.thread)
        let text = ThreadLayoutCache().lines(for: thread, width: 98, now: now).map(\.text)
        XCTAssertTrue(text.contains { $0.hasPrefix("▲ ? · ? views · asked ? by Ann · ? answers") }, text.joined(separator: "\n"))
        XCTAssertTrue(text.contains { $0.hasPrefix("── Answer 1/1 · ▲ ? · ? ─") }, text.joined(separator: "\n"))
    }

    func testRelativeAgeNeverTraps() {
        XCTAssertEqual(RelativeAge.short(nil, now: now), "?")
        XCTAssertEqual(RelativeAge.long(nil, now: now), "?")
        XCTAssertEqual(RelativeAge.short(Date(timeIntervalSince1970: 1e20), now: now), "now", "the future is now")
        XCTAssertEqual(RelativeAge.short(Date(timeIntervalSince1970: -1e20), now: now), "1000000y")
        XCTAssertEqual(RelativeAge.long(.distantPast, now: .distantFuture), "4002 years ago")
        XCTAssertEqual(RelativeAge.short(now.addingTimeInterval(-3 * 86_400), now: now), "3d")
    }

    func testHugeListNumbersDoNotOverflow() {
        let html = #"<ol start="9223372036854775807"><li>a</li><li>b</li></ol><ol><li value="9223372036854775807">c</li><li>d</li></ol>"#
            + #"<ol start="-9223372036854775808"><li>e</li></ol><ol start="41"><li>f</li></ol>"#
        let lines = HTMLRenderer.render(html: html, width: 40).lines.map(\.text).filter { !$0.isEmpty }
        XCTAssertEqual(lines, ["1. a", "2. b", "1. c", "2. d", "1. e", "41. f"])
    }
}
