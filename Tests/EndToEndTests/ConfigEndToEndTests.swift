import Foundation
import TestSupport
import XCTest

/// The config file as a person uses it: the real binary in tmux, `XDG_CONFIG_HOME` pointing at a temporary folder.
final class ConfigEndToEndTests: XCTestCase {
    private var double: DoubleProcess!
    private var session: TmuxSession?
    private var configHome: URL!

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip(TmuxSession.unavailableMessage) }
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
        configHome = try temporaryFolder("stackterm-xdg")
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        session?.kill()
        double?.stop()
    }

    private func writeConfig(_ text: String) throws {
        try text.write(to: configHome.appendingPathComponent("stackterm/config.toml"), atomically: true, encoding: .utf8)
    }

    /// Starts stackterm with the test's config; waits for `text`, or (nil) for the first page.
    private func launch(environment: [String: String] = [:], baseURL: String? = nil, waitingFor text: String? = nil) throws -> TmuxSession {
        let binary = BuildProducts.executable("stackterm").path
        let command = [binary, "--api-base-url", baseURL ?? double.baseURL.absoluteString, "--site", "cardano"]
        let tmux = try TmuxSession(
            command: ["/bin/sh", "-c", command.map { "'\($0)'" }.joined(separator: " ") + "; echo EXIT=$?; sleep 30"],
            environment: ["XDG_CONFIG_HOME": configHome.path, "NO_COLOR": "", "SWIFT_BACKTRACE": "interactive=no"]
                .merging(environment) { $1 })
        session = tmux
        if let text {
            XCTAssertTrue(tmux.waitFor(text: text, timeout: 15), "the first screen never showed:\n\(tmux.screenDump())")
        } else {
            XCTAssertTrue(tmux.waitForFirstPage(), "the first page never showed:\n\(tmux.screenDump())")
        }
        return tmux
    }

    /// The first 20 characters of the title on list row `row` (titles start at column 11 at this width).
    private func title(onRow row: Int, of screen: [String]) -> String {
        String(screen[row].dropFirst(11).prefix(20)).trimmingCharacters(in: .whitespaces)
    }

    func testARemapTakesEffectAndTheHelpScreenShowsIt() throws {
        try writeConfig("[keys]\nmoveDown = [\"n\"]\n")
        let tmux = try launch()
        let list = try tmux.capture()

        // j no longer moves; n does: the question opened is the second one.
        try tmux.sendKeys(.text("j"), .text("n"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "views · asked", timeout: 10), tmux.screenDump())
        let view = try tmux.capture()
        XCTAssertTrue(view[1].contains(title(onRow: 3, of: list)), "opened row 3 (the second question):\n\(view.joined(separator: "\n"))\nlist:\n\(list.joined(separator: "\n"))")

        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("?"))
        XCTAssertTrue(tmux.waitFor(text: "Help — keys"), tmux.screenDump())
        let help = try tmux.capture()
        let moveDown = help.first { $0.contains("Move down") } ?? ""
        XCTAssertEqual(moveDown.split(separator: " ").first, "n", "help shows the remapped key:\n\(help.joined(separator: "\n"))")
        XCTAssertFalse(moveDown.contains("j "), moveDown)
        XCTAssertTrue(help.contains { $0.contains("k Up") && $0.contains("Move up") }, "other commands keep their keys")
    }

    func testAMalformedConfigShowsItsLineAndTheProgramStillBrowses() throws {
        try writeConfig("site = \"beer\"\n\n[keys]\nmoveDwn = \"n\"\n")
        let tmux = try launch()
        let list = try tmux.capture()
        XCTAssertTrue(list.statusSays("config.toml:4: unknown command \"moveDwn\""),
                      "status line names file and line:\n\(list.joined(separator: "\n"))")
        XCTAssertTrue(list[0].contains("cardano"), "the flag's site is used")

        // The defaults are in force: j moves down, Enter opens.
        try tmux.sendKeys(.text("j"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "views · asked", timeout: 10), tmux.screenDump())
        XCTAssertTrue(try tmux.capture()[1].contains(title(onRow: 3, of: list)), tmux.screenDump())
        try tmux.sendKeys(.text("Q"))
        XCTAssertTrue(tmux.waitFor(text: "EXIT=0", timeout: 5), tmux.screenDump())
    }

    func testAConfigErrorStaysVisibleBesideTheNetworkErrorAfterIt() throws {
        try writeConfig("sitee = \"cardano\"\n")
        let tmux = try launch(baseURL: "http://127.0.0.1:9/2.3", waitingFor: "Offline")
        let screen = try tmux.capture()
        XCTAssertTrue(screen.statusSays("Offline") && screen.statusSays("config.toml:1: unknown key"),
                      "both the network error and the config error show:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("r"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0.statusSays("Offline") && !$0.statusSays("config.toml") },
                      "a key press dismisses the config notice:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("Q"))
        XCTAssertTrue(tmux.waitFor(text: "EXIT=0", timeout: 5), tmux.screenDump())
    }

    func testConfigColoursReachTheScreenUnlessNoColorIsSet() throws {
        try writeConfig("[colors]\ntag = \"bright-green\"\n")
        let coloured = try launch()
        XCTAssertTrue(try coloured.captureWithEscapes().contains("\u{1B}[92m"), "tags drawn in bright green (SGR 92)")
        coloured.kill()

        let plain = try launch(environment: ["NO_COLOR": "1"])
        let escaped = try plain.captureWithEscapes()
        XCTAssertFalse(escaped.contains("\u{1B}[92m"), "NO_COLOR wins over the config")
        let foreground = try NSRegularExpression(pattern: "\u{1B}\\[[0-9;]*\\b(3[0-8]|9[0-7])\\b[0-9;]*m")
        XCTAssertNil(foreground.firstMatch(in: escaped, range: NSRange(escaped.startIndex..., in: escaped)),
                     "no foreground colours at all: \(escaped.debugDescription.prefix(300))")
    }
}
