import AppCore
import Foundation
import Rendering
import StackAPI
import TestSupport
import XCTest

/// What the memory shows: `★` on saved questions in lists and in the question view, the saved questions screen,
/// `new` on answers that arrived since the question was read, and the linked questions under the question, which
/// the link picker follows.
final class MemoryScreensTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func listState(columns: Int = 100) -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: 12))
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Fixtures.page(1, count: 4, firstID: 1, hasMore: false)))))
        return state
    }

    private func render(_ state: AppState) -> [String] {
        AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testSavedQuestionsAreStarredInTheList() {
        var state = listState()
        _ = Reducer.reduce(&state, .command(.moveDown))
        _ = Reducer.reduce(&state, .key(.character("m")))
        _ = Reducer.reduce(&state, .saveProgress(site: "cardano", questionID: 2, saved: true, .kept))
        let lines = render(state)
        XCTAssertTrue(lines[3].contains(" ★ Question 2"), lines[3])
        XCTAssertFalse(lines[2].contains("★"), lines[2])
        XCTAssertTrue(lines[11].contains("Saved: kept offline for good"), lines[11])
    }

    func testTheSavedScreenListsItsQuestionsOrSaysHowToSaveOne() throws {
        var state = listState()
        let memory = state.shared.siteMemoryLoad
        var effects = Reducer.reduce(&state, .key(.character("M")))
        guard case let .load(token, .saved("cardano"))? = effects.first else { return XCTFail("\(effects)") }
        _ = Reducer.reduce(&state, .loaded(token, .saved(.success([]))))
        var lines = render(state)
        XCTAssertTrue(lines[0].hasPrefix(" cardano · saved questions"), lines[0])
        XCTAssertTrue(lines[3].contains("m on a list or in a question saves it"), lines[3])
        XCTAssertTrue(lines[11].hasPrefix(" 0 saved questions"), lines[11])

        _ = Reducer.reduce(&state, .key(.character("M")))
        _ = Reducer.reduce(&state, .loaded(try XCTUnwrap(memory), .siteMemory(searches: [], savedIDs: [3])))
        effects = Reducer.reduce(&state, .key(.character("M")))
        guard case let .load(again, .saved(_))? = effects.first else { return XCTFail("\(effects)") }
        _ = Reducer.reduce(&state, .loaded(again, .saved(.success([Fixtures.question(id: 3, title: "Kept question")]))))
        lines = render(state)
        XCTAssertTrue(lines[2].contains("★ Kept question"), lines[2])
        XCTAssertTrue(lines[11].hasPrefix(" 1 saved question "), lines[11])
        XCTAssertTrue(lines[11].contains("m unsave · M back"), lines[11])
    }

    func testTheQuestionViewSaysItIsSaved() {
        var state = listState()
        _ = Reducer.reduce(&state, .command(.open))
        _ = Reducer.reduce(&state, .key(.character("m")))
        XCTAssertTrue(render(state)[0].hasSuffix("★ saved · cardano "), render(state)[0])
    }

    func testAnswersThatArrivedSinceTheQuestionWasReadAreTaggedNew() throws {
        guard let loaded = try RealThreads.thread(site: "cardano", questionID: 4) else { throw XCTSkip("SKIPPED: no shared data") }
        var thread = QuestionState(questionID: 4, summary: nil)
        thread.thread = loaded
        thread.lastReadMark = .loaded(ReadState(answerCount: 2, lastActivity: ISO8601DateFormatter().date(from: "2021-05-01T00:00:00Z")))
        let lines = ThreadDocument.layout(for: thread, width: 80, now: now).lines.map { $0.spans.map(\.text).joined() }
        let rules = lines.filter { $0.hasPrefix("── Answer") }
        XCTAssertEqual(rules.count, 4)
        XCTAssertEqual(rules.map { $0.contains("· new ·") }, loaded.answers.map { [260, 289].contains($0.answerID) }, "\(rules)")
    }

    func testLinkedQuestionsAreListedUnderTheQuestionAndTheLinkPickerFollowsThem() throws {
        var state = listState()
        _ = Reducer.reduce(&state, .command(.open))
        guard case .question(var thread) = state.top else { return XCTFail("\(state.screens)") }
        let question = Fixtures.question(id: 1, title: "Burning tokens", body: "<p>See <a href=\"https://example.com/x\">x</a>.</p>")
        guard let token = thread.pending?.token else { return XCTFail("not loading") }
        _ = Reducer.reduce(&state, .loaded(token, .thread(.success(QuestionThread(question: question, answers: [])))))
        _ = Reducer.reduce(&state, .loaded(try XCTUnwrap(thread.linked.token), .linkedQuestions([
            LinkedQuestion(questionID: 330, title: "Ways to burn tokens?", relation: .duplicateOf),
            LinkedQuestion(questionID: 77, title: nil, relation: .linked),
        ])))
        let cache = ThreadLayoutCache()
        let layout = try XCTUnwrap(cache.layOut(&state, now: now))
        let text = layout.lines.map { $0.spans.map(\.text).joined() }
        let heading = try XCTUnwrap(text.firstIndex(of: "Duplicate of:"), "\(text)")
        XCTAssertEqual(text[heading + 1], "  [2] Ways to burn tokens?")
        XCTAssertEqual(text[heading + 2], "Linked questions:")
        XCTAssertEqual(text[heading + 3], "  [3] question 77 (not in the local store)")
        XCTAssertLessThan(heading, text.firstIndex(of: "No answers yet.") ?? 0, "under the question, before the answers")
        guard case .question(let laidOut) = state.top else { return XCTFail("\(state.screens)") }
        thread = laidOut
        XCTAssertEqual(thread.measure?.links.map(\.number), [1, 2, 3])

        _ = Reducer.reduce(&state, .key(.character("L")))
        _ = Reducer.reduce(&state, .key(.character("2")))
        let effects = Reducer.reduce(&state, .key(.enter))
        XCTAssertEqual(state.screen, .question(id: 330), "\(effects)")
    }
}
