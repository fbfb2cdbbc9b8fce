import AppCore
import Foundation
import ReducerTestSupport
import StackAPI
import TestSupport
import XCTest

/// A page whose items carry impossible values (shown as `?`) says so once on the status line, without hiding a message
/// the load itself left.
/// (Reducer tests written with `ReducerTestStore`: every effect is asserted.)
final class UnknownValuesNoticeTests: XCTestCase {
    private func startedList() throws -> (ReducerTestStore, LoadToken) {
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano", pageSize: 30),
                                              viewport: Viewport(columns: 80, rows: 12)))
        return (store, try XCTUnwrap(store.start()?.token))
    }

    private func page(unknownDates: Int, hasMore: Bool = true) -> Page<Question> {
        var page = Fixtures.page(1, count: 5, firstID: 1, hasMore: hasMore)
        for index in 0..<unknownDates { page.items[index].creationDate = nil }
        return page
    }

    /// Page 1 arrives: five rows fill less than a screen, so page 2 is prefetched, and the rows' marks are read.
    private func receivePage(_ page: Page<Question>, _ token: LoadToken, _ store: ReducerTestStore,
                             line: UInt = #line) {
        store.send(.loaded(token, .questions(.success(page))), line: line)
        XCTAssertEqual(store.receiveQuestionsLoad(line: line)?.page, 2, line: line)
        store.receiveReadMarksLoad(page.items.map(\.questionID), line: line)
    }

    func testAPageWithImpossibleDatesSaysHowManyQuestionsCarryThem() throws {
        let (store, token) = try startedList()
        receivePage(page(unknownDates: 2), token, store)
        XCTAssertEqual(store.state.status.message, "The server sent impossible dates or numbers in 2 questions: shown as ?")
        XCTAssertFalse(store.state.status.isError)
    }

    func testOneQuestionIsSingular() throws {
        let (store, token) = try startedList()
        var one = page(unknownDates: 0)
        one.items[3].score = nil
        receivePage(one, token, store)
        XCTAssertEqual(store.state.status.message, "The server sent impossible dates or numbers in 1 question: shown as ?")
    }

    func testACleanPageSaysNothing() throws {
        let (store, token) = try startedList()
        receivePage(page(unknownDates: 0), token, store)
        XCTAssertNil(store.state.status.message)
    }

    func testAThreadCountsItsQuestionAndAnswers() throws {
        let (store, token) = try startedList()
        receivePage(page(unknownDates: 0), token, store)
        var question = store.state.list.questions[0]
        question.lastActivityDate = nil
        var answer = Fixtures.answer(id: 90, question: question.questionID)
        answer.creationDate = nil
        let thread = QuestionThread(question: question, answers: [answer, Fixtures.answer(id: 91, question: question.questionID)])
        try store.openSelectedQuestion(loading: thread)
        XCTAssertEqual(store.state.status.message, "The server sent impossible dates or numbers in 2 posts: shown as ?")
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
