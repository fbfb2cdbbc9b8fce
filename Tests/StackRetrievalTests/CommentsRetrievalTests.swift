import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// Comments of a question and its answers over real HTTP against the double (cardano dump).
final class CommentsRetrievalTests: RetrievalTestCase {
    private func retrieveComments(
        _ postIDs: [Int], site: String? = nil, on retrieval: Retrieval? = nil
    ) -> Result<PostComments, APIError>? {
        let deliveries = Deliveries<PostComments>()
        (retrieval ?? self.retrieval).retrieveComments(
            postIDs: postIDs, site: site ?? self.site, completion: deliveries.completion)
        waitUntil("comments delivered") { deliveries.count == 1 }
        return deliveries.last
    }

    /// A real thread (question + answers) on which at least one post has comments, with those comments.
    private func threadWithComments() throws -> (ids: [Int], comments: PostComments) {
        let deliveries = Deliveries<Page<Question>>()
        retrieval.questionsPage(site: site, sort: .votes, pageSize: 20, completion: deliveries.completion)
        waitUntil("top questions") { deliveries.count == 1 }
        for question in try XCTUnwrap(deliveries.last).get().items where question.answerCount ?? 0 >= 2 {
            let thread = Deliveries<QuestionThread>()
            retrieval.thread(questionID: question.questionID, site: site, completion: thread.completion)
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
            let alone = try XCTUnwrap(retrieveComments([postID])).get()
            XCTAssertEqual(Set(alone[postID].map(\.commentID)), Set(comments[postID].map(\.commentID)), "post \(postID)")
        }
    }

    func testEndlessCommentPagesStopAtTheMaximumPages() throws {
        let (ids, _) = try threadWithComments()
        try double.clearRequestLog()
        try double.setFaults("repeat_pages=1&path=/posts")
        let comments = try XCTUnwrap(retrieveComments(ids)).get()
        XCTAssertEqual(try logged("/comments").count, CommentsOperation.maximumPages)
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

    func testThePostsInAnyOrderWithDuplicatesMakeOneCanonicalRequest() throws {
        let first = try XCTUnwrap(retrieveComments([1, 2, 3])).get()
        XCTAssertEqual(try XCTUnwrap(retrieveComments([3, 2, 1, 2])).get().byPost, first.byPost, "order and duplicates do not matter")
        let requests = try logged("/comments")
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(Set(requests).count, 1, "the same request both times: \(requests)")
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
