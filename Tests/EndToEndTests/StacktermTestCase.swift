import Foundation
import XCTest
import TestSupport

/// Base for end-to-end tests of the real binary: a fresh double per test, the tmux session killed afterwards.
class StacktermTestCase: XCTestCase {
    var double: DoubleProcess!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip(TmuxSession.unavailableMessage) }
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
    }

    override func tearDown() {
        session?.kill()
        double?.stop()
    }

    /// Starts stackterm against the double (or `baseURL`) and keeps the session for tear-down.
    func launch(_ arguments: [String] = [], width: Int = 100, height: Int = 30, baseURL: String? = nil,
                environment: [String: String] = [:]) throws -> TmuxSession {
        let tmux = try StacktermSession.launch(baseURL: baseURL ?? double.baseURL.absoluteString, arguments: arguments,
                                               width: width, height: height, environment: environment)
        session = tmux
        return tmux
    }

    /// Waits for the first page (the status line shows the quota once titles are drawn).
    func waitForList(_ tmux: TmuxSession, timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(tmux.waitForFirstPage(timeout: timeout), "the first page never showed:\n\(tmux.screenDump())",
                      file: file, line: line)
    }

    /// Starts stackterm with the double's `faults` set, opens the first question of the list and waits up to
    /// `timeout` seconds for `text`.
    func openFirstQuestion(faults: String, waitingFor text: String, timeout: TimeInterval,
                           file: StaticString = #filePath, line: UInt = #line) throws -> TmuxSession {
        try double.setFaults(faults)
        let tmux = try launch()
        // A hostile page (a body of 200,000 levels: 7.8 MB of JSON) takes 10 s to arrive under ThreadSanitizer on a
        // quiet machine, and more on a busy one.
        waitForList(tmux, timeout: 60, file: file, line: line)
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: text, timeout: timeout), tmux.screenDump(), file: file, line: line)
        return tmux
    }

    /// Presses `key` (`Q` quits from any screen), then checks the exit status 0 and the terminal.
    func quit(_ tmux: TmuxSession, key: String = "Q", within seconds: TimeInterval = 10, _ what: String = "",
              file: StaticString = #filePath, line: UInt = #line) throws {
        try tmux.sendKeys(.text(key))
        expectExit(tmux, status: 0, within: seconds, what, file: file, line: line)
    }

    /// Waits up to `seconds` for stackterm to end with `status`, and checks it left the terminal as it found it;
    /// a failure says `what` above the screen.
    func expectExit(_ tmux: TmuxSession, status: Int, within seconds: TimeInterval = 10, _ what: String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
        let heading = what.isEmpty ? "" : what + ":\n"
        XCTAssertTrue(tmux.waitFor(text: "EXIT=\(status)", timeout: seconds), heading + tmux.screenDump(), file: file, line: line)
        XCTAssertTrue(tmux.waitFor(text: "TTY-RESTORED", timeout: 5), heading + tmux.screenDump(), file: file, line: line)
    }

    /// `stackterm import FOLDER` (as `site` when given) into the store under `dataHome`, with the real binary.
    func importDump(dataHome: URL, site: String? = nil, _ folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try StacktermRun.run(["import", folder.path] + (site.map { ["--site", $0] } ?? []),
                                           environment: ["XDG_DATA_HOME": dataHome.path])
        XCTAssertEqual(outcome.status, 0, "stackterm import \(folder.path) failed: \(outcome.errors)", file: file, line: line)
    }
}
