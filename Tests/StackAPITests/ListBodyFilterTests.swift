import XCTest
import StackAPI

/// Lists (`/questions`, `/search/advanced`) ask for bodies only when told to.
final class ListBodyFilterTests: XCTestCase {
    private let factory = RequestFactory()
    private let base = "https://api.stackexchange.com/2.3"

    func testQuestionsWithBodyAddTheBodyFilter() {
        XCTAssertEqual(factory.url(for: .questions(site: "cardano", withBody: true)).absoluteString,
                       base + "/questions?filter=withbody&order=desc&page=1&site=cardano&sort=activity")
        XCTAssertEqual(APIRequest.questions(site: "cardano", withBody: false), APIRequest.questions(site: "cardano"))
    }

    func testSearchWithBodyAddsTheBodyFilter() {
        XCTAssertEqual(factory.url(for: .searchAdvanced(site: "cardano", query: "ada", withBody: true)).absoluteString,
                       base + "/search/advanced?filter=withbody&order=desc&page=1&q=ada&site=cardano&sort=relevance")
        XCTAssertFalse(factory.url(for: .searchAdvanced(site: "cardano", query: "ada")).absoluteString.contains("filter"))
    }
}
