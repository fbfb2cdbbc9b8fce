import XCTest
import Foundation
import AppCore
import StackAPI
import TestSupport

/// Read marks in the reducer: opening marks read, the store's marks merge in, `U` and `A`, the offline flag.
final class ReadMarksTests: XCTestCase {
    private func loadedState(count: Int = 30) throws -> AppState {
        try AppState.listing(count, rows: 12, settings: BrowseSettings(site: "cardano", pageSize: 30))
    }

    func testOpeningAQuestionMarksItReadWithWhatTheListKnew() throws {
        var state = try loadedState()
        let question = state.list.questions[0]
        let effects = Reducer.reduce(&state, .command(.open))
        let mark = ReadState(answerCount: question.answerCount ?? 0, lastActivity: question.lastActivityDate)
        XCTAssertTrue(effects.contains(.markRead(site: "cardano", [question.questionID: mark])), "\(effects)")
        XCTAssertEqual(state.shared.readMarks.status(of: question), .read)
    }

    func testTheLoadedThreadRefreshesTheMarkWithItsAnswers() throws {
        var state = try loadedState()
        let effects = Reducer.reduce(&state, .command(.open))
        guard let token = effects.threadLoadToken else { return XCTFail("no thread load") }
        var question = state.list.questions[0]
        question.answerCount = 3
        let thread = QuestionThread(question: question, answers: [])
        let after = Reducer.reduce(&state, .threadLoaded(token, .success(thread)))
        XCTAssertTrue(after.contains(.markRead(site: "cardano", [question.questionID: ReadState(question)])), "\(after)")
    }

    func testMarksFromTheStoreShowUpdatesAndNeverOverrideThisSessionsMarks() throws {
        var state = try loadedState()
        let first = state.list.questions[0], second = state.list.questions[1], third = state.list.questions[2]
        state.shared.readMarks.byQuestion[first.questionID] = ReadState(first)
        let asked = try XCTUnwrap(state.list.markLoads.first, "the page's rows asked for their marks")
        let store = ReducerTestStore(state)
        let old = ReadState(answerCount: (second.answerCount ?? 0) - 2, lastActivity: second.lastActivityDate)
        store.send(.readMarksLoaded(asked, [first.questionID: old, second.questionID: old])) { state in
            XCTAssertEqual(state.shared.readMarks.status(of: first), .read, "the session's mark stays")
            XCTAssertEqual(state.shared.readMarks.status(of: second), .updated(newAnswers: 2))
            XCTAssertEqual(state.list.markLoads, [])
        }
        store.expectEffects([])
        store.send(.readMarksLoaded(asked, [third.questionID: old])) {
            XCTAssertEqual($0.shared.readMarks.status(of: third), .unread, "a read already answered (or never asked) is ignored")
        }
        store.expectEffects([])
    }

    func testAPageAndTheStoresCopyOfItAskForTheirRowsMarks() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 12)))
        let load = try XCTUnwrap(store.start())
        let cached = Fixtures.page(1, count: 2, firstID: 1, hasMore: false).items
        store.send(.cachedQuestionsLoaded(load.token, cached, fetchedAt: Date(timeIntervalSince1970: 1_600_000_000)))
        let cachedMarks = try XCTUnwrap(store.receiveReadMarksLoad([1, 2]))
        store.send(.questionsLoaded(load.token, .success(Fixtures.page(1, count: 3, firstID: 1, hasMore: false)))) {
            XCTAssertEqual($0.list.markLoads.count, 2)
        }
        store.receiveReadMarksLoad([1, 2, 3])
        store.send(.readMarksLoaded(cachedMarks, [2: ReadState(Fixtures.question(id: 2))])) { state in
            XCTAssertEqual(state.shared.readMarks.status(of: state.list.questions[1]), .read)
        }
        store.expectEffects([])
        store.send(.command(.reload))
        let reload = try XCTUnwrap(store.receiveQuestionsLoad())
        store.send(.questionsLoaded(reload.token, .failure(.offline(detail: "no route"))))
        store.expectEffects([], "a failed page asks for no marks")
    }

    func testNextUnreadSkipsReadQuestionsAndSaysWhenNoneIsLeft() throws {
        var state = try loadedState(count: 4)
        let marks = Dictionary(uniqueKeysWithValues: state.list.questions[1...2].map { ($0.questionID, ReadState($0)) })
        _ = Reducer.reduce(&state, .readMarksLoaded(try XCTUnwrap(state.list.markLoads.first), marks))
        _ = Reducer.reduce(&state, .key(.character("U")))
        XCTAssertEqual(state.list.selection, 3)
        _ = Reducer.reduce(&state, .key(.character("U")))
        XCTAssertEqual(state.list.selection, 3)
        XCTAssertEqual(state.status.message, "No unread question below")
    }

    func testMarkScreenReadMarksOnlyTheRowsShown() throws {
        var state = try loadedState()
        let effects = Reducer.reduce(&state, .key(.character("A")))
        let shown = state.viewport.listRows
        guard case let .markRead(site, marks)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(site, "cardano")
        XCTAssertEqual(Set(marks.keys), Set(state.list.questions.prefix(shown).map(\.questionID)))
        XCTAssertEqual(state.status.message, "Marked \(shown) read")
        XCTAssertEqual(state.shared.readMarks.status(of: state.list.questions[shown]), .unread)
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("A"))), [])
        XCTAssertEqual(state.status.message, "Nothing new on screen")
    }

    func testReadKeysWorkOnlyOnAQuestionListAndOfflineIsAFlag() throws {
        var state = try loadedState()
        _ = Reducer.reduce(&state, .command(.open))
        XCTAssertEqual(Reducer.reduce(&state, .key(.character("U"))), [])
        XCTAssertEqual(state.status.message, "U works only on a question list")
        _ = Reducer.reduce(&state, .offlineChanged(true))
        XCTAssertTrue(state.shared.isOffline)
        _ = Reducer.reduce(&state, .offlineChanged(false))
        XCTAssertFalse(state.shared.isOffline)
    }
}
