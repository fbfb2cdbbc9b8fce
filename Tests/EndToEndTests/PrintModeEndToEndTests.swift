import Foundation
import TestSupport
import XCTest

/// `stackterm print` as scripts use it: stdout a file, not a terminal; output, paging and exit codes.
final class PrintModeEndToEndTests: XCTestCase, StacktermRunning {
    private var double: DoubleProcess!
    private var configHome: URL!

    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
        configHome = try temporaryFolder("stackterm-print")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        double?.stop()
    }

    private typealias Run = StacktermRun.Outcome

    /// Runs the built `stackterm` with `arguments` to its end, with the test's config folder and no API key.
    var runEnvironment: [String: String?] { ["XDG_CONFIG_HOME": configHome.path, "STACKTERM_API_KEY": nil] }

    private func print(_ arguments: String...) throws -> Run {
        try print(arguments)
    }

    private func print(_ arguments: [String]) throws -> Run {
        try stackterm(["print", "--api-base-url", double.baseURL.absoluteString, "--site", "cardano"] + arguments)
    }

    private func questionRequests() throws -> [String] {
        try double.requestLog().filter { $0.contains("/questions?") || $0.contains("/search/advanced?") }
    }

    func testPlainLines() throws {
        let run = try print("--limit", "5")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines.count, 5, run.lines.joined(separator: "\n"))
        let shape = try NSRegularExpression(pattern: #"^-?\d+  \d+  \S.*  \[[^\]]*\]  https?://\S+$"#)
        for line in run.lines {
            XCTAssertNotNil(shape.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
        XCTAssertEqual(run.errors, "")
        XCTAssertEqual(try questionRequests().count, 1)
    }

    func testJSONLines() throws {
        let run = try print("--json", "--limit", "4", "--sort", "votes")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines.count, 4)
        var scores: [Int] = []
        for line in run.lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
            XCTAssertEqual(Set(object.keys), ["id", "title", "score", "answer_count", "is_answered", "tags", "link", "creation_date"])
            XCTAssertNotNil(object["id"] as? Int)
            XCTAssertFalse((object["title"] as? String ?? "").isEmpty)
            XCTAssertNotNil(ISO8601DateFormatter().date(from: object["creation_date"] as? String ?? ""), line)
            scores.append(object["score"] as? Int ?? .min)
        }
        XCTAssertEqual(scores, scores.sorted(by: >), "sorted by votes")
    }

    func testSearch() throws {
        let run = try print("--search", "plutus", "--limit", "3")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertFalse(run.lines.isEmpty)
        let requests = try questionRequests()
        XCTAssertEqual(requests.count, 1)
        XCTAssertTrue(requests[0].contains("/search/advanced?") && requests[0].contains("plutus"), "\(requests)")
    }

    func testALimitAcrossPagesRequestsEachPageOnce() throws {
        let run = try print("--limit", "150", "--json")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines.count, 150)
        let ids = try run.lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["id"] as? Int }
        XCTAssertEqual(Set(ids).count, 150, "no question twice")
        let requests = try questionRequests()
        XCTAssertEqual(requests.count, 2, requests.joined(separator: "\n"))
        XCTAssertEqual(requests.filter { $0.contains("page=1&") }.count, 1, "\(requests)")
        XCTAssertEqual(requests.filter { $0.contains("page=2&") }.count, 1, "\(requests)")
        XCTAssertTrue(requests.allSatisfy { $0.contains("pagesize=100") }, "\(requests)")
    }

    func testExitCodes() throws {
        let offline = try stackterm(["print", "--api-base-url", "http://127.0.0.1:9/2.3", "--site", "cardano"])
        XCTAssertEqual(offline.status, 1)
        XCTAssertTrue(offline.errors.hasPrefix("stackterm: Offline"), offline.errors)
        XCTAssertEqual(offline.lines, [])

        let usage = try print("--limit", "0")
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.errors.contains("--limit must be at least 1"), usage.errors)
        XCTAssertEqual(try stackterm(["print", "--sort", "newest"]).status, 2)
        XCTAssertEqual(try stackterm(["--no-such-flag"]).status, 2)
        // Issue 32 case 11: words without an option were a bare "Unexpected argument".
        let words = try stackterm(["print", "staking", "pool"])
        XCTAssertEqual(words.status, 2, words.errors)
        XCTAssertTrue(words.errors.contains("to print what you meant, give --search \"staking pool\""), words.errors)
        XCTAssertTrue(try stackterm(["print", "329"]).errors.contains("give --question 329"))

        // An option the root shares with the subcommand (the root's copy checks it first) still shows the
        // subcommand's usage, not the browser's.
        for (subcommand, flag, value) in [("print", "--page-size", "0"), ("store", "--site", "x y"), ("print", "--api-base-url", "ftp://x")] {
            let run = try stackterm([subcommand, flag, value])
            XCTAssertEqual(run.status, 2, run.errors)
            XCTAssertTrue(run.errors.contains("Usage: stackterm \(subcommand)"), "\(subcommand) \(flag): \(run.errors)")
            XCTAssertTrue(run.errors.contains("See 'stackterm \(subcommand) --help'"), run.errors)
            XCTAssertFalse(run.errors.contains("<question-or-answer-url>"), "not the browser's usage: \(run.errors)")
        }

        let none = try print("--search", "zzqxjv nothing matches this")
        XCTAssertEqual(none.status, 3)
        XCTAssertEqual(none.lines, [])
        XCTAssertEqual(none.errors, "stackterm: no questions matched\n")

        try double.setFaults("throttle=30")
        let throttled = try print()
        XCTAssertEqual(throttled.status, 4, throttled.errors)
        XCTAssertTrue(throttled.errors.contains("wait 30 s"), throttled.errors)
    }

    func testTheConfigFileSuppliesSettingsAndAMalformedOneIsReportedOnStderr() throws {
        let config = configHome.appendingPathComponent("stackterm/config.toml")
        try "site = \"cardano\"\napi_base_url = \"\(double.baseURL.absoluteString)\"\n".write(to: config, atomically: true, encoding: .utf8)
        let fromFile = try stackterm(["print", "--limit", "2"])
        XCTAssertEqual(fromFile.status, 0, fromFile.errors)
        XCTAssertEqual(fromFile.lines.count, 2)
        XCTAssertTrue(fromFile.lines.allSatisfy { $0.contains("cardano.stackexchange.com") }, "\(fromFile.lines)")

        try "site = \"cardano\"\npage_size = \"ten\"\n".write(to: config, atomically: true, encoding: .utf8)
        let malformed = try print("--limit", "1")
        XCTAssertEqual(malformed.status, 0)
        XCTAssertEqual(malformed.lines.count, 1)
        XCTAssertTrue(malformed.errors.contains("config.toml:2: page_size must be an integer, not a string"), malformed.errors)
    }

    func testAConfigPathThatIsNoFileIsAUsageErrorWithFlagAndNamedOnStderrWithout() throws {
        let folder = configHome.appendingPathComponent("stackterm/config.toml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let explicit = try print("--config", folder.path, "--limit", "1")
        XCTAssertEqual(explicit.status, 2)
        XCTAssertTrue(explicit.errors.contains("--config \(folder.path): is a directory"), explicit.errors)
        XCTAssertFalse(explicit.errors.contains("NSCocoaErrorDomain"), explicit.errors)

        let byDefault = try print("--limit", "1")
        XCTAssertEqual(byDefault.status, 0, byDefault.errors)
        XCTAssertEqual(byDefault.lines.count, 1)
        XCTAssertEqual(byDefault.errors, "stackterm: config.toml: is a directory — config ignored, using the defaults\n")

        try FileManager.default.removeItem(at: folder)
        XCTAssertEqual(mkfifo(folder.path, 0o600), 0)
        let fifo = try print("--limit", "1")
        XCTAssertEqual(fifo.status, 0, fifo.errors)
        XCTAssertEqual(fifo.lines.count, 1)
        XCTAssertTrue(fifo.errors.contains("config.toml: is a FIFO (named pipe), not a regular file"), fifo.errors)
        let explicitFIFO = try print("--config", folder.path)
        XCTAssertEqual(explicitFIFO.status, 2)
        XCTAssertTrue(explicitFIFO.errors.contains("is a FIFO"), explicitFIFO.errors)
    }

    func testARepeatingServerPrintsEachQuestionOnceAndStops() throws {
        try double.setFaults("repeat_pages=1")
        let run = try print("--limit", "1000", "--page-size", "30")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines.count, 30)
        XCTAssertEqual(Set(run.lines).count, 30, "no line twice")
        XCTAssertEqual(run.errors, "stackterm: the server sent no new questions on page 2 — stopped after 30\n")
        XCTAssertEqual(try questionRequests().count, 2)
    }

    func testPlainStacktermWithoutATerminalPointsToPrint() throws {
        let run = try stackterm(["--site", "cardano"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("stackterm print"), run.errors)
        XCTAssertEqual(run.lines, [])
    }

    // MARK: - One thread (--question, --search … --top-answer)

    /// The object printed by `--json` for a thread.
    private func threadJSON(_ run: Run) throws -> (question: [String: Any], answers: [[String: Any]]) {
        XCTAssertEqual(run.lines.count, 1, run.lines.joined(separator: "\n"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data((run.lines.first ?? "").utf8)) as? [String: Any])
        let question = try XCTUnwrap(object["question"] as? [String: Any])
        let answers = try XCTUnwrap(object["answers"] as? [[String: Any]])
        return (question, answers)
    }

    func testAQuestionByIdPrintsItsBodyAndEveryAnswerAcceptedFirst() throws {
        let run = try print("--question", "2", "--width", "60")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.lines.first, "How can a developer access the Cardano network?")
        let rules = run.lines.filter { $0.hasPrefix("── Answer ") }
        XCTAssertEqual(rules.count, 3, run.lines.joined(separator: "\n"))
        XCTAssertTrue(rules[0].hasPrefix("── Answer 1 of 3 · accepted · score "), rules[0])
        XCTAssertTrue(run.lines.allSatisfy { $0.count <= 60 || $0.hasPrefix("http") }, run.lines.joined(separator: "\n"))
        XCTAssertFalse(run.lines.contains { $0.contains("<p>") || $0.contains("\u{1B}") })
        let json = try threadJSON(try print("--question", "2", "--json"))
        XCTAssertEqual(json.question["id"] as? Int, 2)
        XCTAssertTrue((json.question["body"] as? String)?.contains("<p>") == true, "JSON keeps the HTML as sent")
        XCTAssertEqual(json.answers.count, 3)
        XCTAssertEqual(json.answers.first?["is_accepted"] as? Bool, true)
    }

    func testTopAnswerOfAQuestionIsTheAcceptedOneEvenWhenAnotherScoresHigher() throws {
        let json = try threadJSON(try print("--question", "2", "--top-answer", "--json"))
        XCTAssertEqual(json.answers.count, 1)
        XCTAssertEqual(json.answers.first?["is_accepted"] as? Bool, true)
        let plain = try print("--question", "2", "--top-answer")
        XCTAssertEqual(plain.status, 0, plain.errors)
        XCTAssertEqual(plain.lines.filter { $0.hasPrefix("── Answer · accepted") }.count, 1, plain.lines.joined(separator: "\n"))
    }

    func testLinksOfEveryShapeNameTheirQuestionAndAnswer() throws {
        // The link's site wins over --site: the double resolves cardano.stackexchange.com's questions.
        let answerLink = try threadJSON(try stackterm(["print", "--api-base-url", double.baseURL.absoluteString, "--site", "beer",
                                                       "--question", "https://cardano.stackexchange.com/a/143/99", "--top-answer", "--json"]))
        XCTAssertEqual(answerLink.question["id"] as? Int, 2)
        XCTAssertEqual(answerLink.answers.map { $0["id"] as? Int }, [143])
        let fragment = try threadJSON(try print("--question", "https://cardano.stackexchange.com/questions/2/how-can#143", "--top-answer", "--json"))
        XCTAssertEqual(fragment.answers.map { $0["id"] as? Int }, [143])
        let short = try threadJSON(try print("--question", "https://cardano.stackexchange.com/q/2", "--json"))
        XCTAssertEqual(short.answers.count, 3)
        let requests = try double.requestLog()
        XCTAssertTrue(requests.contains { $0.contains("/answers/143?") }, requests.joined(separator: "\n"))
    }

    func testSearchTopAnswerPrintsTheBestAnswerOfTheFirstAnsweredResult() throws {
        let run = try print("--search", "developer access network", "--top-answer", "--json")
        XCTAssertEqual(run.status, 0, run.errors)
        let json = try threadJSON(run)
        XCTAssertEqual(json.answers.count, 1)
        XCTAssertGreaterThan(json.question["answer_count"] as? Int ?? 0, 0)
        let search = try double.requestLog().filter { $0.contains("/search/advanced?") }
        XCTAssertEqual(search.count, 1)
        XCTAssertTrue(search.first?.contains("sort=relevance") == true, search.joined())
    }

    func testThreadErrorsAreClearAndExitNonZero() throws {
        let missing = try print("--question", "999999999")
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.errors.contains("999999999"), missing.errors)
        XCTAssertTrue(missing.lines.isEmpty)
        let nothing = try print("--search", "zzqqxxnotaword", "--top-answer")
        XCTAssertEqual(nothing.status, 3)
        XCTAssertTrue(nothing.errors.contains("no questions matched"), nothing.errors)
        for arguments in [["--question", "https://example.com/questions/x"], ["--top-answer"], ["--question", "2", "--search", "a"],
                          ["--question", "2", "--limit", "3"], ["--question", "2", "--width", "5"], ["--width", "50"]] {
            let usage = try print(arguments)
            XCTAssertEqual(usage.status, 2, "\(arguments): \(usage.errors)")
        }
    }
}
