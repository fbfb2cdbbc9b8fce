import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Comments of a question and its answers over real HTTP against the double (cardano dump).
final class CommentsRetrievalTests: RetrievalTestCase {
    private func retrieveComments(
        _ postIDs: [Int], site: String? = nil, cachePolicy: CachePolicy = .useCache, on retrieval: Retrieval? = nil
    ) -> Result<PostComments, APIError>? {
        let deliveries = Deliveries<PostComments>()
        (retrieval ?? self.retrieval).comments.retrieveComments(
            postIDs: postIDs, site: site ?? self.site, cachePolicy: cachePolicy, completion: deliveries.completion)
        waitUntil("comments delivered") { deliveries.count == 1 }
        return deliveries.last
    }

    /// A real thread (question + answers) on which at least one post has comments, with those comments.
    private func threadWithComments() throws -> (ids: [Int], comments: PostComments) {
        let deliveries = Deliveries<Page<Question>>()
        retrieval.questions.retrieveQuestions(site: site, sort: .votes, pageSize: 20, completion: deliveries.completion)
        waitUntil("top questions") { deliveries.count == 1 }
        for question in try XCTUnwrap(deliveries.last).get().items where question.answerCount ?? 0 >= 2 {
            let thread = Deliveries<QuestionThread>()
            retrieval.questions.retrieveThread(questionID: question.questionID, site: site, completion: thread.completion)
            waitUntil("thread") { thread.count == 1 }
            let ids = [question.questionID] + (try XCTUnwrap(thread.last).get().answers.map(\.answerID))
            let comments = try XCTUnwrap(retrieveComments(ids)).get()
            if comments.byPost.values.contains(where: { !$0.isEmpty }) { return (ids, comments) }
        }
        throw XCTSkip("no top-voted cardano thread with comments in this dump")
    }

    func testARealQuestionAndItsAnswersCommentsComeInOneRequestGroupedByPost() throws {
        try double.clearRequestLog()
        let (ids, comments) = try threadWithComments()
        let commentRequests = try logged("/comments")
        let joinedIDs = ids.sorted().map(String.init).joined(separator: ";")
        XCTAssertEqual(commentRequests.last.map { $0.contains("/posts/\(joinedIDs)/comments") },
                       true, "one request naming the question and every answer: \(commentRequests)")
        XCTAssertEqual(Set(comments.byPost.keys), Set(ids), "every post has an entry, with or without comments")
        XCTAssertTrue(comments.isComplete)
        for (postID, list) in comments.byPost {
            XCTAssertTrue(list.allSatisfy { $0.postID == postID }, "post \(postID) holds only its own comments")
            let dates = list.compactMap(\.creationDate)
            XCTAssertEqual(dates.count, list.count, "every comment on \(postID) has a date")
            XCTAssertEqual(dates, dates.sorted(), "oldest first on \(postID)")
            XCTAssertTrue(list.allSatisfy { $0.body?.isEmpty == false }, "comments come with bodies")
        }

        // Cross-check against one request per post.
        for postID in ids {
            let alone = try XCTUnwrap(retrieveComments([postID], cachePolicy: .reload)).get()
            XCTAssertEqual(Set(alone[postID].map(\.commentID)), Set(comments[postID].map(\.commentID)), "post \(postID)")
        }
    }

    func testEndlessCommentPagesStopAtTheMaximumPages() throws {
        let (ids, _) = try threadWithComments()
        try double.clearRequestLog()
        try double.setFaults("repeat_pages=1&path=/posts")
        let comments = try XCTUnwrap(retrieveComments(ids, cachePolicy: .reload)).get()
        XCTAssertEqual(try logged("/comments").count, CommentsDataManager.maximumPages)
        XCTAssertFalse(comments.isComplete, "comments cut at the cap say so")
    }

    func testPostsWithoutCommentsHaveEmptyListsAndNoIDsCostNoRequest() throws {
        let missing = try XCTUnwrap(retrieveComments([999_999_998, 999_999_999])).get()
        XCTAssertEqual(missing.byPost, [999_999_998: [], 999_999_999: []])
        XCTAssertEqual(missing[999_999_999], [])

        try double.clearRequestLog()
        let nothing = try XCTUnwrap(retrieveComments([])).get()
        XCTAssertEqual(nothing.byPost, [:])
        XCTAssertTrue(nothing.isComplete)
        XCTAssertEqual(try double.requestLog(), [], "no ids, no request")
    }

    func testReopeningCommentsCostsNoRequestButReloadDoes() throws {
        let first = try XCTUnwrap(retrieveComments([1, 2, 3])).get()
        try double.clearRequestLog()
        XCTAssertEqual(try XCTUnwrap(retrieveComments([1, 2, 3])).get(), first)
        XCTAssertEqual(try XCTUnwrap(retrieveComments([3, 2, 1, 2])).get(), first, "order and duplicates do not matter")
        XCTAssertEqual(try logged("/comments"), [], "both answered from the cache")
        XCTAssertEqual(try XCTUnwrap(retrieveComments([2, 1, 3], cachePolicy: .reload)).get().byPost, first.byPost)
        XCTAssertEqual(try logged("/comments").count, 1)
    }

    func testHTTPFailureIsMapped() throws {
        try double.setFaults("status=500&count=1")
        guard case .failure(.httpStatus(500)) = try XCTUnwrap(retrieveComments([1])) else {
            return XCTFail("expected HTTP 500")
        }
    }

    func testUnknownSiteIsTheAPIsBadParameter() throws {
        guard case .failure(.api(id: 400, name: "bad_parameter", _)) = try XCTUnwrap(retrieveComments([1], site: "no-such-site")) else {
            return XCTFail("expected bad_parameter")
        }
    }

    func testUnreachableHostIsOffline() throws {
        let closed = Retrieval(factory: RequestFactory(baseURL: try closedPortURL()))
        guard case .failure(.offline) = try XCTUnwrap(retrieveComments([1], on: closed)) else {
            return XCTFail("expected .offline")
        }
    }
}
