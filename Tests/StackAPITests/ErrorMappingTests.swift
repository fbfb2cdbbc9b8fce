import XCTest
@testable import StackAPI

final class ErrorMappingTests: XCTestCase {
    private func error(_ json: String, status: Int, request: APIRequest? = nil) -> APIError? {
        let result = ResponseDecoder.decode(Question.self, from: Data(json.utf8), httpStatus: status, request: request)
        guard case .failure(let error) = result else { return nil }
        return error
    }

    func testThrottleViolationParsesSeconds() {
        let body = #"{"error_id":502,"error_name":"throttle_violation","error_message":"too many requests from this IP, more requests available in 42 seconds"}"#
        XCTAssertEqual(error(body, status: 400),
                       .throttled(seconds: 42, message: "too many requests from this IP, more requests available in 42 seconds"))
    }

    func testThrottleWithoutNumberWaitsTheDefault() {
        let body = #"{"error_id":502,"error_name":"throttle_violation","error_message":"Violation of backoff parameter"}"#
        XCTAssertEqual(error(body, status: 400),
                       .throttled(seconds: APIError.defaultThrottleSeconds, message: "Violation of backoff parameter"))
    }

    func testThrottleWithZeroQuotaIsQuotaExhausted() {
        let body = #"{"error_id":502,"error_name":"throttle_violation","error_message":"too many requests from this IP, more requests available in 80000 seconds","quota_remaining":0}"#
        XCTAssertEqual(error(body, status: 400), .quotaExhausted)
        let quotaText = #"{"error_id":502,"error_name":"throttle_violation","error_message":"daily quota exceeded"}"#
        XCTAssertEqual(error(quotaText, status: 400), .quotaExhausted)
    }

    func testPageAbove25TakesThePageFromTheRequest() {
        let body = #"{"error_id":403,"error_name":"access_denied","error_message":"page above 25 requires access token or app key"}"#
        let request = APIRequest.questions(site: "stackoverflow", page: 27)
        XCTAssertEqual(error(body, status: 400, request: request), .pageLimit(page: 27))
        XCTAssertEqual(error(body, status: 400), .pageLimit(page: 26))
    }

    func testOtherAccessDeniedIsAPlainAPIError() {
        let body = #"{"error_id":403,"error_name":"access_denied","error_message":"invalid token"}"#
        XCTAssertEqual(error(body, status: 403), .api(id: 403, name: "access_denied", message: "invalid token"))
    }

    func testAPIErrorMessageIsEntityDecodedOnce() {
        let body = #"{"error_id":400,"error_name":"bad_parameter","error_message":"site &#39;x&#39; &amp;#39;"}"#
        XCTAssertEqual(error(body, status: 400), .api(id: 400, name: "bad_parameter", message: "site 'x' &#39;"))
    }

    func testTheBodyDecidesNotTheStatus() {
        let body = #"{"error_id":500,"error_name":"internal_error","error_message":"oops"}"#
        XCTAssertEqual(error(body, status: 200), .api(id: 500, name: "internal_error", message: "oops"))
    }

    func testHTTP500WithHTMLBody() {
        XCTAssertEqual(error("<html><body>Internal Server Error</body></html>", status: 500), .httpStatus(500))
        XCTAssertEqual(error("", status: 503), .httpStatus(503))
    }

    func testEmptyOrNonJSONSuccessBodyIsUndecodable() {
        XCTAssertEqual(error("", status: 200), .undecodable(path: "", reason: "empty body"))
        XCTAssertEqual(error("<html>", status: 200), .undecodable(path: "", reason: "not JSON"))
        XCTAssertEqual(error(#"{"items":[{"question_id":1,"title":"a","creation_date":1}"#, status: 200),
                       .undecodable(path: "", reason: "not JSON"))
    }

    func testUndecodableNamesTheCodingPath() {
        let owner = #"{"question_id":1,"title":"t","creation_date":1,"owner":{"reputation":"many"}}"#
        let good = #"{"question_id":2,"title":"t","creation_date":1}"#
        let body = #"{"items":[\#(good),\#(good),\#(good),\#(owner)]}"#
        XCTAssertEqual(error(body, status: 200), .undecodable(path: "items.3.owner.reputation", reason: "expected a number"))
        let missing = #"{"items":[{"question_id":1,"creation_date":1}]}"#
        XCTAssertEqual(error(missing, status: 200), .undecodable(path: "items.0.title", reason: "missing field"))
        let null = #"{"items":[{"question_id":1,"title":null,"creation_date":1}]}"#
        XCTAssertEqual(error(null, status: 200), .undecodable(path: "items.0.title", reason: "null where text expected"))
    }

    func testSummariesAreOneHumanLine() {
        let expected: [(APIError, String)] = [
            (.offline(detail: "cannot reach api.stackexchange.com"),
             "Offline: cannot reach api.stackexchange.com — press r to retry"),
            (.timeout, "The server took too long to answer — press r to retry"),
            (.cancelled, "Cancelled"),
            (.httpStatus(500), "HTTP 500 from the server — press r to retry"),
            (.api(id: 400, name: "bad_parameter", message: "site"), "API error 400 bad_parameter: site"),
            (.throttled(seconds: 42, message: "x"), "Throttled by the API: wait 42 s"),
            (.quotaExhausted, "Daily API quota used up — set an API key (--api-key) for 10,000/day"),
            (.pageLimit(page: 26), "Pages past 25 need an API key (--api-key)"),
            (.undecodable(path: "items.3.title", reason: "expected text"),
             "Unexpected response (items.3.title): expected text — press r to retry"),
            (.undecodable(path: "", reason: "empty body"), "Unexpected response: empty body — press r to retry"),
            (.responseTooLarge(limit: 32 << 20), "The server sent more than 32 MB — response refused; press r to retry"),
        ]
        for (error, summary) in expected {
            XCTAssertEqual(error.summary, summary)
        }
    }

    func testSummariesStripControlCharacters() {
        let hostile = APIError.api(id: 400, name: "bad\u{1B}]0;pwned\u{07}", message: "line1\nline2\r\u{9B}31m\u{2028}end")
        let summary = hostile.summary
        XCTAssertFalse(summary.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        XCTAssertFalse(summary.contains("\u{2028}"))
        XCTAssertEqual(summary, "API error 400 bad ]0;pwned : line1 line2 31m end")
    }

    func testOnlyCancelledIsHiddenFromUsers() {
        XCTAssertFalse(APIError.cancelled.isUserVisible)
        XCTAssertTrue(APIError.timeout.isUserVisible)
        XCTAssertTrue(APIError.quotaExhausted.isUserVisible)
    }

    func testWaitSecondsParsing() {
        XCTAssertEqual(APIErrorBody.waitSeconds(in: "more requests available in 82603 seconds"), 82603)
        XCTAssertEqual(APIErrorBody.waitSeconds(in: "retry in 1 second"), 1)
        XCTAssertEqual(APIErrorBody.waitSeconds(in: "page 3 of 5 in 7 secs"), 7)
        XCTAssertNil(APIErrorBody.waitSeconds(in: "no number here"))
    }
}
