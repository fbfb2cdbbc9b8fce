import AppCore
import Foundation
import StackAPI
import TestSupport
import XCTest

/// A page whose items carry impossible values (shown as `?`) says so once on the status line, without hiding a message
/// the load itself left.
final class UnknownValuesNoticeTests: XCTestCase {
    private func startedList() throws -> (AppState, LoadToken) {
        var state = AppState(settings: BrowseSettings(site: "cardano", pageSize: 30), viewport: Viewport(columns: 80, rows: 12))
        guard case let .loadQuestions(token, _, _, _, _)? = Reducer.reduce(&state, .start).first else { throw XCTSkip("no load") }
        return (state, token)
    }

    private func page(unknownDates: Int, hasMore: Bool = true) -> Page<Question> {
        var page = Fixtures.page(1, count: 5, firstID: 1, hasMore: hasMore)
        for index in 0..<unknownDates { page.items[index].creationDate = nil }
        return page
    }

    func testAPageWithImpossibleDatesSaysHowManyQuestionsCarryThem() throws {
        var (state, token) = try startedList()
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(page(unknownDates: 2))))
        XCTAssertEqual(state.status.message, "The server sent impossible dates or numbers in 2 questions: shown as ?")
        XCTAssertFalse(state.status.isError)
    }

    func testOneQuestionIsSingular() throws {
        var (state, token) = try startedList()
        var one = page(unknownDates: 0)
        one.items[3].score = nil
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(one)))
        XCTAssertEqual(state.status.message, "The server sent impossible dates or numbers in 1 question: shown as ?")
    }

    func testACleanPageSaysNothing() throws {
        var (state, token) = try startedList()
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(page(unknownDates: 0))))
        XCTAssertNil(state.status.message)
    }

    func testAThreadCountsItsQuestionAndAnswers() throws {
        var (state, token) = try startedList()
        _ = Reducer.reduce(&state, .questionsLoaded(token, .success(page(unknownDates: 0))))
        let effects = Reducer.reduce(&state, .command(.open))
        guard let threadToken = effects.threadLoadToken else { return XCTFail("no thread load: \(effects)") }
        var question = state.list.questions[0]
        question.lastActivityDate = nil
        var answer = Fixtures.answer(id: 90, question: question.questionID)
        answer.creationDate = nil
        let thread = QuestionThread(question: question, answers: [answer, Fixtures.answer(id: 91, question: question.questionID)])
        _ = Reducer.reduce(&state, .threadLoaded(threadToken, .success(thread)))
        XCTAssertEqual(state.status.message, "The server sent impossible dates or numbers in 2 posts: shown as ?")
    }

    func testTheModelsSayWhichFieldsCount() {
        var question = Fixtures.question(id: 1)
        XCTAssertFalse(question.hasUnknownValues)
        question.answerCount = nil
        XCTAssertTrue(question.hasUnknownValues)
        var comment = Comment(commentID: 1, postID: 1, creationDate: Date(timeIntervalSince1970: 1_600_000_000), body: "c")
        XCTAssertFalse(comment.hasUnknownValues)
        comment.creationDate = nil
        XCTAssertTrue([comment, comment].unknownValueCount == 2)
    }
}
