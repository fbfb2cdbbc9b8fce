import Foundation
import TestSupport
import XCTest

/// A first run without internet and with an empty store: the screen says what happened and offers every way
/// forward — retry, the sample site (imported on first use, then browsed offline), a site the store holds, and the
/// import command — and each leads somewhere.
final class WaysForwardEndToEndTests: StacktermTestCase {
    private var dataHome: URL!
    /// An API root nothing listens on: the network cannot be reached.
    private let unreachable = "http://127.0.0.1:9/2.3"

    override func setUpWithError() throws {
        try super.setUpWithError()
        dataHome = try temporaryFolder("stackterm-ways")
    }

    private func launchWithoutNetwork(_ arguments: [String] = ["--site", "stackoverflow"]) throws -> TmuxSession {
        try launch(arguments, baseURL: unreachable, environment: ["XDG_DATA_HOME": dataHome.path])
    }

    /// Whether a list row shows an age in whole years ("5y"): the sample is a 2021 snapshot, and how many years
    /// old it reads depends on the day the test runs (`testTheSamplesAgesFollowTheDisplayClock` pins the day).
    private static func showsAnAgeInYears(_ row: String) -> Bool {
        row.range(of: #"\b[0-9]+y\b"#, options: .regularExpression) != nil
    }

    private func waitForWaysForward(_ tmux: TmuxSession, holding held: String? = nil) {
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { screen in
            let text = screen.joined(separator: "\n")
            // The sample is offered until the store holds its site; then once, as a site the store holds.
            let sample = text.contains("Browse the sample site: Cardano Stack Exchange as of 2021")
            return text.contains("Ways forward") && text.contains("Retry stackoverflow") && sample == (held == nil)
                && text.contains("stackterm import PATH") && (held.map { text.contains($0) } ?? text.contains("holds no site yet"))
        }, tmux.screenDump())
    }

    func testEveryWayForwardLeadsSomewhere() throws {
        let tmux = try launchWithoutNetwork()
        waitForWaysForward(tmux)
        XCTAssertTrue(try tmux.capture()[1].contains("Nothing of stackoverflow can be shown"), tmux.screenDump())


        // The sample site: imported into the empty store, its latest questions listed from it, offline, saying it is
        // the 2021 snapshot (every row reads years old) until a key is pressed.
        try tmux.sendKeys(.key("Down"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { screen in
            screen.first?.contains("cardano · activity") == true && screen.last?.contains("offline") == true
                && screen.statusSays("sample site: Cardano Stack Exchange's data dump (2021), CC BY-SA 4.0")
        }, tmux.screenDump())
        try tmux.sendKeys(.key("Down"), .key("Up"))
        XCTAssertTrue(tmux.waitUntil { screen in
            screen.last?.contains("offline") == true
                && screen.last?.range(of: #"^ [1-9][0-9]* questions"#, options: .regularExpression) != nil
        }, tmux.screenDump())
        // A question opens, from the store, with its author and licence.
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 10) { $0.joined().contains("Answer 1/") || $0.joined().contains("No answers yet") },
                      tmux.screenDump())
        try tmux.sendKeys(.text("G"))
        XCTAssertTrue(tmux.waitFor(text: "CC BY-SA"), tmux.screenDump())
        try quit(tmux)

        // Next time the store holds the sample: the screen offers it once, as a site the store holds.
        let again = try launchWithoutNetwork()
        waitForWaysForward(again, holding: "Browse cardano from the local store (1,042 questions)")
        try again.sendKeys(.key("Down"), .key("Enter"))
        XCTAssertTrue(again.waitUntil(timeout: 15) { screen in
            screen.first?.contains("cardano · activity") == true
                && screen.last?.range(of: #"^ [1-9][0-9]* questions"#, options: .regularExpression) != nil
        }, again.screenDump())
        try quit(again)

        // Retry asks again and lands here again (still no network); q here quits, as on a first screen. (Retry goes
        // last: its screen looks the same before and after, so keys sent after it could reach the screen it replaces.)
        let third = try launchWithoutNetwork()
        waitForWaysForward(third, holding: "Browse cardano from the local store")
        try third.sendKeys(.text("r"))
        waitForWaysForward(third, holding: "Browse cardano from the local store")
        try quit(third, key: "q")
    }

    func testSampleFlagBrowsesTheSampleSiteOfflineNamingItsSourceAndLicence() throws {
        let tmux = try launchWithoutNetwork(["--sample"])
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { screen in
            screen.first?.contains("cardano · activity") == true && screen.count > 3 && Self.showsAnAgeInYears(screen[2])
                && screen.statusSays("Cardano Stack Exchange's data dump (2021), CC BY-SA 4.0")
                && screen.last?.contains("offline") == true
        }, tmux.screenDump())
        try tmux.sendKeys(.key("Down"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("questions") == true && $0.last?.contains("offline") == true },
                      tmux.screenDump())
        try quit(tmux)
    }

    /// The ages on screen are measured against the display clock, which `STACKTERM_NOW` sets for tests: ten years
    /// on, the sample's questions (last active in 2021) read 15 years old.
    func testTheSamplesAgesFollowTheDisplayClock() throws {
        let tmux = try launch(["--sample"], baseURL: unreachable,
                              environment: ["XDG_DATA_HOME": dataHome.path, "STACKTERM_NOW": "2036-12-06"])
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { screen in
            let rows = screen.dropFirst(2).prefix(5)
            return screen.first?.contains("cardano · activity") == true && rows.count == 5
                && rows.allSatisfy { $0.range(of: #"\b15y\b"#, options: .regularExpression) != nil }
        }, tmux.screenDump())
        try quit(tmux)
    }

    /// Twelve of the commonest words match nearly every post of the sample site: the store orders only the newest of
    /// them, and the status line says so instead of passing the page off as the whole order.
    func testASearchOfManyCommonWordsOfflineSaysItsOrderCoversOnlyTheNewestMatches() throws {
        let tmux = try launchWithoutNetwork(["--sample"])
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.first?.contains("cardano · activity") == true && $0.count > 3 && Self.showsAnAgeInYears($0[2]) },
                      tmux.screenDump())
        try tmux.sendKeys(.text("/"))
        try tmux.sendKeys(.text("the to and of is it in that for with on be"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "Many posts match: ordered among the newest 100 of them", timeout: 10), tmux.screenDump())
        XCTAssertTrue(try tmux.capture()[0].contains("search “the to and of is it in that for with on be”"), tmux.screenDump())
        try quit(tmux)
    }
}
