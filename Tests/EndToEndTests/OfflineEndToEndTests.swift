import Foundation
import TestSupport
import XCTest

/// `stackterm import` of a real dump, then `--offline` browsing of it in tmux: lists, a question with its answers,
/// local search, read marks; and not one request reaches the API.
final class OfflineEndToEndTests: StacktermTestCase {
    private var dataHome: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        dataHome = try temporaryFolder("stackterm-offline")
    }

    func testAnImportedSiteBrowsesOfflineWithoutOneRequest() throws {
        guard let folder = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        try importDump(dataHome: dataHome, folder)
        try double.clearRequestLog()
        let tmux = try launch(["--offline", "--sort", "votes"], environment: ["XDG_DATA_HOME": dataHome.path])
        // Rows drawn: the first frame already says "0 questions … offline" before the store's page arrives.
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { screen in
            screen.last?.contains("offline") == true && screen.last?.range(of: #"^ [1-9][0-9]* questions"#, options: .regularExpression) != nil
        }, "the list never showed from the store:\n\(tmux.screenDump())")
        let list = try tmux.capture()
        XCTAssertTrue(list[0].contains("cardano · votes"), list[0])
        let firstTitle = list[2].dropFirst(11).prefix(20).trimmingCharacters(in: .whitespaces)
        let secondTitle = list[3].dropFirst(11).prefix(20).trimmingCharacters(in: .whitespaces)

        // The top-voted question opens with its answers, from the store.
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/", timeout: 10) || tmux.waitFor(text: "No answers yet", timeout: 1), tmux.screenDump())
        XCTAssertTrue(try tmux.capture()[1].contains(firstTitle), tmux.screenDump())

        // Back at the top of the list, the first question is read: U moves on to the next unread one, the second.
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano · votes") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("U"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.count > 1 && $0[1].contains(secondTitle) }, tmux.screenDump())
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano · votes") == true }, tmux.screenDump())

        // Search runs on the local full-text index.
        try tmux.sendKeys(.text("/"), .text("staking"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { screen in
            screen.first?.contains("search “staking”") == true && screen.last?.contains("questions") == true
                && screen.last?.trimmingCharacters(in: .whitespaces).hasPrefix("0 questions") == false
        }, tmux.screenDump())

        try quit(tmux)
        XCTAssertEqual(try double.requestLog(), [], "--offline sent requests")
    }

    func testAnAnswerLinkOpensOfflineOverItsSiteWithTheThreadsLinkAtTheEnd() throws {
        guard let folder = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        try importDump(dataHome: dataHome, folder)
        try double.clearRequestLog()
        let tmux = try launch(["--offline", "https://cardano.stackexchange.com/a/4371/1231"], environment: ["XDG_DATA_HOME": dataHome.path])
        // Answer 4371 belongs to question 4366: the store finds it, and the thread opens over the list at that answer.
        XCTAssertTrue(tmux.waitFor(text: "Cardano CLI - Error submitting transaction", timeout: 15), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/2 · ▲ 3 · Matt Ho"), tmux.screenDump())
        // The status names the linked answer, though the view, at the bottom, also shows the second one.
        XCTAssertTrue(tmux.waitUntil { $0.last?.hasPrefix(" answer 1/2 · ") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("G"))
        // The question's link, in its short form when the long one (with the title's slug) does not fit.
        XCTAssertTrue(tmux.waitFor(text: "https://cardano.stackexchange.com/q/4366", timeout: 10),
                      "an imported thread ends with its link:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano · activity") == true }, "the list is underneath:\n\(tmux.screenDump())")
        try quit(tmux)
        XCTAssertEqual(try double.requestLog(), [], "--offline sent requests")
    }

    func testWhenTheNetworkGoesTheReaderKeepsReadingWhatWasSeen() throws {
        let tmux = try launch()
        waitForList(tmux)
        let title = try tmux.capture()[2].dropFirst(11).prefix(20).trimmingCharacters(in: .whitespaces)
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/", timeout: 10) || tmux.waitFor(text: "No answers yet", timeout: 1), tmux.screenDump())
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano · activity") == true }, tmux.screenDump())

        double.stop()
        // A reload cannot reach the API: the list comes from the store, marked offline.
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { screen in
            screen.last?.contains("offline") == true && screen.count > 2 && screen[2].contains(title)
        }, tmux.screenDump())
        // The question read before opens again, answers and all.
        try tmux.sendKeys(.key("Home"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { screen in
            screen.count > 1 && screen[1].contains(title)
                && screen.joined().contains("Answer 1/") || screen.joined().contains("No answers yet")
        }, tmux.screenDump())
        try quit(tmux)
    }
}
