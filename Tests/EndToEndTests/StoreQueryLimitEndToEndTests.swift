import Foundation
import TestSupport
import XCTest

/// Issue 22 part 4 through the real binary: a pasted query of thousands of words, or of a thousand `tag:` terms,
/// searched offline in a store holding cardano's dump, is refused at once with the limit named, never left running
/// nor reported as a raw SQLite failure.
final class StoreQueryLimitEndToEndTests: XCTestCase {
    /// `XDG_DATA_HOME` of this test's store, which holds cardano.
    private var environment: [String: String?] = [:]

    override func setUpWithError() throws {
        guard let cardano = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        environment = ["XDG_DATA_HOME": try temporaryFolder("stackterm-query-limits").path]
        XCTAssertEqual(try StacktermRun.run(["import", cardano.path], environment: environment).status, 0)
    }

    /// `stackterm print --offline` searching cardano; a run still going after a minute is ended with SIGTERM
    /// (status 143), so a runaway query fails the test instead of hanging it.
    private func searchOffline(_ query: String) throws -> StacktermRun.Outcome {
        try StacktermRun.run(["print", "--offline", "--site", "cardano", "--search", query], environment: environment, timeout: 60)
    }

    private func assertRefusedWithoutSQLite(_ run: StacktermRun.Outcome, naming limit: String, _ line: UInt = #line) {
        XCTAssertNotEqual(run.status, 143, "still searching after a minute", line: line)
        XCTAssertNotEqual(run.status, 0, run.output, line: line)
        XCTAssertEqual(run.output, "", line: line)
        XCTAssertTrue(run.errors.contains("the search is too long for the local store"), run.errors, line: line)
        XCTAssertTrue(run.errors.contains(limit), run.errors, line: line)
        for raw in ["the local store failed", "Expression tree", "SQLite error", "SQLITE_"] {
            XCTAssertFalse(run.errors.contains(raw), run.errors, line: line)
        }
    }

    func testA2400WordQueryOfCommonWordsIsRefusedNamingTheWordLimit() throws {
        let common = ["the", "of", "and", "to", "is", "in", "a", "that", "for", "this", "cardano", "transaction"]
        let query = (0..<2_400).map { common[$0 % common.count] }.joined(separator: " ")
        XCTAssertGreaterThan(query.count, 9_000)
        assertRefusedWithoutSQLite(try searchOffline(query), naming: "it has 2400 words, and at most 64 are searched")
    }

    func testAThousandTagTermsAreRefusedNamingTheTagLimit() throws {
        let query = "plutus " + (0..<1_000).map { "tag:t\($0)" }.joined(separator: " ")
        assertRefusedWithoutSQLite(try searchOffline(query), naming: "it has 1000 tag: terms, and at most 5 are searched")
    }

    func testAnOrdinarySearchStillAnswers() throws {
        let run = try searchOffline("plutus script")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertFalse(run.lines.isEmpty, run.errors)
    }
}
