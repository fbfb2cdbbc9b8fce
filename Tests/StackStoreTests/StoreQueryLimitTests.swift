import Foundation
import GRDB
import XCTest
@testable import StackStore

/// Issue 22 part 4: a search the user can stop and cannot blow up. Too long a query is refused naming the limit,
/// a search past its budget is cut, and a read whose `StoreInterrupt` is cancelled stops in SQLite, from any thread.
final class StoreQueryLimitTests: StoreTestCase {
    /// Words common in quantumcomputing's posts.
    private let common = ["the", "of", "and", "to", "is", "in", "a", "that", "for", "this", "quantum", "state"]

    /// A read that would count for many seconds (10⁸ rows of a recursive CTE) unless it is stopped.
    private let runaway = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000000) SELECT count(*) FROM c"

    private func searchError(_ store: Store, _ text: String, budget: Duration = LocalQueryLimits.budget) -> StoreError? {
        do {
            _ = try store.search(text, site: "quantumcomputing", sort: .relevance, budget: budget)
            return nil
        } catch {
            return error
        }
    }

    func testAPastedQueryOfThousandsOfCommonWordsIsRefusedNamingTheWordLimit() throws {
        let store = try importedStore("quantumcomputing")
        let text = (0..<2_400).map { common[$0 % common.count] }.joined(separator: " ")
        let error = searchError(store, text)
        XCTAssertEqual(error, .queryTooLong(limit: LocalQueryLimits.words, unit: "words", found: 2_400))
        XCTAssertTrue(error?.description.contains("at most \(LocalQueryLimits.words)") == true, "\(String(describing: error))")
        XCTAssertEqual(error?.isQueryLimit, true)
    }

    func testAThousandTagTermsAreRefusedInsteadOfOverflowingSQLitesExpressionTree() throws {
        let store = try importedStore("quantumcomputing")
        let text = "qubit " + (0..<1_000).map { "tag:t\($0)" }.joined(separator: " ")
        XCTAssertEqual(searchError(store, text), .queryTooLong(limit: LocalQueryLimits.tags, unit: "tag: terms", found: 1_000))
        // Tags alone take the list path: refused the same.
        let tagsOnly = (0..<1_000).map { "tag:t\($0)" }.joined(separator: " ")
        XCTAssertEqual(searchError(store, tagsOnly), .queryTooLong(limit: LocalQueryLimits.tags, unit: "tag: terms", found: 1_000))
    }

    func testAQueryOfFewLongWordsIsRefusedPastTheCharacterLimit() throws {
        let store = try importedStore("quantumcomputing")
        let text = (0..<20).map { _ in String(repeating: "superposition", count: 3) }.joined(separator: " ")
        XCTAssertEqual(searchError(store, text), .queryTooLong(limit: LocalQueryLimits.characters, unit: "characters", found: text.count))
    }

    func testQueriesWithinTheLimitsStillAnswer() throws {
        let store = try importedStore("quantumcomputing")
        let text = common.joined(separator: " ") + " tag:quantum-state"
        XCTAssertNoThrow(try store.search(text, site: "quantumcomputing", sort: .relevance))
        XCTAssertFalse(try store.search("entanglement", site: "quantumcomputing", sort: .relevance).isEmpty)
    }

    func testASearchPastItsBudgetIsCutInsteadOfRunningOn() throws {
        let store = try importedStore("quantumcomputing")
        for sort in [StoreSearchSort.relevance, .votes] {
            do {
                _ = try store.search("quantum state", site: "quantumcomputing", sort: sort, budget: .nanoseconds(1))
                XCTFail("\(sort): answered past its budget")
            } catch {
                XCTAssertEqual(error, .searchCut(milliseconds: 0), "\(sort)")
                XCTAssertEqual(error.isQueryLimit, true)
            }
        }
    }

    func testASearchUnderACancelledInterruptIsNotRun() throws {
        let store = try importedStore("quantumcomputing")
        let interrupt = StoreInterrupt()
        interrupt.cancel()
        XCTAssertThrowsError(try interrupt.run { () throws(StoreError) in
            try store.search("quantum", site: "quantumcomputing", sort: .relevance)
        }) { XCTAssertEqual($0 as? StoreError, .interrupted) }
        // Outside `run`, the store does not answer to that interrupt.
        XCTAssertFalse(try store.search("quantum", site: "quantumcomputing", sort: .relevance).isEmpty)
    }

    func testARunawayReadIsStoppedWhenAnotherThreadCancels() throws {
        let store = try openStore()
        for budget in [nil, Duration.seconds(600)] {
            let interrupt = StoreInterrupt()
            let outcome = ReadOutcome()
            let thread = Thread { [runaway] in
                outcome.set(Result { () throws(StoreError) in
                    try interrupt.run { () throws(StoreError) in
                        try store.read(budget: budget) { db in try Int.fetchOne(db, sql: runaway) ?? 0 }
                    }
                })
            }
            thread.start()
            Thread.sleep(forTimeInterval: 0.2)
            interrupt.cancel()
            switch outcome.wait() {
            case .success(let count): XCTFail("budget \(String(describing: budget)): ran to the end (\(count))")
            case .failure(let error): XCTAssertEqual(error, .interrupted, "budget \(String(describing: budget))")
            }
            // The connection is usable again, the interrupt forgotten.
            XCTAssertEqual(try store.read { db in try Int.fetchOne(db, sql: "SELECT 1") }, 1)
        }
    }
}

/// A result handed from the reading thread to the test.
private final class ReadOutcome: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Int, StoreError>?

    func set(_ result: Result<Int, StoreError>) {
        condition.lock()
        self.result = result
        condition.signal()
        condition.unlock()
    }

    func wait() -> Result<Int, StoreError> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
