import Foundation
import TestSupport
import XCTest

/// Replay of recorded responses, by request and by path.
final class DoubleRecordedTests: DoubleHTTPTestCase {
    private func recordedFile(_ relative: String) throws -> Data {
        try Data(contentsOf: try XCTUnwrap(SharedData.path("api/\(relative)")))
    }

    func testRecordedRequestIsReplayedByteForByte() throws {
        let expected = try recordedFile("ruby-stackoverflow-vcr/questions.json")
        let exact = try get("/2.2/questions/?site=stackoverflow")
        XCTAssertEqual(exact.status, 200)
        XCTAssertEqual(exact.body, expected)
        // Version, key, credentials, a trailing slash and parameter order do not matter.
        let variant = try get("/2.3/questions?key=mine&site=stackoverflow&access_token=t")
        XCTAssertEqual(variant.body, expected)
        let ids = try get("/2.2/questions/16067043;19401289/answers?site=stackoverflow")
        XCTAssertEqual(ids.body, try recordedFile("ruby-stackoverflow-vcr/questions_answers.json"))
    }

    func testRecordedErrorKeepsItsStatus() throws {
        let reply = try get("/2.2/users/1363236&&?site=stackoverflow")
        XCTAssertEqual(reply.status, 400)
        XCTAssertEqual(reply.body, try recordedFile("ruby-stackoverflow-vcr/error.json"))
    }

    func testStacmanRecordingsMatchTheirURLs() throws {
        let reply = try get("/2.0/info?site=english")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.body, try recordedFile("stacman-csharp/Info_get_test.json"))
    }

    func testRecordedSiteAnswersOnlyItsRecordings() throws {
        let object = try json("/2.3/questions?site=stackoverflow&sort=votes", status: 400)
        XCTAssertEqual(object["error_id"] as? Int, 404)
        XCTAssertEqual(object["error_name"] as? String, "no_method")
    }

    func testRecordedFileByPath() throws {
        let reply = try get("/_double/recorded/stacksearch-so/answers.json")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.body, try recordedFile("stacksearch-so/answers.json"))
        let nested = try get("/_double/recorded/ruby-stackoverflow-vcr/spec-fixtures/users.json")
        XCTAssertEqual(nested.body, try recordedFile("ruby-stackoverflow-vcr/spec-fixtures/users.json"))
        XCTAssertEqual(try get("/_double/recorded/../dumps/cardano/Tags.xml").status, 404)
        XCTAssertEqual(try get("/_double/recorded/nope.json").status, 404)
        XCTAssertEqual(try double.requestLog(), [], "control endpoints are not logged")
    }
}
