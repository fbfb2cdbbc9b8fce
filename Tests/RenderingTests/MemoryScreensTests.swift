import AppCore
import Foundation
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import XCTest

/// What the memory shows: `★` on saved questions in lists and in the question view, the saved questions screen,
/// `new` on answers that arrived since the question was read, and the linked questions under the question, which
/// the link picker follows.
final class MemoryScreensTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func render(_ store: ReducerTestStore) -> [String] {
        AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testSavedQuestionsAreStarredInTheList() throws {
        let store = try ReducerTestStore.listing(4, columns: 100, rows: 12)
        store.perform(.moveDown)
        store.send(.key(.character("m")))
        store.expectEffects([.setSaved(site: "cardano", questionID: 2, saved: true)])
        store.send(.saveProgress(site: "cardano", questionID: 2, saved: true, .kept))
        store.expectEffects([])
        let lines = render(store)
        XCTAssertTrue(lines[3].contains(" ★ Question 2"), lines[3])
        XCTAssertFalse(lines[2].contains("★"), lines[2])
        XCTAssertTrue(lines[11].contains("Saved: kept offline for good"), lines[11])
    }

    func testTheSavedScreenListsItsQuestionsOrSaysHowToSaveOne() throws {
        let store = try ReducerTestStore.listing(4, columns: 100, rows: 12)
        let memory = try XCTUnwrap(store.state.shared.siteMemoryLoad)
        store.send(.key(.character("M")))
        let token = try XCTUnwrap(store.receiveSavedLoad())
        store.send(.loaded(token, .saved(.success([]))))
        store.expectEffects([], "no rows, no read marks to ask for")
        var lines = render(store)
        XCTAssertTrue(lines[0].hasPrefix(" cardano · saved questions"), lines[0])
        XCTAssertTrue(lines[3].contains("m on a list or in a question saves it"), lines[3])
        XCTAssertTrue(lines[11].hasPrefix(" 0 saved questions"), lines[11])

        store.press(.character("M"))
        store.send(.loaded(memory, .siteMemory(searches: [], savedIDs: [3])))
        store.expectEffects([])
        store.send(.key(.character("M")))
        let again = try XCTUnwrap(store.receiveSavedLoad())
        store.send(.loaded(again, .saved(.success([Fixtures.question(id: 3, title: "Kept question")]))))
        store.receiveReadMarksLoad([3])
        lines = render(store)
        XCTAssertTrue(lines[2].contains("★ Kept question"), lines[2])
        XCTAssertTrue(lines[11].hasPrefix(" 1 saved question "), lines[11])
        XCTAssertTrue(lines[11].contains("m unsave · M back"), lines[11])
    }

    func testTheQuestionViewSaysItIsSaved() throws {
        let store = try ReducerTestStore.listing(4, columns: 100, rows: 12)
        try store.openSelectedQuestion()
        store.send(.key(.character("m")))
        store.expectEffects([.setSaved(site: "cardano", questionID: 1, saved: true)])
        XCTAssertTrue(render(store)[0].hasSuffix("★ saved · cardano "), render(store)[0])
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
        let store = try ReducerTestStore.listing(4, columns: 100, rows: 12)
        let token = try store.openSelectedQuestion()
        guard case .question(var thread) = store.state.top else { return XCTFail("\(store.state.screens)") }
        let question = Fixtures.question(id: 1, title: "Burning tokens", body: "<p>See <a href=\"https://example.com/x\">x</a>.</p>")
        store.loadThread(token, QuestionThread(question: question, answers: []))
        store.send(.loaded(try XCTUnwrap(thread.linked.token), .linkedQuestions([
            LinkedQuestion(questionID: 330, title: "Ways to burn tokens?", relation: .duplicateOf),
            LinkedQuestion(questionID: 77, title: nil, relation: .linked),
        ])))
        store.expectEffects([])
        let cache = ThreadLayoutCache()
        let layout = try XCTUnwrap(cache.layOut(store, now: now))
        let text = layout.lines.map { $0.spans.map(\.text).joined() }
        let heading = try XCTUnwrap(text.firstIndex(of: "Duplicate of:"), "\(text)")
        XCTAssertEqual(text[heading + 1], "  [2] Ways to burn tokens?")
        XCTAssertEqual(text[heading + 2], "Linked questions:")
        XCTAssertEqual(text[heading + 3], "  [3] question 77 (not in the local store)")
        XCTAssertLessThan(heading, text.firstIndex(of: "No answers yet.") ?? 0, "under the question, before the answers")
        guard case .question(let laidOut) = store.state.top else { return XCTFail("\(store.state.screens)") }
        thread = laidOut
        XCTAssertEqual(thread.measure?.links.map(\.number), [1, 2, 3])

        store.press(.character("L"))
        store.type("2")
        store.send(.key(.enter)) { XCTAssertEqual($0.screen, .question(id: 330)) }
        store.receiveQuestionOpened(330, markedRead: nil)
    }
}
