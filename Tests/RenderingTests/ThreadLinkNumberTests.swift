import AppCore
import Foundation
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import XCTest

/// Issue 21: a thread's links are numbered once, in reading order — the `[n]` markers in the bodies, their footnotes
/// and the link picker agree — and the picker says which post each link is in.
final class ThreadLinkNumberTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func answer(_ id: Int, by name: String, _ body: String) -> Answer {
        var answer = Fixtures.answer(id: id, question: 1, body: body)
        answer.owner = ShallowUser(userID: id, displayName: name)
        return answer
    }

    /// A question with one link and three answers with one or two links each, every body's first link its own `[1]`
    /// when numbered per post.
    private var thread: QuestionThread {
        let filler = (1...8).map { "<p>Paragraph \($0).</p>" }.joined()
        return QuestionThread(question: Fixtures.question(id: 1, body: "<p>See <a href=\"https://q.example/\">the spec</a>.</p>" + filler),
                              answers: [
                                answer(10, by: "Ada", "<p>Read <a href=\"https://a.example/1\">one</a> and <a href=\"https://a.example/2\">two</a>.</p>" + filler),
                                answer(11, by: "Bob", "<p>Try <a href=\"https://b.example/\">this</a>.</p>" + filler),
                                answer(12, by: "Cy", "<p>Or <a href=\"https://c.example/\">that</a>.</p>" + filler),
                              ])
    }

    /// The lines of the layout from `from` up to (not including) `to`, joined.
    private func text(_ layout: ThreadDocument.Layout, _ range: Range<Int>) -> String {
        layout.measure.lineTexts[range].joined(separator: "\n")
    }

    func testEveryLinkOfTheThreadHasItsOwnNumberInReadingOrder() {
        var state = QuestionState(questionID: 1, summary: nil)
        state.thread = thread
        let layout = ThreadDocument.layout(for: state, width: 60, now: now)
        let links = layout.measure.links
        XCTAssertEqual(links.map(\.number), [1, 2, 3, 4, 5], "\(links)")
        XCTAssertEqual(links.map(\.url), ["https://q.example/", "https://a.example/1", "https://a.example/2", "https://b.example/",
                                          "https://c.example/"])
        XCTAssertEqual(links.map(\.postID), [1, 10, 10, 11, 12])
        // Each post's markers and footnotes carry the thread's numbers, never another post's.
        let starts = [1, 10, 11, 12].map { layout.anchors[$0]! } + [layout.lines.count]
        let posts = (0..<4).map { text(layout, starts[$0]..<starts[$0 + 1]) }
        XCTAssertTrue(posts[0].contains("the spec[1]"), posts[0])
        XCTAssertTrue(posts[1].contains("one[2]") && posts[1].contains("two[3]"), posts[1])
        XCTAssertTrue(posts[1].contains("[2] https://a.example/1") && posts[1].contains("[3] https://a.example/2"), posts[1])
        XCTAssertTrue(posts[2].contains("this[4]") && posts[2].contains("[4] https://b.example/"), posts[2])
        XCTAssertTrue(posts[3].contains("that[5]") && posts[3].contains("[5] https://c.example/"), posts[3])
        XCTAssertEqual(layout.measure.lineTexts.indices.filter { layout.measure.lineTexts[$0].contains("[1]") }.map { $0 < starts[1] },
                       [true, true], "[1] is the question's link only: its marker and its footnote")
    }

    func testTheLinksOfShownCommentsAndLinkedQuestionsContinueTheNumbering() {
        var state = QuestionState(questionID: 1, summary: nil)
        state.thread = thread
        state.showComments = true
        state.postComments = .loaded([
            1: [Comment(commentID: 501, postID: 1, owner: ShallowUser(userID: 9, displayName: "Dee"), creationDate: now,
                        body: "See <a href=\"https://d.example/\">this too</a>")],
            11: [Comment(commentID: 502, postID: 11, owner: ShallowUser(userID: 9, displayName: "Dee"), creationDate: now,
                         body: "<a href=\"https://e.example/\">mirror</a>")],
        ])
        state.linked = .loaded([LinkedQuestion(questionID: 42, title: "An older question", relation: .linked)])
        let layout = ThreadDocument.layout(for: state, width: 60, now: now)
        let links = layout.measure.links
        XCTAssertEqual(links.map(\.url), ["https://q.example/", "https://d.example/", "/questions/42", "https://a.example/1",
                                          "https://a.example/2", "https://b.example/", "https://e.example/", "https://c.example/"])
        XCTAssertEqual(links.map(\.number), Array(1...8))
        XCTAssertEqual(links.map(\.place), [.body, .comment(501), .linkedQuestion, .body, .body, .body, .comment(502), .body])
        let all = layout.measure.lineTexts.joined(separator: "\n")
        XCTAssertTrue(all.contains("this too[2]"), all)
        XCTAssertTrue(all.contains("[3] An older question"), all)
        XCTAssertTrue(all.contains("mirror[7]"), all)
    }

    /// The question open on answer 11 (Bob's, by `]` twice) and the link picker opened over it.
    private func pickerOverSecondAnswer() throws -> (ReducerTestStore, ThreadLayoutCache) {
        let (store, cache) = try OpenedThread.store(thread, columns: 80, rows: 12, now: now)
        store.perform(.nextAnswer, .nextAnswer)
        XCTAssertEqual(store.state.thread?.postInView, 11)
        store.perform(.followLink)
        return (store, cache)
    }

    private func picker(_ state: AppState) -> LinkPickerState? {
        if case .links(let picker) = state.top { picker } else { nil }
    }

    func testATypedNumberPicksThatLinkWhateverPostIsInView() throws {
        let (store, _) = try pickerOverSecondAnswer()
        XCTAssertEqual(picker(store.state)?.selected?.url, "https://b.example/",
                       "the post in view's first link is selected")
        store.type("1")
        XCTAssertEqual(picker(store.state)?.selected?.url, "https://q.example/",
                       "1 is the question's link, not the one of the post in view")
        store.press(.backspace)
        store.type("3")
        XCTAssertEqual(picker(store.state)?.selected?.url, "https://a.example/2")
    }

    func testThePickerNamesThePostOfEachLink() throws {
        let (store, cache) = try pickerOverSecondAnswer()
        let lines = AppScreen.render(store.state, cache: cache, now: now).buffer.lines
        let rows = lines.filter { $0.contains("https://") }
        XCTAssertEqual(rows.count, 5, lines.joined(separator: "\n"))
        XCTAssertTrue(rows[0].hasPrefix("  [1] the spec — https://q.example/") && rows[0].hasSuffix("question by Asker "), rows[0])
        XCTAssertTrue(rows[1].hasPrefix("  [2] one — https://a.example/1") && rows[1].hasSuffix("answer 1 by Ada "), rows[1])
        XCTAssertTrue(rows[2].hasPrefix("  [3] two — https://a.example/2") && rows[2].hasSuffix("answer 1 by Ada "), rows[2])
        XCTAssertTrue(rows[3].hasSuffix("answer 2 by Bob "), rows[3])
        XCTAssertTrue(rows[4].hasSuffix("answer 3 by Cy "), rows[4])
    }
}
