import Foundation
import TestSupport
import XCTest

/// `stackterm print` answered by the local store as the browser is: `--offline` asks only the store, and a network
/// that cannot be reached is answered by the store, said on stderr. The store holds cardano imported from its dump.
final class PrintOfflineEndToEndTests: XCTestCase, StacktermRunning {
    private var dataHome: URL!
    /// An API host nothing listens on: every request fails to connect.
    private let unreachable = "http://127.0.0.1:1/2.3"

    override func setUpWithError() throws {
        guard let cardano = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        dataHome = try temporaryFolder("stackterm-print-offline")
        let imported = try stackterm(["import", cardano.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
    }

    var runEnvironment: [String: String?] { ["XDG_DATA_HOME": dataHome.path, "STACKTERM_API_KEY": nil] }

    private func print(_ arguments: String...) throws -> StacktermRun.Outcome {
        try stackterm(["print", "--api-base-url", unreachable, "--site", "cardano"] + arguments)
    }

    /// The score that starts a plain question line.
    private func score(_ line: String) -> Int? {
        Int(line.split(separator: " ").first ?? "")
    }

    func testOfflinePrintsTheStoresListInItsSortAndSaysNothingElse() throws {
        let run = try print("--offline", "--sort", "votes", "--limit", "5")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines.count, 5, run.output)
        let scores = run.lines.compactMap(score)
        XCTAssertEqual(scores.count, 5, run.output)
        XCTAssertEqual(scores, scores.sorted(by: >), "highest score first")
        XCTAssertEqual(run.errors, "")
    }

    func testAnUnreachableNetworkIsAnsweredByTheStoreAndStderrSaysSo() throws {
        let run = try print("--limit", "3")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines.count, 3, run.output)
        XCTAssertTrue(run.errors.contains("printed what the local store holds"), run.errors)
    }

    func testAnAnswerLinkOfflineFindsItsQuestionInTheStore() throws {
        let run = try print("--offline", "--question", "https://cardano.stackexchange.com/a/4371/1231", "--top-answer")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("https://cardano.stackexchange.com/questions/4366"), "the question's link: \(run.output)")
        XCTAssertEqual(run.errors, "")
    }

    /// Twelve of the commonest words match most posts: the store orders only the newest 100 of them. stderr says so
    /// once, in the browser's words, however many pages were read; stdout holds only the question lines. A search of
    /// rarer words says nothing of the kind, and neither does the network's answer.
    func testASearchOfManyCommonWordsSaysOnStderrItsOrderCoversOnlyTheNewestMatches() throws {
        let cut = "stackterm: Many posts match: ordered among the newest 100 of them (rarer words narrow the search)"
        let common = "the to and of is it in that for with on be"
        let offline = try print("--offline", "--search", common, "--limit", "25", "--page-size", "10")
        XCTAssertEqual(offline.status, 0, offline.errors)
        XCTAssertEqual(offline.lines.count, 25, offline.output)
        XCTAssertEqual(offline.lines.compactMap(score).count, 25, "question lines only: \(offline.output)")
        XCTAssertEqual(offline.errors.split(separator: "\n").map(String.init), [cut])

        let unreachable = try print("--search", common, "--limit", "5", "--json")
        XCTAssertEqual(unreachable.status, 0, unreachable.errors)
        XCTAssertEqual(unreachable.lines.filter { $0.hasPrefix("{") }.count, 5, unreachable.output)
        XCTAssertTrue(unreachable.errors.contains("printed what the local store holds"), unreachable.errors)
        XCTAssertEqual(unreachable.errors.split(separator: "\n").filter { $0.contains("Many posts match") }.map(String.init), [cut])

        let answer = try print("--offline", "--search", common, "--top-answer")
        XCTAssertEqual(answer.status, 0, answer.errors)
        XCTAssertEqual(answer.errors.split(separator: "\n").map(String.init), [cut], "the thread is the first answered of a cut page")

        let narrow = try print("--offline", "--search", "marlowe", "--limit", "5")
        XCTAssertEqual(narrow.status, 0, narrow.errors)
        XCTAssertEqual(narrow.errors, "")
    }

    func testOfflineWithoutTheSiteSaysWhatIsMissing() throws {
        let run = try stackterm(["print", "--offline", "--site", "coffee", "--api-base-url", unreachable])
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(run.errors.contains("no questions of coffee in the local store"), run.errors)
    }
}
