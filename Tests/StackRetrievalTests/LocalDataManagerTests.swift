import Foundation
import StackAPI
import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// The local store behind its data manager: writes off the main thread; pages read from it, and loads in
/// `.storeOnly` mode (`--offline`) delivered on the main queue.
final class LocalDataManagerTests: LocalStoreTestCase {
    private var loader: Loader { Retrieval().loader(local: local) }

    private func page(_ sort: QuestionSort, search: String? = nil, _ page: Int, pageSize: Int = 30) throws -> Result<LocalPage, APIError> {
        Result { try local.storedPage(QuestionListQuery(site: "cardano", sort: sort, search: search, pageSize: pageSize), page: page) }
            .mapError(APIError.init(storeFailure:))
    }

    private func questions(_ count: Int) -> [Question] {
        (1...count).map { id in
            Fixtures.question(id: id, title: "Question \(id) about staking", score: id, answers: id % 3,
                              created: 1_600_000_000 + id * 60, body: "<p>Body of \(id) on pools</p>")
        }
    }

    func testKeptQuestionsComeBackInEachSortPaged() throws {
        local.keep(questions: questions(45), site: "cardano")
        local.flush()
        let first = try page(.votes, 1).get(), second = try page(.creation, 2).get()
        XCTAssertEqual(first.stored.map(\.question.questionID), Array((16...45).reversed()))
        XCTAssertTrue(first.hasMore)
        XCTAssertEqual(second.stored.map(\.question.questionID), Array((1...15).reversed()))
        XCTAssertFalse(second.hasMore)
        XCTAssertNotNil(first.fetchedAt)
    }

    func testASearchIsPagedInEachOfTheFourSearchSortsAndTwoTagsInEitherOrderGiveOnePage() throws {
        var kept = questions(45)
        for index in kept.indices { kept[index].tags = index % 2 == 0 ? ["ada", "pool"] : ["pool"] }
        local.keep(questions: kept, site: "cardano")
        local.flush()
        func search(_ sort: SearchSort, tagged: [String] = [], page: Int = 1) throws -> LocalPage {
            try local.storedPage(QuestionListQuery(site: "cardano", search: "staking", searchSort: sort, tagged: tagged, pageSize: 10),
                                 page: page)
        }
        XCTAssertEqual(try search(.votes).stored.map(\.question.questionID), Array((36...45).reversed()))
        XCTAssertEqual(try search(.creation, page: 5).stored.map(\.question.questionID), [5, 4, 3, 2, 1])
        XCTAssertFalse(try search(.creation, page: 5).hasMore)
        XCTAssertEqual(try search(.relevance).stored.count, 10)
        XCTAssertTrue(try search(.activity).hasMore)

        func list(_ tags: [String], page: Int) throws -> LocalPage {
            try local.storedPage(QuestionListQuery(site: "cardano", sort: .votes, tagged: tags, pageSize: 10), page: page)
        }
        let both = try list(["pool", "ada"], page: 1), reversed = try list(["ada", "pool"], page: 1)
        XCTAssertEqual(both.stored.map(\.question.questionID), reversed.stored.map(\.question.questionID))
        XCTAssertEqual(both.stored.count, 10, "a full page of the 23 questions with both tags")
        XCTAssertEqual(try list(["pool", "ada"], page: 3).stored.count, 3)
        XCTAssertFalse(try list(["pool", "ada"], page: 3).hasMore)
    }

    /// A search so common that the store orders only its newest matches says so on its page, for the status line;
    /// a narrower one does not.
    func testASearchPageCutToTheNewestMatchesCarriesTheCut() throws {
        let words = (0..<20).map { "w\(UnicodeScalar(UInt8(97 + $0)))ord" }
        let filler = (0..<50).map { "filler\($0)" }.joined(separator: " ")
        local.keep(questions: (1...150).map { id in
            Fixtures.question(id: id, title: "Question \(id)", score: 0, answers: 0, created: 1_600_000_000 + id * 60,
                              body: "<p>\(words.joined(separator: " ")) \(id > 140 ? "zzrare" : "") \(filler)</p>")
        }, site: "cardano")
        local.flush()
        func search(_ text: String) throws -> LocalPage {
            try local.storedPage(QuestionListQuery(site: "cardano", search: text, searchSort: .relevance, pageSize: 10), page: 1)
        }
        let common = try search(words.joined(separator: " "))
        XCTAssertEqual(common.stored.count, 10)
        XCTAssertEqual(common.searchCut, 100)
        XCTAssertEqual(common.questionPage.orderedAmongNewest, 100)
        let narrow = try search(words.joined(separator: " ") + " zzrare")
        XCTAssertEqual(narrow.stored.count, 10)
        XCTAssertNil(narrow.searchCut)
        XCTAssertNil(narrow.questionPage.orderedAmongNewest)
    }

