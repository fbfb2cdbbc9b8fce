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
    func waitForList(_ tmux: TmuxSession, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(tmux.waitFor(text: "quota", timeout: 15), "the first page never showed:\n\(tmux.screenDump())", file: file, line: line)
    }

    /// Presses `key` (`Q` quits from any screen), then checks the exit status 0 and the terminal.
    func quit(_ tmux: TmuxSession, key: String = "Q", file: StaticString = #filePath, line: UInt = #line) throws {
        try tmux.sendKeys(.text(key))
        expectExit(tmux, status: 0, file: file, line: line)
    }

    /// Waits for stackterm to end with `status` and checks it left the terminal as it found it.
    func expectExit(_ tmux: TmuxSession, status: Int32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(tmux.waitFor(text: "EXIT=\(status)", timeout: 10), tmux.screenDump(), file: file, line: line)
        XCTAssertTrue(tmux.waitFor(text: "TTY-RESTORED", timeout: 5), tmux.screenDump(), file: file, line: line)
    }

    /// `stackterm import FOLDER` (as `site` when given) into the store under `dataHome`, with the real binary.
    func importDump(dataHome: URL, site: String? = nil, _ folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try StacktermRun.run(["import", folder.path] + (site.map { ["--site", $0] } ?? []),
                                           environment: ["XDG_DATA_HOME": dataHome.path])
        XCTAssertEqual(outcome.status, 0, "stackterm import \(folder.path) failed: \(outcome.errors)", file: file, line: line)
    }
}
