import Foundation
import StackAPI
import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// The local store behind its data manager: writes off the main thread, reads delivered on the main queue.
final class LocalDataManagerTests: LocalStoreTestCase {

    private func questions(_ count: Int) -> [Question] {
        (1...count).map { id in
            Fixtures.question(id: id, title: "Question \(id) about staking", score: id, answers: id % 3,
                              created: 1_600_000_000 + id * 60, body: "<p>Body of \(id) on pools</p>")
        }
    }

    func testKeptQuestionsComeBackInEachSortPagedOnTheMainQueue() throws {
        local.keep(questions: questions(45), site: "cardano")
        local.flush()
        let byVotes = Deliveries<LocalPage>(), byCreation = Deliveries<LocalPage>()
        local.questions(site: "cardano", sort: .votes, tagged: [], page: 1, pageSize: 30, completion: byVotes.completion)
        local.questions(site: "cardano", sort: .creation, tagged: [], page: 2, pageSize: 30, completion: byCreation.completion)
        waitUntil("two pages") { byVotes.count == 1 && byCreation.count == 1 }
        let first = try XCTUnwrap(byVotes.last).get(), second = try XCTUnwrap(byCreation.last).get()
        XCTAssertEqual(first.stored.map(\.question.questionID), Array((16...45).reversed()))
        XCTAssertTrue(first.hasMore)
        XCTAssertEqual(second.stored.map(\.question.questionID), Array((1...15).reversed()))
        XCTAssertFalse(second.hasMore)
        XCTAssertNotNil(first.fetchedAt)
    }

    func testAHugeBodyIsNotKept() throws {
        let huge = "<p>" + String(repeating: "x", count: LocalDataManager.largestKeptBody) + "</p>"
        local.keep(questions: [Fixtures.question(id: 1, body: huge), Fixtures.question(id: 2, answers: 1, body: "<p>Small</p>")],
                   site: "cardano")
        local.keep(thread: QuestionThread(question: Fixtures.question(id: 3, body: huge), answers: []), site: "cardano")
        local.keep(answers: [Fixtures.answer(id: 900, question: 2, body: huge)], site: "cardano")
        local.flush()
        let page = Deliveries<LocalPage>(), hugeThread = Deliveries<QuestionThread>(), smallThread = Deliveries<QuestionThread>()
        local.questions(site: "cardano", sort: .votes, tagged: [], page: 1, pageSize: 30, completion: page.completion)
        local.thread(questionID: 3, site: "cardano", completion: hugeThread.completion)
        local.thread(questionID: 2, site: "cardano", completion: smallThread.completion)
        waitUntil("three answers") { page.count == 1 && hugeThread.count == 1 && smallThread.count == 1 }
        XCTAssertEqual(try XCTUnwrap(page.last).get().stored.map(\.question.questionID), [2], "only the question of a normal size")
        guard case .offline? = hugeThread.lastError else { return XCTFail("a thread with a huge body was kept") }
        XCTAssertEqual(try XCTUnwrap(smallThread.last).get().answers.map(\.answerID), [], "the huge answer was not kept")
    }

    func testASortTheStoreCannotComputeIsAnOfflineError() {
        let pages = Deliveries<LocalPage>()
        local.questions(site: "cardano", sort: .hot, tagged: [], page: 1, pageSize: 30, completion: pages.completion)
        waitUntil("the answer") { pages.count == 1 }
        guard case .offline(let detail)? = pages.lastError else { return XCTFail("\(String(describing: pages.last))") }
        XCTAssertTrue(detail.contains("cannot sort by hot"), detail)
    }

    func testAnEmptyStoreSaysSoRatherThanShowingAnEmptyList() {
        let pages = Deliveries<LocalPage>()
        local.questions(site: "cardano", sort: .activity, tagged: [], page: 1, pageSize: 30, completion: pages.completion)
        waitUntil("the answer") { pages.count == 1 }
        guard case .offline(let detail)? = pages.lastError else { return XCTFail("\(String(describing: pages.last))") }
        XCTAssertTrue(detail.contains("no questions of cardano in the local store"), detail)
    }

    func testThreadsCommentsSearchAndReadMarks() throws {
        var question = questions(1)[0]
        question.answerCount = 1
        let answer = Fixtures.answer(id: 900, question: 1, body: "<p>Delegate to a pool</p>")
        local.keep(thread: QuestionThread(question: question, answers: [answer]), site: "cardano")
        let comment = Comment(commentID: 77, postID: 900, score: 2, owner: ShallowUser(userID: 5, displayName: "Ada"),
                              creationDate: Date(timeIntervalSince1970: 1_600_000_500), body: "Thanks")
        local.keep(comments: [900: [comment]], site: "cardano")
        local.markRead(site: "cardano", [1: (answerCount: 0, lastActivity: question.lastActivityDate)])
        local.flush()

        let thread = Deliveries<QuestionThread>()
        local.thread(questionID: 1, site: "cardano", completion: thread.completion)
        let missing = Deliveries<QuestionThread>()
        local.thread(questionID: 2, site: "cardano", completion: missing.completion)
        let comments = Deliveries<[Int: [Comment]]>()
        local.comments(postIDs: [1, 900], site: "cardano", completion: comments.completion)
        let found = Deliveries<LocalPage>()
        local.search(site: "cardano", query: "delegate", tagged: [], page: 1, pageSize: 20, completion: found.completion)
        let marks = Deliveries<[Int: ReadMark]>()
        local.readMarks(site: "cardano", ids: [1, 2], completion: marks.completion)
        waitUntil("every read") { thread.count + missing.count + comments.count + found.count + marks.count == 5 }

        XCTAssertEqual(try thread.last?.get().answers.map(\.answerID), [900])
        guard case .offline? = missing.lastError else { return XCTFail("a question not held is an offline error") }
        XCTAssertEqual(try comments.last?.get()[900]?.map(\.body), ["Thanks"])
        XCTAssertEqual(try found.last?.get().stored.map(\.question.questionID), [1], "an answer's words find its question")
        XCTAssertEqual(try found.last?.get().stored.first?.question.body, "<p>Body of 1 on pools</p>")
        XCTAssertEqual(try marks.last?.get().keys.sorted(), [1])
        XCTAssertEqual(try marks.last?.get()[1]?.answerCount, 0)
    }

    func testACancelledReadNeverDelivers() {
        let pages = Deliveries<LocalPage>()
        let handle = local.questions(site: "cardano", sort: .activity, tagged: [], page: 1, pageSize: 30, completion: pages.completion)
        handle.cancel()
        drainMainQueue()
        XCTAssertEqual(pages.count, 0)
    }
}
