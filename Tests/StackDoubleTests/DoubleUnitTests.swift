import Foundation
@testable import StackDouble
import StackAPI
import XCTest

/// The double's pieces without HTTP: gzip, escaping, parameters, faults, recorded-request keys.
final class DoubleUnitTests: XCTestCase {
    func testGzipRoundTripAndFailures() throws {
        let text = Data(String(repeating: "Stack Exchange ✓ 日本語 ", count: 5_000).utf8)
        let compressed = try Gzip.compress(text)
        XCTAssertEqual(Array(compressed.prefix(2)), [0x1F, 0x8B])
        XCTAssertLessThan(compressed.count, text.count / 10)
        XCTAssertEqual(try Gzip.decompress(compressed), text)
        XCTAssertEqual(try Gzip.decompress(try Gzip.compress(Data())), Data())
        XCTAssertThrowsError(try Gzip.decompress(compressed.prefix(compressed.count / 2))) {
            XCTAssertEqual($0 as? Gzip.Failure, .truncated)
        }
        XCTAssertThrowsError(try Gzip.decompress(Data("not gzip at all".utf8))) {
            guard case .corrupt = $0 as? Gzip.Failure else { return XCTFail("\($0)") }
        }
    }

    func testHTMLEscapingMatchesTheAPI() {
        XCTAssertEqual(HTMLEntities.escape(#"Tom's "A&B" <c>"#), "Tom&#39;s &quot;A&amp;B&quot; &lt;c&gt;")
        XCTAssertEqual(HTMLEntities.escape("plain"), "plain")
        XCTAssertEqual(PostText.slug("cardano-cli: Network.Socket.connect: <socket: 11>!"), "cardano-cli-network-socket-connect-socket-11")
        XCTAssertEqual(PostText.slug("日本語"), "question")
    }

    func testQueryParametersValidate() throws {
        let parameters = QueryParameters(query: "q=a+b%20c&pagesize=101&page=0&sort=Votes&tagged=x;y;&accepted=maybe")
        XCTAssertEqual(parameters.string("q"), "a b c")
        XCTAssertThrowsError(try parameters.pageSize()) { XCTAssertEqual(($0 as? APIFailure)?.name, "bad_parameter") }
        XCTAssertThrowsError(try parameters.page())
        XCTAssertEqual(try parameters.choice("sort", allowed: PostSort.questionSorts, default: .activity), .votes)
        XCTAssertEqual(parameters.list("tagged"), ["x", "y"])
        XCTAssertThrowsError(try parameters.bool("accepted"))
        XCTAssertEqual(try QueryParameters.ids("1;22;333"), [1, 22, 333])
        XCTAssertThrowsError(try QueryParameters.ids("1;x"))
        XCTAssertThrowsError(try QueryParameters.ids(Array(1...101).map(String.init).joined(separator: ";")))
    }

    func testFaultsParseAndSpendTheirCount() throws {
        let faults = try Faults(query: "delay_ms=5&status=500&count=2&path=/questions")
        XCTAssertEqual(faults.delayMilliseconds, 5)
        XCTAssertEqual(faults.query, "delay_ms=5&status=500&count=2&path=/questions")
        XCTAssertThrowsError(try Faults(query: "status=99"))
        XCTAssertThrowsError(try Faults(query: "malformed=perhaps"))
        let board = FaultBoard(faults)
        XCTAssertEqual(board.take(for: "/answers"), Faults(), "other paths are untouched and not counted")
        XCTAssertEqual(board.take(for: "/questions/1").status, 500)
        XCTAssertEqual(board.take(for: "/questions").status, 500)
        XCTAssertEqual(board.take(for: "/questions"), Faults())
        XCTAssertTrue(board.faults.isEmpty)
    }

    func testRecordedKeysIgnoreVersionOrderAndCredentials() {
        let recorded = RecordedResponses.key(method: "GET", path: "/2.2/questions/", query: "access_token=R&key=K&site=stackoverflow&page=1")
        let asked = RecordedResponses.key(method: "get", path: "/2.3/questions", query: "page=1&site=stackoverflow")
        XCTAssertEqual(recorded, asked)
        XCTAssertNotEqual(asked, RecordedResponses.key(method: "GET", path: "/2.3/questions", query: "page=2&site=stackoverflow"))
        XCTAssertEqual(APIPath.removingVersion("/2.3/questions"), "/questions")
        XCTAssertNil(APIPath.removingVersion("/2.x/questions"))
        XCTAssertNil(APIPath.removingVersion("/_double/log"))
    }

    func testServiceAnswersWithoutASocket() async throws {
        let service = DoubleService(configuration: DoubleConfiguration(dumps: nil, recorded: nil))
        let reply = await service.respond(to: DoubleRequest(path: "/2.3/questions", query: "site=cardano"))
        XCTAssertEqual(reply.status, 400)
        XCTAssertEqual(reply.headers["Content-Encoding"], "gzip")
        let body = try JSONSerialization.jsonObject(with: try Gzip.decompress(reply.body)) as? [String: Any]
        XCTAssertEqual(body?["error_message"] as? String, "No site found for name `cardano`")
        let sites = await service.respond(to: DoubleRequest(path: "/2.3/sites"))
        XCTAssertEqual(sites.status, 200)
    }
}
