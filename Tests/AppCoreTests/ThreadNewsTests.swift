import AppCore
import Foundation
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// What's new in a thread: the answers that arrived since the question was last read, from the mark left then
/// (this session's, else the store's, asked for before this opening's mark is written); and the questions the
/// store knows are linked with it.
final class ThreadNewsTests: XCTestCase {
    /// cardano question 4 and its four answers (2021-04-27, 04-30, 05-02 and 05-04), from the shared dump.
    private func realThread() throws -> QuestionThread {
        guard let thread = try RealThreads.thread(site: "cardano", questionID: 4) else { throw XCTSkip("SKIPPED: no shared data") }
        return thread
    }

    /// A mark as reading the question on 2021-05-01 left it: two answers, last activity that day.
    private let markOnMayFirst = ReadState(answerCount: 2, lastActivity: ISO8601DateFormatter().date(from: "2021-05-01T00:00:00Z"))

    /// The loads opening a question asks for: its thread, the store's mark from before (nil when this session's mark
    /// is known), its linked questions.
    private struct Opening {
        var thread: LoadToken
        var lastRead: LoadToken?
        var linked: LoadToken
    }

    /// Question `thread` opened by its link on a fresh start, with this session's `marks`; every effect asserted.
    private func opened(_ thread: QuestionThread, marks: [Int: ReadState] = [:],
                        file: StaticString = #filePath, line: UInt = #line) throws -> (ReducerTestStore, Opening) {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 20))
        state.shared.readMarks.byQuestion = marks
        let store = ReducerTestStore(state)
        store.start(file: file, line: line)
        let id = thread.question.questionID
        store.send(.openQuestionLink(questionID: id, answerID: nil), file: file, line: line)
        let load = try XCTUnwrap(store.receive("the thread load", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .thread(id, "cardano", false, nil)) = effect { token } else { nil }
        })
        store.receive(.after(seconds: Reducer.indicatorDelay, .loadingIndicatorDue(load)), file: file, line: line)
        let lastRead = marks[id] != nil ? nil : store.receive("the store's last mark", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .lastRead("cardano", id)) = effect { token } else { nil }
        }
        let linked = try XCTUnwrap(store.receive("the linked questions", file: file, line: line) { effect -> LoadToken? in
            if case .load(let token, .linkedQuestions("cardano", id)) = effect { token } else { nil }
        })
        return (store, Opening(thread: load, lastRead: lastRead, linked: linked))
    }

    /// The thread arrives: the mark it leaves is written.
    private func receiveThread(_ thread: QuestionThread, _ opening: Opening, _ store: ReducerTestStore,
                               assert: (AppState) -> Void) {
        store.send(.loaded(opening.thread, .thread(.success(thread))), assert: assert)
        store.expectEffects([.remember(.readMarks(site: "cardano", [thread.question.questionID: ReadState(thread.question)]))])
    }

    func testAnswersSinceTheSessionsMarkAreNewAndTheStatusLineCountsThem() throws {
        let thread = try realThread()
        let (store, opening) = try opened(thread, marks: [4: markOnMayFirst])
        XCTAssertNil(opening.lastRead, "the session's mark is enough")
        receiveThread(thread, opening, store) { state in
            let dates = Dictionary(uniqueKeysWithValues: thread.answers.map { ($0.answerID, $0.creationDate) })
            XCTAssertEqual(state.thread?.newAnswerIDs, [260, 289], "answers: \(dates)")
            XCTAssertEqual(state.status.message, "2 new answers since you read this")
        }
    }

    func testWithoutASessionMarkTheStoreIsAskedBeforeTheNewMarkIsWritten() throws {
        let thread = try realThread()
        let (store, opening) = try opened(thread)
        let lastRead = try XCTUnwrap(opening.lastRead)
        receiveThread(thread, opening, store) { state in
            XCTAssertEqual(state.thread?.newAnswerIDs, [], "nothing is new until the old mark is known")
            XCTAssertNil(state.status.message)
        }
        store.send(.loaded(lastRead, .lastRead(markOnMayFirst))) { state in
            XCTAssertEqual(state.thread?.newAnswerIDs, [260, 289])
            XCTAssertEqual(state.status.message, "2 new answers since you read this")
            XCTAssertNil(state.thread?.lastReadMark.token)
        }
        store.expectEffects([])
        store.send(.loaded(lastRead, .lastRead(nil))) {
            XCTAssertEqual($0.thread?.newAnswerIDs, [260, 289], "a second answer to the same read changes nothing")
        }
        store.expectEffects([])
    }

    func testTheStoreIsAskedBeforeTheSummarysMarkIsWritten() throws {
        let store = ReducerTestStore(try AppState.listing(3, rows: 20))
        store.send(.command(.open))
        store.receiveQuestionOpened(1, markedRead: ReadState(Fixtures.question(id: 1)))
    }

    func testANeverReadQuestionHasNothingNew() throws {
        let thread = try realThread()
        let (store, opening) = try opened(thread)
        store.send(.loaded(try XCTUnwrap(opening.lastRead), .lastRead(nil)))
        store.expectEffects([])
        receiveThread(thread, opening, store) { state in
            XCTAssertEqual(state.thread?.newAnswerIDs, [])
            XCTAssertNil(state.status.message)
        }
    }

    func testWithoutTheLastActivityTheNewestBeyondTheCountReadAreNew() throws {
        let thread = try realThread()
        let (store, opening) = try opened(thread, marks: [4: ReadState(answerCount: 3, lastActivity: nil)])
        receiveThread(thread, opening, store) { state in
            XCTAssertEqual(state.thread?.newAnswerIDs, [289])
            XCTAssertEqual(state.status.message, "1 new answer since you read this")
        }
    }

    func testStoreReadsReachTheOpeningThatAskedByTokenAndArePoppedWithIt() throws {
        let thread = try realThread()
        let (store, opening) = try opened(thread)
        let related = [LinkedQuestion(questionID: 330, title: "Ways to burn tokens?", relation: .duplicateOf)]
        store.send(.loaded(LoadToken(opening.linked.raw + 100), .linkedQuestions(related))) { XCTAssertEqual($0.thread?.related, []) }
        store.expectEffects([], "no screen waits for that token")
        store.send(.loaded(opening.linked, .linkedQuestions(related))) { XCTAssertEqual($0.thread?.related, related) }
        store.expectEffects([])
        store.send(.command(.backOrQuit)) { XCTAssertEqual($0.screens, [.questionList]) }
        store.expectEffects([.cancel(opening.thread), .cancel(try XCTUnwrap(opening.lastRead))],
                            "popping cancels the reads still waiting, the store's too")
        store.send(.loaded(try XCTUnwrap(opening.lastRead), .lastRead(markOnMayFirst))) { XCTAssertNil($0.thread) }
        store.expectEffects([])
    }
}
