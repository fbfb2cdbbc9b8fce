import PrintMode
import StackAPI
import XCTest

/// Exit codes, stderr messages and the request's own checks.
final class PrintOutcomeTests: XCTestCase {
    func testExitCodes() {
        XCTAssertEqual(PrintOutcome.finished(count: 5).exitCode, 0)
        XCTAssertEqual(PrintOutcome.finished(count: 0).exitCode, 3)
        XCTAssertEqual(PrintOutcome.failed(.offline(detail: "x"), printed: 0).exitCode, 1)
        XCTAssertEqual(PrintOutcome.failed(.httpStatus(500), printed: 30).exitCode, 1)
        XCTAssertEqual(PrintOutcome.failed(.timeout, printed: 0).exitCode, 1)
        XCTAssertEqual(PrintOutcome.failed(.undecodable(path: "items", reason: "x"), printed: 0).exitCode, 1)
        XCTAssertEqual(PrintOutcome.failed(.api(id: 400, name: "bad_parameter", message: "site"), printed: 0).exitCode, 1)
        XCTAssertEqual(PrintOutcome.failed(.throttled(seconds: 30, message: "x"), printed: 0).exitCode, 4)
        XCTAssertEqual(PrintOutcome.failed(.quotaExhausted, printed: 0).exitCode, 4)
        XCTAssertEqual(PrintOutcome.failed(.pageLimit(page: 26), printed: 2500).exitCode, 4)
    }

    func testMessagesDropTheBrowsersRetryHint() {
        XCTAssertNil(PrintOutcome.finished(count: 1).message)
        XCTAssertEqual(PrintOutcome.finished(count: 0).message, "stackterm: no questions matched")
        XCTAssertEqual(PrintOutcome.failed(.httpStatus(502), printed: 0).message, "stackterm: HTTP 502 from the server")
        XCTAssertEqual(PrintOutcome.failed(.throttled(seconds: 7, message: ""), printed: 0).message,
                       "stackterm: Throttled by the API: wait 7 s")
    }

    func testPageSizeNeverAsksForMoreThanNeeded() {
        XCTAssertEqual(PrintRequest(site: "s", limit: 30).effectivePageSize, 30)
        XCTAssertEqual(PrintRequest(site: "s", limit: 7).effectivePageSize, 7)
        XCTAssertEqual(PrintRequest(site: "s", limit: 250).effectivePageSize, 100)
        XCTAssertEqual(PrintRequest(site: "s", limit: 250, pageSize: 40).effectivePageSize, 40)
        XCTAssertEqual(PrintRequest(site: "s", limit: 10, pageSize: 40).effectivePageSize, 10)
    }

    func testRequestProblems() {
        XCTAssertNil(PrintRequest(site: "s").problem)
        XCTAssertNotNil(PrintRequest(site: "s", limit: 0).problem)
        XCTAssertNotNil(PrintRequest(site: "s", query: "  ").problem)
        XCTAssertEqual(PrintRequest(site: "s", query: "x").searchSort, .relevance)
        XCTAssertEqual(PrintRequest(site: "s", sort: .votes, query: "x").searchSort, .votes)
        XCTAssertEqual(PrintRequest(site: "s", sort: .hot, query: "x").problem,
                       "a search sorts by relevance (the default), activity, creation or votes; not by hot")
        XCTAssertNil(PrintRequest(site: "s", sort: .hot).problem, "the list sorts by hot")
    }
}
