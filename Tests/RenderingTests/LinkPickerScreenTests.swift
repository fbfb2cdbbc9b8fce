import AppCore
import Foundation
import Rendering
import StackAPI
import TestSupport
import XCTest

/// The links the link picker lists: each post's `[n]` with the link's text, and the picker's rows.
final class LinkPickerScreenTests: XCTestCase {
    func testTheRendererKeepsEachLinksFirstText() {
        let html = "<p><a href=\"https://a.example/x\">the  <b>first</b>\nlink</a>, <a href=\"/q/1\"></a>, <a href=\"https://a.example/x\">again</a></p>"
        let document = HTMLRenderer.render(html: html, width: 80)
        XCTAssertEqual(document.links, ["https://a.example/x", "/q/1"])
        XCTAssertEqual(document.linkTexts, ["the first link", ""])
    }

    func testTheLayoutMeasuresEveryPostsLinksInOrder() throws {
        var state = ThreadState(questionID: 1, summary: nil)
        let question = Fixtures.question(id: 1, body: "<p>See <a href=\"https://example.com/a\">the docs</a>.</p>")
        let answer = Fixtures.answer(id: 7, question: 1, body: "<p><a href=\"/questions/42\">this</a> and <a href=\"https://x.org\">that</a></p>")
        state.thread = QuestionThread(question: question, answers: [answer])
        let layout = ThreadDocument.layout(for: state, width: 60, now: Date())
        XCTAssertEqual(layout.measure.links, [
            ThreadLink(postID: 1, number: 1, text: "the docs", url: "https://example.com/a"),
            ThreadLink(postID: 7, number: 1, text: "this", url: "/questions/42"),
            ThreadLink(postID: 7, number: 2, text: "that", url: "https://x.org"),
        ])
    }

    func testThePickerShowsNumberTextURLAndPost() {
        var picker = LinkPickerState(links: [
            ThreadLink(postID: 1, number: 1, text: "the docs", url: "https://example.com/a"),
            ThreadLink(postID: 7, number: 1, text: "https://x.org", url: "https://x.org"),
        ], postInView: 1)
        picker.selection = 1
        var buffer = ScreenBuffer(width: 70, height: 10)
        LinkPickerScreen.draw(picker, questionID: 1, rows: 8, into: &buffer)
        let lines = buffer.lines
        XCTAssertTrue(lines[0].contains("Links"), lines[0])
        XCTAssertTrue(lines[2].contains("[1] the docs — https://example.com/a  (question)"), lines[2])
        XCTAssertTrue(lines[3].contains("[1] https://x.org  (answer 7)"), lines[3])
    }
}
