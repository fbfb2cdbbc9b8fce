import XCTest
import Foundation
import AppCore
import StackAPI
import TestSupport

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

    private func opened(_ thread: QuestionThread, marks: [Int: ReadState] = [:]) -> (AppState, [Effect]) {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 20))
        _ = Reducer.reduce(&state, .start)
        _ = Reducer.reduce(&state, .readMarksLoaded(site: "cardano", marks))
        let effects = Reducer.reduce(&state, .openQuestionLink(questionID: thread.question.questionID, answerID: nil))
        return (state, effects)
    }

    private func threadToken(_ effects: [Effect]) -> LoadToken? {
        for case let .loadThread(token, _, _, _, _) in effects { return token }
        return nil
    }

    func testAnswersSinceTheSessionsMarkAreNewAndTheStatusLineCountsThem() throws {
        let thread = try realThread()
        var (state, effects) = opened(thread, marks: [4: markOnMayFirst])
        XCTAssertFalse(effects.contains(.loadLastRead(site: "cardano", questionID: 4)), "the session's mark is enough: \(effects)")
        _ = Reducer.reduce(&state, .threadLoaded(try XCTUnwrap(threadToken(effects)), .success(thread)))
        let dates = Dictionary(uniqueKeysWithValues: thread.answers.map { ($0.answerID, $0.creationDate) })
        XCTAssertEqual(state.thread?.newAnswerIDs, [260, 289], "answers: \(dates)")
        XCTAssertEqual(state.status.message, "2 new answers since you read this")
    }

    func testWithoutASessionMarkTheStoreIsAskedBeforeTheNewMarkIsWritten() throws {
        let thread = try realThread()
        var (state, effects) = opened(thread)
        XCTAssertTrue(effects.contains(.loadLastRead(site: "cardano", questionID: 4)), "\(effects)")
        _ = Reducer.reduce(&state, .threadLoaded(try XCTUnwrap(threadToken(effects)), .success(thread)))
        XCTAssertEqual(state.thread?.newAnswerIDs, [], "nothing is new until the old mark is known")
        XCTAssertNil(state.status.message)
        _ = Reducer.reduce(&state, .lastReadLoaded(site: "cardano", questionID: 4, markOnMayFirst))
        XCTAssertEqual(state.thread?.newAnswerIDs, [260, 289])
        XCTAssertEqual(state.status.message, "2 new answers since you read this")
        _ = Reducer.reduce(&state, .lastReadLoaded(site: "cardano", questionID: 4, nil))
        XCTAssertEqual(state.thread?.newAnswerIDs, [260, 289], "a late answer never replaces the mark once known")
    }

    func testTheStoreIsAskedBeforeTheSummarysMarkIsWritten() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 20))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { return XCTFail("no load") }
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(Fixtures.page(1, count: 3, firstID: 1, hasMore: false))))
        let effects = Reducer.reduce(&state, .command(.open))
        let ask = try XCTUnwrap(effects.firstIndex(of: .loadLastRead(site: "cardano", questionID: 1)), "\(effects)")
        let mark = try XCTUnwrap(effects.firstIndex { if case .markRead = $0 { true } else { false } }, "\(effects)")
        XCTAssertLessThan(ask, mark, "the store reads the old mark before the new one replaces it")
        XCTAssertTrue(effects.contains(.loadLinkedQuestions(site: "cardano", questionID: 1)), "\(effects)")
    }

    func testANeverReadQuestionHasNothingNew() throws {
        let thread = try realThread()
        var (state, effects) = opened(thread)
        _ = Reducer.reduce(&state, .lastReadLoaded(site: "cardano", questionID: 4, nil))
        _ = Reducer.reduce(&state, .threadLoaded(try XCTUnwrap(threadToken(effects)), .success(thread)))
        XCTAssertEqual(state.thread?.newAnswerIDs, [])
        XCTAssertNil(state.status.message)
    }

    func testWithoutTheLastActivityTheNewestBeyondTheCountReadAreNew() throws {
        let thread = try realThread()
        var (state, effects) = opened(thread, marks: [4: ReadState(answerCount: 3, lastActivity: nil)])
        _ = Reducer.reduce(&state, .threadLoaded(try XCTUnwrap(threadToken(effects)), .success(thread)))
        XCTAssertEqual(state.thread?.newAnswerIDs, [289])
        XCTAssertEqual(state.status.message, "1 new answer since you read this")
    }

    func testLinkedQuestionsReachTheQuestionViewOfThatQuestionOnly() throws {
        let thread = try realThread()
        var (state, _) = opened(thread)
        let related = [LinkedQuestion(questionID: 330, title: "Ways to burn tokens?", relation: .duplicateOf)]
        _ = Reducer.reduce(&state, .linkedQuestionsLoaded(site: "cardano", questionID: 5, related))
        XCTAssertEqual(state.thread?.related, [])
        _ = Reducer.reduce(&state, .linkedQuestionsLoaded(site: "beer", questionID: 4, related))
        XCTAssertEqual(state.thread?.related, [])
        _ = Reducer.reduce(&state, .linkedQuestionsLoaded(site: "cardano", questionID: 4, related))
        XCTAssertEqual(state.thread?.related, related)
    }
}