    func testAHugeBodyIsNotKept() throws {
        let huge = "<p>" + String(repeating: "x", count: Store.largestKeptBody) + "</p>"
        local.keep(questions: [Fixtures.question(id: 1, body: huge), Fixtures.question(id: 2, answers: 1, body: "<p>Small</p>")],
                   site: "cardano")
        local.keep { try $0.keep(thread: QuestionThread(question: Fixtures.question(id: 3, body: huge), answers: []), site: "cardano") }
        local.keep { try $0.keep(answers: [Fixtures.answer(id: 900, question: 2, body: huge)], site: "cardano") }
        local.flush()
        let hugeThread = Deliveries<Loaded<QuestionThread>>(), smallThread = Deliveries<Loaded<QuestionThread>>()
        loader.thread(questionID: 3, site: "cardano", mode: .storeOnly, completion: hugeThread.completion)
        loader.thread(questionID: 2, site: "cardano", mode: .storeOnly, completion: smallThread.completion)
        waitUntil("two answers") { hugeThread.count == 1 && smallThread.count == 1 }
        XCTAssertEqual(try page(.votes, 1).get().stored.map(\.question.questionID), [2], "only the question of a normal size")
        guard case .offline? = hugeThread.lastError else { return XCTFail("a thread with a huge body was kept") }
        XCTAssertEqual(try XCTUnwrap(smallThread.last).get().value.answers.map(\.answerID), [], "the huge answer was not kept")
        XCTAssertEqual(try XCTUnwrap(smallThread.last).get().origin, .storeOffline)
    }

    func testASortTheStoreCannotComputeIsAnOfflineError() throws {
        guard case .failure(.offline(let detail)) = try page(.hot, 1) else { return XCTFail("hot from the store") }
        XCTAssertTrue(detail.contains("cannot sort by hot (it sorts by activity, creation, votes)"), detail)
        XCTAssertFalse(detail.contains("press"), "print has no keys: \(detail)")
    }

    func testAnEmptyStoreSaysSoRatherThanShowingAnEmptyList() {
        let pages = Deliveries<Loaded<Page<Question>>>()
        loader.questions(QuestionListQuery(site: "cardano"), page: 1, mode: .storeOnly, completion: pages.completion)
        waitUntil("the answer") { pages.count == 1 }
        guard case .offline(let detail)? = pages.lastError else { return XCTFail("\(String(describing: pages.last))") }
        XCTAssertTrue(detail.contains("no questions of cardano in the local store"), detail)
    }

    func testThreadsCommentsSearchAndReadMarks() throws {
        var question = questions(1)[0]
        question.answerCount = 1
        let answer = Fixtures.answer(id: 900, question: 1, body: "<p>Delegate to a pool</p>")
        local.keep { [question] in try $0.keep(thread: QuestionThread(question: question, answers: [answer]), site: "cardano") }
        let comment = Comment(commentID: 77, postID: 900, score: 2, owner: ShallowUser(userID: 5, displayName: "Ada"),
                              creationDate: Date(timeIntervalSince1970: 1_600_000_500), body: "Thanks")
        local.keep { try $0.keep(comments: [900: [comment]], ofPosts: [900], site: "cardano") }
        local.markRead(site: "cardano", [1: (answerCount: 0, lastActivity: question.lastActivityDate)])
        local.flush()

        let thread = Deliveries<Loaded<QuestionThread>>()
        loader.thread(questionID: 1, site: "cardano", mode: .storeOnly, completion: thread.completion)
        let missing = Deliveries<Loaded<QuestionThread>>()
        loader.thread(questionID: 2, site: "cardano", mode: .storeOnly, completion: missing.completion)
        let comments = Deliveries<Loaded<[Int: [Comment]]>>()
        loader.comments(postIDs: [1, 900], site: "cardano", mode: .storeOnly, completion: comments.completion)
        let marks = Deliveries<[Int: ReadMark]>()
        local.read(.now, { try $0.readMarks(site: "cardano", ids: [1, 2]) }, completion: marks.completion)
        waitUntil("every read") { thread.count + missing.count + comments.count + marks.count == 4 }

        XCTAssertEqual(try thread.last?.get().value.answers.map(\.answerID), [900])
        guard case .offline? = missing.lastError else { return XCTFail("a question not held is an offline error") }
        XCTAssertEqual(try comments.last?.get().value[900]?.map(\.body), ["Thanks"])
        let found = try page(.activity, search: "delegate", 1, pageSize: 20).get()
        XCTAssertEqual(found.stored.map(\.question.questionID), [1], "an answer's words find its question")
        XCTAssertEqual(found.stored.first?.question.body, "<p>Body of 1 on pools</p>")
        XCTAssertEqual(try marks.last?.get().keys.sorted(), [1])
        XCTAssertEqual(try marks.last?.get()[1]?.answerCount, 0)
    }

    func testACancelledLoadNeverDelivers() {
        local.keep(questions: questions(3), site: "cardano")
        let pages = Deliveries<Loaded<Page<Question>>>()
        let handle = loader.questions(QuestionListQuery(site: "cardano"), page: 1, mode: .storeOnly, completion: pages.completion)
        handle.cancel()
        drainMainQueue()
        XCTAssertEqual(pages.count, 0)
    }
}
