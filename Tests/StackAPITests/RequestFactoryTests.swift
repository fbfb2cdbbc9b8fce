import XCTest
@testable import StackAPI

final class RequestFactoryTests: XCTestCase {
    private let factory = RequestFactory()
    private let base = "https://api.stackexchange.com/2.3"

    private func url(_ request: APIRequest, _ factory: RequestFactory? = nil) -> String {
        (factory ?? self.factory).url(for: request).absoluteString
    }

    func testQuestionsWithEveryParameter() {
        let request = APIRequest.questions(
            site: "stackoverflow", sort: .votes, order: .asc, tagged: ["c++", "c#"], page: 3, pageSize: 50,
            fromDate: Date(timeIntervalSince1970: 1_600_000_000), toDate: Date(timeIntervalSince1970: 1_700_000_000.7))
        XCTAssertEqual(url(request), base + "/questions?fromdate=1600000000&order=asc&page=3&pagesize=50"
                       + "&site=stackoverflow&sort=votes&tagged=c%2B%2B;c%23&todate=1700000000")
        XCTAssertEqual(request.method, .questions)
        XCTAssertEqual(request.page, 3)
    }

    func testQuestionsDefaultsUseTheDefaultFilter() {
        XCTAssertEqual(url(.questions(site: "cardano")), base + "/questions?order=desc&page=1&site=cardano&sort=activity")
    }

    func testEveryQuestionSortUsesTheAPIName() {
        XCTAssertEqual(QuestionSort.allCases.map(\.rawValue), ["activity", "creation", "votes", "hot", "week", "month"])
        XCTAssertEqual(SearchSort.relevance.rawValue, "relevance")
        XCTAssertEqual(SortDirection.allCases.map(\.rawValue), ["desc", "asc"])
    }

    func testQuestionsByIDAsksForBodies() {
        XCTAssertEqual(url(.questionsByID([6827752, 11227809], site: "stackoverflow")),
                       base + "/questions/6827752;11227809?filter=withbody&site=stackoverflow")
        XCTAssertEqual(url(.questionsByID([1], site: "cardano", withBody: false)), base + "/questions/1?site=cardano")
        XCTAssertEqual(APIRequest.questionsByID([1], site: "x").method, .questionsByID)
    }

    func testAnswersOfQuestions() {
        let request = APIRequest.answersOfQuestions([6827752], site: "stackoverflow", sort: .votes, page: 2, pageSize: 100)
        XCTAssertEqual(url(request), base + "/questions/6827752/answers?filter=withbody&order=desc&page=2&pagesize=100"
                       + "&site=stackoverflow&sort=votes")
        XCTAssertEqual(request.method, .answersOfQuestions)
    }

    func testLatestAnswersFeedCarriesBodies() {
        let request = APIRequest.latestAnswers(site: "cardano", sort: .creation, order: .desc, page: 1, pageSize: 30)
        XCTAssertEqual(url(request), base + "/answers?filter=withbody&order=desc&page=1&pagesize=30&site=cardano&sort=creation")
        XCTAssertEqual(request.method, .answers)
    }

    func testCommentsOfPosts() {
        let request = APIRequest.commentsOfPosts([1, 2, 3], site: "cardano")
        XCTAssertEqual(url(request), base + "/posts/1;2;3/comments?filter=withbody&order=asc&page=1&pagesize=100"
                       + "&site=cardano&sort=creation")
        XCTAssertEqual(request.method, .commentsOfPosts)
    }

    func testSearchAdvancedEncodesTheQuery() {
        let request = APIRequest.searchAdvanced(site: "stackoverflow", query: "something missing & more=1", tagged: ["swift"],
                                                sort: .votes, page: 1, pageSize: 10, accepted: true)
        XCTAssertEqual(url(request), base + "/search/advanced?accepted=true&order=desc&page=1&pagesize=10"
                       + "&q=something%20missing%20%26%20more%3D1&site=stackoverflow&sort=votes&tagged=swift")
        XCTAssertEqual(url(.searchAdvanced(site: "ja.stackoverflow", query: "日本")),
                       base + "/search/advanced?order=desc&page=1&q=%E6%97%A5%E6%9C%AC&site=ja.stackoverflow&sort=relevance")
    }

    func testInfoAndSites() {
        XCTAssertEqual(url(.info(site: "cardano")), base + "/info?site=cardano")
        XCTAssertEqual(url(.sites(page: 2, pageSize: 100)), base + "/sites?page=2&pagesize=100")
        XCTAssertEqual(APIRequest.sites().method, .sites)
    }

    func testPagingIsClamped() {
        XCTAssertEqual(url(.questions(site: "s", page: 0, pageSize: 500)),
                       base + "/questions?order=desc&page=1&pagesize=100&site=s&sort=activity")
        XCTAssertEqual(url(.questions(site: "s", page: -4, pageSize: -1)),
                       base + "/questions?order=desc&page=1&pagesize=0&site=s&sort=activity")
    }

    func testKeyIsAppendedLast() {
        let keyed = RequestFactory(key: "abc((def")
        XCTAssertTrue(keyed.hasKey)
        XCTAssertEqual(url(.info(site: "cardano"), keyed), base + "/info?site=cardano&key=abc%28%28def")
        XCTAssertFalse(RequestFactory(key: "").hasKey)
        XCTAssertFalse(factory.hasKey)
    }

    func testBaseURLWithPathAndTrailingSlash() {
        let double = RequestFactory(baseURL: URL(string: "http://127.0.0.1:8080/2.3")!)
        XCTAssertEqual(url(.questions(site: "cardano", page: 2), double),
                       "http://127.0.0.1:8080/2.3/questions?order=desc&page=2&site=cardano&sort=activity")
        let teams = RequestFactory(baseURL: URL(string: "https://example.com/api/2.3/")!)
        XCTAssertEqual(url(.info(site: "x"), teams), "https://example.com/api/2.3/info?site=x")
    }

    func testHandMadeRequestPathsAreEncoded() {
        let request = APIRequest(method: .questions, path: "questions/a b%", query: [URLQueryItem(name: "flag", value: nil)])
        XCTAssertEqual(url(request), base + "/questions/a%20b%25?flag")
    }

    func testWireRequestHeaders() {
        let custom = RequestFactory(timeout: 12)
        let request = custom.wireRequest(for: .info(site: "cardano"))
        XCTAssertEqual(request.timeout, 12)
        XCTAssertEqual(request.value(forHeader: "user-agent"), "stackterm/\(StackTermVersion.current) (+https://github.com/stackterm)")
        XCTAssertEqual(request.value(forHeader: "Accept-Encoding"), "gzip, deflate")
        XCTAssertEqual(request.value(forHeader: "Accept"), "application/json")
        XCTAssertNil(request.value(forHeader: "Cookie"))
        XCTAssertEqual(request.url.absoluteString, base + "/info?site=cardano")
    }

    func testKeyIsRedactedInDescriptions() {
        let keyed = RequestFactory(key: "s3cr3tKEY")
        for text in [keyed.description, keyed.debugDescription, String(describing: keyed), String(reflecting: keyed),
                     "\(keyed)"] {
            XCTAssertFalse(text.contains("s3cr3tKEY"), text)
            XCTAssertTrue(text.contains("key: <redacted>"), text)
        }
        XCTAssertTrue(factory.description.contains("key: none"))
        var dumped = ""
        dump(keyed, to: &dumped)
        XCTAssertFalse(dumped.contains("s3cr3tKEY"), dumped)
    }
}
