import Foundation
import PrintMode
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// The collector over real loopback HTTP against the double: pages as far as the limit needs, no further.
final class QuestionCollectorTests: XCTestCase {
    private var double: DoubleProcess!

    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
    }

    override func tearDown() {
        double?.stop()
    }

    /// Runs a collector for `request` to its end; returns every question handed over and the outcome.
    private func collect(_ request: PrintRequest, baseURL: URL? = nil) -> ([Question], PrintOutcome?) {
        dispatchPrecondition(condition: .onQueue(.main))
        let factory = RequestFactory(baseURL: baseURL ?? double.baseURL, key: "stackterm-tests")
        return MainActor.assumeIsolated {
            let collector = QuestionCollector(loader: Retrieval(factory: factory).loader(local: nil), request: request)
            var questions: [Question] = []
            var outcome: PrintOutcome?
            collector.start(onQuestions: { questions += $0 }, completion: { outcome = $0 })
            let deadline = Date().addingTimeInterval(20)
            while outcome == nil, Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.005)) }
            return (questions, outcome)
        }
    }

    private func pagesRequested() throws -> [String] {
        try double.requestLog().filter { $0.contains("/questions?") || $0.contains("/search/advanced?") }
    }

    func testALimitAcrossPagesAsksForEachPageOnce() throws {
        let (questions, outcome) = collect(PrintRequest(site: "cardano", sort: .votes, limit: 7, pageSize: 3))
        XCTAssertEqual(outcome, .finished(count: 7))
        XCTAssertEqual(questions.count, 7)
        XCTAssertEqual(Set(questions.map(\.questionID)).count, 7, "no question twice")
        let log = try pagesRequested()
        XCTAssertEqual(log.count, 3, log.joined(separator: "\n"))
        for page in 1...3 { XCTAssertEqual(log.filter { $0.contains("page=\(page)&") }.count, 1, "page \(page): \(log)") }
        XCTAssertTrue(log.allSatisfy { $0.contains("pagesize=3") }, "\(log)")
    }

    func testOneRequestWhenOnePageIsEnough() throws {
        let (questions, outcome) = collect(PrintRequest(site: "cardano", limit: 5))
        XCTAssertEqual(outcome, .finished(count: 5))
        XCTAssertEqual(questions.count, 5)
        XCTAssertEqual(try pagesRequested().count, 1)
        XCTAssertTrue(try pagesRequested()[0].contains("pagesize=5"))
    }

    func testASearchWithNoResultsFinishesEmpty() throws {
        let (questions, outcome) = collect(PrintRequest(site: "cardano", query: "zzqxjv nothing matches this", limit: 10))
        XCTAssertEqual(questions, [])
        XCTAssertEqual(outcome, .finished(count: 0))
        XCTAssertEqual(outcome?.exitCode, 3)
        XCTAssertTrue(try pagesRequested().allSatisfy { $0.contains("/search/advanced?") })
    }

    func testTheLastPageEndsTheRunBeforeTheLimit() throws {
        // A small site: ask for more than it has, in pages of 100; the run stops where has_more is false.
        let (questions, outcome) = collect(PrintRequest(site: "conlang.meta", limit: 10_000))
        guard case .finished(let count)? = outcome else { return XCTFail("\(String(describing: outcome))") }
        XCTAssertEqual(count, questions.count)
        XCTAssertGreaterThan(count, 0)
        XCTAssertEqual(try pagesRequested().count, (count + 99) / 100, "one request per page of 100, none after the last")
    }

    func testOfflineFails() {
        let (questions, outcome) = collect(PrintRequest(site: "cardano"), baseURL: URL(string: "http://127.0.0.1:9/2.3")!)
        XCTAssertEqual(questions, [])
        guard case .failed(.offline, printed: 0)? = outcome else { return XCTFail("\(String(describing: outcome))") }
        XCTAssertEqual(outcome?.exitCode, 1)
    }

    func testAServerRepeatingPageOneStopsAtTheSecondPageWithoutDuplicates() throws {
        try double.setFaults("repeat_pages=1")
        let (questions, outcome) = collect(PrintRequest(site: "cardano", limit: 1000, pageSize: 30))
        XCTAssertEqual(outcome, .repeated(count: 30, page: 2))
        XCTAssertEqual(outcome?.exitCode, 0)
        XCTAssertEqual(outcome?.message, "stackterm: the server sent no new questions on page 2 — stopped after 30")
        XCTAssertEqual(questions.count, 30)
        XCTAssertEqual(Set(questions.map(\.questionID)).count, 30, "no question twice")
        XCTAssertEqual(try pagesRequested().count, 2, "page 1, and the page that brought nothing new")
    }
}
