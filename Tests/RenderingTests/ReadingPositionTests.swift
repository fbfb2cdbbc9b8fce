import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport

/// What the question view shows while its answers load, and that resizing or turning comments on keeps the
/// reader on the same paragraph — through the layout step (`ThreadLayoutCache.layOut`) as the program runs it.
final class ReadingPositionTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A list holding `question` (with its body, as list pages carry it), and the question opened from it: the store
    /// and the thread's load, not yet answered. Every effect asserted.
    private func opened(_ question: Question, columns: Int = 80,
                        rows: Int = 24) throws -> (ReducerTestStore, LoadToken) {
        let store = try ReducerTestStore.listing(.only([question]), columns: columns, rows: rows)
        return (store, try store.openSelectedQuestion())
    }

    /// The layout step, then the frame drawn.
    private func frame(_ store: ReducerTestStore, _ cache: ThreadLayoutCache, line: UInt = #line) -> [String] {
        cache.layOut(store, now: now, line: line)
        return AppScreen.render(store.state, cache: cache, now: now).buffer.lines
    }

    func testTheBodyShowsAtOnceWhileTheAnswersLoadBelowIt() throws {
        let question = Fixtures.question(id: 7, title: "Staking keys", body: "<p>How do I rotate my staking keys safely?</p>")
        let (store, token) = try opened(question)
        let cache = ThreadLayoutCache()
        var lines = frame(store, cache)
        let body = lines.firstIndex { $0.contains("How do I rotate my staking keys safely?") }
        let loading = lines.firstIndex { $0.contains("Loading answers…") }
        XCTAssertNotNil(body, "the body from the list shows before the answers arrive:\n\(lines.joined(separator: "\n"))")
        XCTAssertGreaterThan(loading ?? -1, body ?? Int.max, "the answers' loading line is below the body")

        let thread = QuestionThread(question: question, answers: [Fixtures.answer(id: 70, question: 7, body: "<p>Use a new key pair.</p>")])
        store.loadThread(token, thread)
        lines = frame(store, cache)
        XCTAssertTrue(lines.contains { $0.contains("Answer 1/1") })
        XCTAssertFalse(lines.contains { $0.contains("Loading answers…") })
        XCTAssertTrue(lines.contains { $0.contains("How do I rotate my staking keys safely?") })
    }

    func testEscWhileTheAnswersLoadKeepsTheBody() throws {
        let question = Fixtures.question(id: 7, body: "<p>Body from the list page</p>")
        let (store, token) = try opened(question)
        store.send(.key(.escape))
        store.expectEffects([.cancel(token)])
        let lines = frame(store, ThreadLayoutCache())
        XCTAssertTrue(lines.contains { $0.contains("Body from the list page") })
        XCTAssertEqual(store.state.screen, .question(id: 7))
    }

    /// The text of the paragraph at the top of the view, joined, with the words of its lines.
    private func paragraphAtTop(_ state: AppState, _ cache: ThreadLayoutCache) throws -> String {
        let thread = try XCTUnwrap(state.thread)
        let measure = try XCTUnwrap(thread.measure)
        let anchor = try XCTUnwrap(measure.anchor(atLine: thread.scroll))
        let block = try XCTUnwrap(measure.blocks.first { $0.postID == anchor.block.postID && $0.index == anchor.block.index })
        let lines = cache.lines(for: thread, width: QuestionScreen.layoutWidth(for: state.viewport), now: now)
        return lines[block.line..<block.line + block.length].map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The words of `text`, without the rules drawn to the width.
    private func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { !$0.allSatisfy { $0 == "─" } }
    }

    func testResizeAndCommentsKeepTheSameParagraphAtTheTop() throws {
        guard let real = try RealThreads.thread(site: "cardano", questionID: 2) else {
            throw XCTSkip("shared data for cardano 2 not available")
        }
        let (store, token) = try opened(real.question, columns: 100, rows: 12)
        store.loadThread(token, real)
        let cache = ThreadLayoutCache()
        _ = frame(store, cache)
        // Into the answers, so the question's comments come in above the reader.
        let measure = try XCTUnwrap(store.state.thread?.measure)
        let firstAnswer = try XCTUnwrap(real.answers.first.flatMap { measure.postStarts[$0.answerID] }, "cardano 2 has answers")
        let lastAnswer = try XCTUnwrap(real.answers.last.flatMap { measure.postStarts[$0.answerID] })
        let target = min(lastAnswer + 1, measure.lineCount - store.state.viewport.contentRows)
        XCTAssertGreaterThan(target, firstAnswer + 1)
        while let scroll = store.state.thread?.scroll, scroll < target {
            store.perform(.moveDown)
            if store.state.thread?.scroll == scroll { return XCTFail("cannot scroll to line \(target)") }
        }
        let before = try paragraphAtTop(store.state, cache)
        let topLine = frame(store, cache)[1]

        for (columns, rows) in [(60, 12), (140, 16), (100, 12)] {
            store.send(.resize(Viewport(columns: columns, rows: rows)))
            store.expectEffects([])
            let lines = frame(store, cache)
            let after = try paragraphAtTop(store.state, cache)
            XCTAssertEqual(words(after), words(before), "at \(columns)×\(rows) the same paragraph is at the top")
            let top = lines[1].trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(top.isEmpty || words(before).contains { top.contains($0) }, "\(columns)×\(rows): the top line is from that paragraph: \(top)")
        }
        XCTAssertEqual(frame(store, cache)[1], topLine, "back at the first size, the same line is on top")

        store.send(.command(.toggleComments))
        let ids = [real.question.questionID] + real.answers.map(\.answerID)
        let commentsToken = try XCTUnwrap(store.receiveCommentsLoad(ids))
        _ = frame(store, cache)
        XCTAssertEqual(words(try paragraphAtTop(store.state, cache)), words(before),
                       "comments loading keep the paragraph")
        let comment = Comment(commentID: 1, postID: ids[0], score: 0, owner: ShallowUser(displayName: "Reader"),
                              creationDate: Date(timeIntervalSince1970: 1_600_000_000), body: "A comment\nover lines")
        store.send(.loaded(commentsToken, .comments(.success([ids[0]: Array(repeating: comment, count: 5)]))))
        store.expectEffects([])
        _ = frame(store, cache)
        XCTAssertEqual(words(try paragraphAtTop(store.state, cache)), words(before),
                       "comments shown keep the paragraph")
        store.perform(.toggleComments)
        _ = frame(store, cache)
        XCTAssertEqual(words(try paragraphAtTop(store.state, cache)), words(before),
                       "comments hidden keep the paragraph")
    }
}
