import XCTest
import TestSupport

/// Issue 9 parts 7 and 8 end to end: the sorts sent are the sorts named, lists explain their columns.
final class ListsEndToEndTests: StacktermTestCase {
    /// The `sort=` values of the logged requests whose line contains `fragment`.
    private func sortsSent(_ fragment: String) throws -> [String] {
        try double.requestLog().filter { $0.contains(fragment) }.compactMap { line in
            line.split(whereSeparator: { $0 == "?" || $0 == "&" || $0 == " " })
                .first { $0.hasPrefix("sort=") }.map { String($0.dropFirst("sort=".count)) }
        }
    }

    /// Waits until a request with `sort` for `fragment` is in the double's log.
    private func waitForRequest(_ fragment: String, sort: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(10)
        while try !sortsSent(fragment).contains(sort), Date() < deadline { usleep(50_000) }
        let sent = try sortsSent(fragment)
        XCTAssertTrue(sent.contains(sort), "no \(fragment) request with sort=\(sort): \(sent)", file: file, line: line)
    }

    func testSearchSortsAreTheOnesSentAndStartWithRelevance() throws {
        let tmux = try launch()
        waitForList(tmux)
        try tmux.sendKeys(.text("/"), .text("plutus"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("search “plutus” · relevance") && $0.last?.contains("50 questions") == true },
                      tmux.screenDump())
        XCTAssertEqual(try sortsSent("/search/advanced"), ["relevance"])
        for sort in ["activity", "creation", "votes"] {
            try tmux.sendKeys(.text("s"))
            XCTAssertTrue(tmux.waitUntil { $0[0].contains("search “plutus” · \(sort)") }, tmux.screenDump())
            try waitForRequest("/search/advanced", sort: sort)
        }
        try tmux.sendKeys(.text("s"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("search “plutus” · relevance") && $0.last?.contains("50 questions") == true },
                      "the cycle comes back to relevance:\n\(tmux.screenDump())")
        XCTAssertEqual(Set(try sortsSent("/search/advanced")), ["relevance", "activity", "creation", "votes"],
                       "only the sorts /search/advanced accepts are sent")
    }

    func testEveryListSortSendsItsRequestAndTheDateColumnFollowsIt() throws {
        let tmux = try launch()
        waitForList(tmux)
        XCTAssertTrue(tmux.waitUntil { $0[1].contains("score") && $0[1].contains("title") && $0[1].hasSuffix("active") },
                      "the column header names the date it shows:\n\(tmux.screenDump())")
        for (sort, date) in [("creation", "asked"), ("votes", "asked"), ("hot", "active"), ("week", "active"), ("month", "active")] {
            try tmux.sendKeys(.text("s"))
            XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · \(sort)") && $0[1].hasSuffix(date) }, tmux.screenDump())
            try waitForRequest("/questions?", sort: sort)
        }
    }

    func testAFortyColumnListKeepsTitlesAndItsHeader() throws {
        let tmux = try launch(["--sort", "creation"], width: 40, height: 12)
        // The quota does not fit at 40 columns: wait for the count instead.
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[1].hasPrefix("score ans  title") && $0[1].hasSuffix("ask") && $0.last?.contains("50 questions") == true },
                      tmux.screenDump())
        let screen = try tmux.capture()
        XCTAssertTrue(screen.allSatisfy { $0.count <= 40 }, tmux.screenDump())
        XCTAssertGreaterThan(screen[2].dropFirst(11).trimmingCharacters(in: .whitespaces).count, 15, "the title keeps its room:\n\(tmux.screenDump())")
    }

    func testKeysThatDoNothingSaySo() throws {
        let tmux = try launch()
        waitForList(tmux)
        try tmux.sendKeys(.text("Y"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("Y works only in a question") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("t"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("No tag filter to clear") == true }, tmux.screenDump())
    }
}
