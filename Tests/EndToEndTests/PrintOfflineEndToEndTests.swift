import Foundation
import TestSupport
import XCTest

/// `stackterm print` answered by the local store as the browser is: `--offline` asks only the store, and a network
/// that cannot be reached is answered by the store, said on stderr. The store holds cardano imported from its dump.
final class PrintOfflineEndToEndTests: XCTestCase {
    private var dataHome: URL!
    /// An API host nothing listens on: every request fails to connect.
    private let unreachable = "http://127.0.0.1:1/2.3"

    override func setUpWithError() throws {
        guard let cardano = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        dataHome = try temporaryFolder("stackterm-print-offline")
        let imported = try stackterm(["import", cardano.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
    }

    private func stackterm(_ arguments: [String]) throws -> StacktermRun.Outcome {
        try StacktermRun.run(arguments, environment: ["XDG_DATA_HOME": dataHome.path, "STACKTERM_API_KEY": nil], timeout: 120)
    }

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

    func testOfflineWithoutTheSiteSaysWhatIsMissing() throws {
        let run = try stackterm(["print", "--offline", "--site", "coffee", "--api-base-url", unreachable])
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(run.errors.contains("no questions of coffee in the local store"), run.errors)
    }
}
