import AppCore
import Foundation
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// Read marks in the reducer: opening marks read, the store's marks merge in, `U` and `A`, the offline flag.
/// (Written with `ReducerTestStore`: every effect is asserted.)
final class ReadMarksTests: XCTestCase {
    private func loadedState(count: Int = 30) throws -> AppState {
        try AppState.listing(count, rows: 12, settings: BrowseSettings(site: "cardano", pageSize: 30))
    }

    private func loadedStore(count: Int = 30) throws -> ReducerTestStore {
        try ReducerTestStore.listing(count, rows: 12, settings: BrowseSettings(site: "cardano", pageSize: 30))
    }

    func testOpeningAQuestionMarksItReadWithWhatTheListKnew() throws {
        let store = try loadedStore()
        let question = store.state.list.questions[0]
        store.send(.command(.open)) { XCTAssertEqual($0.shared.readMarks.status(of: question), .read) }
        let mark = ReadState(answerCount: question.answerCount ?? 0, lastActivity: question.lastActivityDate)
        store.receiveQuestionOpened(question.questionID, markedRead: mark)
    }

    func testTheLoadedThreadRefreshesTheMarkWithItsAnswers() throws {
        let store = try loadedStore()
        var question = store.state.list.questions[0]
        store.send(.command(.open))
        let token = try XCTUnwrap(store.receiveQuestionOpened(question.questionID, markedRead: ReadState(question)))
        question.answerCount = 3
        store.send(.loaded(token, .thread(.success(QuestionThread(question: question, answers: [])))))
        store.expectEffects([.remember(.readMarks(site: "cardano", [question.questionID: ReadState(question)]))])
    }

    func testMarksFromTheStoreShowUpdatesAndNeverOverrideThisSessionsMarks() throws {
        var state = try loadedState()
        let first = state.list.questions[0], second = state.list.questions[1], third = state.list.questions[2]
        state.shared.readMarks.byQuestion[first.questionID] = ReadState(first)
        let asked = try XCTUnwrap(state.list.markLoads.first, "the page's rows asked for their marks")
        let store = ReducerTestStore(state)
        let old = ReadState(answerCount: (second.answerCount ?? 0) - 2, lastActivity: second.lastActivityDate)
        store.send(.loaded(asked, .readMarks([first.questionID: old, second.questionID: old]))) { state in
            XCTAssertEqual(state.shared.readMarks.status(of: first), .read, "the session's mark stays")
            XCTAssertEqual(state.shared.readMarks.status(of: second), .updated(newAnswers: 2))
            XCTAssertEqual(state.list.markLoads, [])
        }
        store.expectEffects([])
        store.send(.loaded(asked, .readMarks([third.questionID: old]))) {
            XCTAssertEqual($0.shared.readMarks.status(of: third), .unread, "a read already answered (or never asked) is ignored")
        }
        store.expectEffects([])
    }

    func testAPageAndTheStoresCopyOfItAskForTheirRowsMarks() throws {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 12)))
        let load = try XCTUnwrap(store.start())
        let cached = Fixtures.page(1, count: 2, firstID: 1, hasMore: false).items
        store.send(.loaded(load.token, .cachedQuestions(cached, fetchedAt: Date(timeIntervalSince1970: 1_600_000_000))))
        let cachedMarks = try XCTUnwrap(store.receiveReadMarksLoad([1, 2]))
        store.send(.loaded(load.token, .questions(.success(Fixtures.page(1, count: 3, firstID: 1, hasMore: false))))) {
            XCTAssertEqual($0.list.markLoads.count, 2)
        }
        store.receiveReadMarksLoad([1, 2, 3])
        store.send(.loaded(cachedMarks, .readMarks([2: ReadState(Fixtures.question(id: 2))]))) { state in
            XCTAssertEqual(state.shared.readMarks.status(of: state.list.questions[1]), .read)
        }
        store.expectEffects([])
        store.send(.command(.reload))
        let reload = try XCTUnwrap(store.receiveQuestionsLoad())
        store.send(.loaded(reload.token, .questions(.failure(.offline(detail: "no route")))))
        store.expectEffects([], "a failed page asks for no marks")
    }

    func testNextUnreadSkipsReadQuestionsAndSaysWhenNoneIsLeft() throws {
        let store = try loadedStore(count: 4)
        let marks = Dictionary(uniqueKeysWithValues: store.state.list.questions[1...2].map { ($0.questionID, ReadState($0)) })
        store.send(.loaded(try XCTUnwrap(store.state.list.markLoads.first), .readMarks(marks)))
        store.expectEffects([])
        store.press(.character("U"))
        XCTAssertEqual(store.state.list.selection, 3)
        store.press(.character("U"))
        XCTAssertEqual(store.state.list.selection, 3)
        XCTAssertEqual(store.state.status.message, "No unread question below")
    }

    func testMarkScreenReadMarksOnlyTheRowsShown() throws {
        let store = try loadedStore()
        let shown = store.state.viewport.listRows
        let marks = Dictionary(uniqueKeysWithValues: store.state.list.questions.prefix(shown).map { ($0.questionID, ReadState($0)) })
        store.send(.key(.character("A"))) { state in
            XCTAssertEqual(state.status.message, "Marked \(shown) read")
            XCTAssertEqual(state.shared.readMarks.status(of: state.list.questions[shown]), .unread)
        }
        store.expectEffects([.remember(.readMarks(site: "cardano", marks))], "the rows shown, as they are now")
        store.press(.character("A"))
        XCTAssertEqual(store.state.status.message, "Nothing new on screen")
    }

    func testReadKeysWorkOnlyOnAQuestionListAndOfflineIsAFlag() throws {
        let store = try loadedStore()
        store.send(.command(.open))
        store.receiveQuestionOpened(1, markedRead: ReadState(store.state.list.questions[0]))
        store.press(.character("U"))
        XCTAssertEqual(store.state.status.message, "U works only on a question list")
        store.send(.offlineChanged(true)) { XCTAssertTrue($0.shared.isOffline) }
        store.expectEffects([])
        store.send(.offlineChanged(false)) { XCTAssertFalse($0.shared.isOffline) }
        store.expectEffects([])
    }
}
