import XCTest
import AppCore
import Rendering
import StackAPI
import TestSupport

/// What the question view shows while its answers load, and that resizing or turning comments on keeps the
/// reader on the same paragraph — through the layout step (`ThreadLayoutCache.layOut`) as the program runs it.
final class ReadingPositionTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A list holding `question` (with its body, as list pages carry it), and the question opened from it.
    private func opened(_ question: Question, columns: Int = 80, rows: Int = 24) -> (AppState, LoadToken) {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: rows))
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: [question], hasMore: false, page: 1)))))
        for case let .load(threadToken, .thread(_, _, _, _)) in Reducer.reduce(&state, .command(.open)) { return (state, threadToken) }
        fatalError("no thread load")
    }

    private func frame(_ state: inout AppState, _ cache: ThreadLayoutCache) -> [String] {
        cache.layOut(&state, now: now)
        return AppScreen.render(state, cache: cache, now: now).buffer.lines
    }

    func testTheBodyShowsAtOnceWhileTheAnswersLoadBelowIt() {
        let question = Fixtures.question(id: 7, title: "Staking keys", body: "<p>How do I rotate my staking keys safely?</p>")
        var (state, token) = opened(question)
        let cache = ThreadLayoutCache()
        var lines = frame(&state, cache)
        let body = lines.firstIndex { $0.contains("How do I rotate my staking keys safely?") }
        let loading = lines.firstIndex { $0.contains("Loading answers…") }
        XCTAssertNotNil(body, "the body from the list shows before the answers arrive:\n\(lines.joined(separator: "\n"))")
        XCTAssertGreaterThan(loading ?? -1, body ?? Int.max, "the answers' loading line is below the body")

        let thread = QuestionThread(question: question, answers: [Fixtures.answer(id: 70, question: 7, body: "<p>Use a new key pair.</p>")])
        _ = Reducer.reduce(&state, .loaded(token, .thread(.success(thread))))
        lines = frame(&state, cache)
        XCTAssertTrue(lines.contains { $0.contains("Answer 1/1") })
        XCTAssertFalse(lines.contains { $0.contains("Loading answers…") })
        XCTAssertTrue(lines.contains { $0.contains("How do I rotate my staking keys safely?") })
    }

    func testEscWhileTheAnswersLoadKeepsTheBody() {
        let question = Fixtures.question(id: 7, body: "<p>Body from the list page</p>")
        var (state, token) = opened(question)
        XCTAssertEqual(Reducer.reduce(&state, .key(.escape)), [.cancel(token)])
        let lines = frame(&state, ThreadLayoutCache())
        XCTAssertTrue(lines.contains { $0.contains("Body from the list page") })
        XCTAssertEqual(state.screen, .question(id: 7))
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
        var (state, token) = opened(real.question, columns: 100, rows: 12)
        _ = Reducer.reduce(&state, .loaded(token, .thread(.success(real))))
        let cache = ThreadLayoutCache()
        _ = frame(&state, cache)
        // Into the answers, so the question's comments come in above the reader.
        let measure = try XCTUnwrap(state.thread?.measure)
        let firstAnswer = try XCTUnwrap(real.answers.first.flatMap { measure.postStarts[$0.answerID] }, "cardano 2 has answers")
        let lastAnswer = try XCTUnwrap(real.answers.last.flatMap { measure.postStarts[$0.answerID] })
        let target = min(lastAnswer + 1, measure.lineCount - state.viewport.contentRows)
        XCTAssertGreaterThan(target, firstAnswer + 1)
        while let scroll = state.thread?.scroll, scroll < target {
            _ = Reducer.reduce(&state, .command(.moveDown))
            if state.thread?.scroll == scroll { return XCTFail("cannot scroll to line \(target)") }
        }
        let before = try paragraphAtTop(state, cache)
        let topLine = frame(&state, cache)[1]

        for (columns, rows) in [(60, 12), (140, 16), (100, 12)] {
            _ = Reducer.reduce(&state, .resize(Viewport(columns: columns, rows: rows)))
            let lines = frame(&state, cache)
            let after = try paragraphAtTop(state, cache)
            XCTAssertEqual(words(after), words(before), "at \(columns)×\(rows) the same paragraph is at the top")
            let top = lines[1].trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(top.isEmpty || words(before).contains { top.contains($0) }, "\(columns)×\(rows): the top line is from that paragraph: \(top)")
        }
        XCTAssertEqual(frame(&state, cache)[1], topLine, "back at the first size, the same line is on top")

        guard case let .load(commentsToken, .comments(ids, _, _))? = Reducer.reduce(&state, .command(.toggleComments)).first else {
            return XCTFail("no comments load")
        }
        _ = frame(&state, cache)
        XCTAssertEqual(words(try paragraphAtTop(state, cache)), words(before), "comments loading keep the paragraph")
        let comment = Comment(commentID: 1, postID: ids[0], score: 0, owner: ShallowUser(displayName: "Reader"),
                              creationDate: Date(timeIntervalSince1970: 1_600_000_000), body: "A comment\nover lines")
        _ = Reducer.reduce(&state, .loaded(commentsToken, .comments(.success([ids[0]: Array(repeating: comment, count: 5)]))))
        _ = frame(&state, cache)
        XCTAssertEqual(words(try paragraphAtTop(state, cache)), words(before), "comments shown keep the paragraph")
        _ = Reducer.reduce(&state, .command(.toggleComments))
        _ = frame(&state, cache)
        XCTAssertEqual(words(try paragraphAtTop(state, cache)), words(before), "comments hidden keep the paragraph")
    }
}
