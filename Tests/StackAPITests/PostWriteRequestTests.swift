import Foundation
import StackAPI
import XCTest

/// Issue 31: a vote, bookmark or accept is a POST whose form body carries the site, the access token and the key —
/// never the URL — and nothing that prints a request shows the token.
final class PostWriteRequestTests: XCTestCase {
    private let token = "abcDEF123*secret))"
    private let factory = RequestFactory(baseURL: URL(string: "http://127.0.0.1:8080/2.3")!, key: "k3y((")

    func testAVoteIsAPostWithItsFieldsInTheBody() throws {
        let write = PostWrite.vote(.answer(42), down: false, undo: true, site: "cardano")
        let wire = factory.wireRequest(for: .write(write, accessToken: token))
        XCTAssertEqual(wire.method, .post)
        XCTAssertEqual(wire.url.absoluteString, "http://127.0.0.1:8080/2.3/answers/42/upvote/undo", "no query, no key, no token")
        XCTAssertEqual(wire.value(forHeader: "content-type"), "application/x-www-form-urlencoded")
        let body = try XCTUnwrap(String(data: try XCTUnwrap(wire.body), encoding: .utf8))
        XCTAssertEqual(body, "site=cardano&access_token=abcDEF123%2Asecret%29%29&key=k3y%28%28")
    }

    func testEveryActHasTheAPIsPath() {
        XCTAssertEqual(PostWrite.vote(.question(7), down: true, undo: false, site: "s").path, "/questions/7/downvote")
        XCTAssertEqual(PostWrite.vote(.question(7), down: true, undo: true, site: "s").path, "/questions/7/downvote/undo")
        XCTAssertEqual(PostWrite.vote(.question(7), down: false, undo: false, site: "s").path, "/questions/7/upvote")
        XCTAssertEqual(PostWrite.bookmark(questionID: 7, undo: false, site: "s").path, "/questions/7/favorite")
        XCTAssertEqual(PostWrite.bookmark(questionID: 7, undo: true, site: "s").path, "/questions/7/favorite/undo")
        XCTAssertEqual(PostWrite.accept(answerID: 9, undo: false, site: "s").path, "/answers/9/accept")
        XCTAssertEqual(PostWrite.accept(answerID: 9, undo: true, site: "s").path, "/answers/9/accept/undo")
    }

    func testNothingThatPrintsAWriteShowsTheToken() {
        let request = APIRequest.write(.bookmark(questionID: 3, undo: false, site: "cardano"), accessToken: token)
        let wire = factory.wireRequest(for: request)
        var dumped = ""
        dump(request, to: &dumped)
        dump(wire, to: &dumped)
        for text in [String(describing: request), String(reflecting: request), "\(wire)", String(reflecting: wire), dumped] {
            XCTAssertFalse(text.contains("secret"), text)
        }
        XCTAssertTrue("\(wire)".hasPrefix("POST http://127.0.0.1:8080/2.3/questions/3/favorite ("), "\(wire)")
    }

    func testReadsStayGets() {
        let wire = factory.wireRequest(for: .info(site: "cardano"))
        XCTAssertEqual(wire.method, .get)
        XCTAssertNil(wire.body)
    }

    func testMarksFollowTheWrite() {
        var marks = PostMarks()
        marks = PostWrite.vote(.question(1), down: false, undo: false, site: "s").applied(to: marks)
        XCTAssertEqual(marks.vote, .up)
        marks = PostWrite.vote(.question(1), down: true, undo: false, site: "s").applied(to: marks)
        XCTAssertEqual(marks.vote, .down, "a down vote replaces an up vote")
        marks = PostWrite.vote(.question(1), down: true, undo: true, site: "s").applied(to: marks)
        XCTAssertNil(marks.vote)
        marks = PostWrite.bookmark(questionID: 1, undo: false, site: "s").applied(to: marks)
        XCTAssertTrue(marks.bookmarked)
        marks = PostWrite.accept(answerID: 1, undo: true, site: "s").applied(to: marks)
        XCTAssertEqual(marks.accepted, false)
    }

    func testWriteReasonsArePlainWords() {
        XCTAssertEqual(APIError.api(id: 407, name: "write_failed", message: "Voting up requires 15 reputation.\n\u{1b}[2J")
            .writeReason(retryKey: "+"), "Voting up requires 15 reputation. [2J", "one line, no escape sequence")
        XCTAssertEqual(APIError.throttled(seconds: 30, message: "").writeReason(retryKey: "f"), "the API asks to wait 30 s, then press f again")
        XCTAssertEqual(APIError.api(id: 403, name: "access_denied", message: "").writeReason(retryKey: "+"),
                       "your login does not allow writing — run stackterm login again")
        XCTAssertEqual(APIError.httpStatus(500).writeReason(retryKey: "+"), "HTTP 500 from the server")
    }
}
