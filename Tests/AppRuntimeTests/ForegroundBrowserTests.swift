import AppCore
import AppRuntime
import Foundation
import TerminalUI
import TestSupport
import TextEngine
import XCTest

/// A terminal browser (`w3m`, `lynx`, `elinks`, `links`, or any with `browser_in_terminal`) runs in the foreground
/// with the terminal handed over and is waited for: a failed start or a non-zero exit is reported, never "Opened",
/// and the terminal is taken back every time.
final class ForegroundBrowserTests: XCTestCase {
    private var browsers: [FakeBrowser] = []
    private let recorder = HandOverRecorder()
    private var events: [String] { recorder.events }
    private let url = "https://cardano.stackexchange.com/q/2"

    override func tearDown() {
        browsers.forEach { $0.remove() }
        browsers = []
        super.tearDown()
    }

    private func fakeBrowser(name: String, after: String = "") throws -> FakeBrowser {
        let browser = try FakeBrowser(name: name, after: after)
        browsers.append(browser)
        return browser
    }

    private func recordingHandOver() -> TerminalHandOver {
        recorder.handOver(closedAfter: self)
    }

    private func actions(_ browser: FakeBrowser, inTerminal: Bool = false) -> ExternalActions {
        let launcher = BrowserLauncher(environment: ["PATH": "/usr/bin:/bin", "BROWSER": browser.path], browserInTerminal: inTerminal)
        return ExternalActions(launcher: launcher, terminalDescriptor: open("/dev/null", O_WRONLY))
    }

    func testATerminalBrowserRunsInTheForegroundAndIsWaitedFor() throws {
        let w3m = try fakeBrowser(name: "w3m")
        let action = actions(w3m).openInBrowser(url, handOver: recordingHandOver())
        XCTAssertEqual(action, .notify("Back from w3m: \(url)", isError: false))
        XCTAssertEqual(w3m.launches().map(\.arguments), [[url]], "it had finished when openInBrowser returned")
        XCTAssertEqual(events, ["suspend", "resume"])
    }

    func testANonZeroExitIsReportedNeverOpened() throws {
        let lynx = try fakeBrowser(name: "lynx", after: "exit 3")
        let action = actions(lynx).openInBrowser(url, handOver: recordingHandOver())
        XCTAssertEqual(action, .notify("lynx failed (exit status 3)", isError: true))
        XCTAssertEqual(events, ["suspend", "resume"], "the terminal is taken back")
    }

    func testASignalEndingTheBrowserIsReported() throws {
        let elinks = try fakeBrowser(name: "elinks", after: "kill -TERM $$")
        let action = actions(elinks).openInBrowser(url, handOver: recordingHandOver())
        XCTAssertEqual(action, .notify("elinks was ended by signal 15", isError: true))
    }

    func testASpawnFailureIsReportedAndTheTerminalTakenBack() throws {
        let links = try fakeBrowser(name: "links")
        try "#!/nonexistent/interpreter\n".write(toFile: links.path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: links.path)
        let action = actions(links).openInBrowser(url, handOver: recordingHandOver())
        guard case .notify(let message, isError: true) = action else { return XCTFail("\(action)") }
        XCTAssertTrue(message.hasPrefix("Could not start links: "), message)
        XCTAssertFalse(message.contains("Opened"))
        XCTAssertEqual(events, ["suspend", "resume"])
    }

    func testBrowserInTerminalRunsAnyBrowserInTheForeground() throws {
        let other = try fakeBrowser(name: "my-browser", after: "exit 1")
        let action = actions(other, inTerminal: true).openInBrowser(url, handOver: recordingHandOver())
        XCTAssertEqual(action, .notify("my-browser failed (exit status 1)", isError: true))
        XCTAssertEqual(events, ["suspend", "resume"])
    }

    func testAGraphicalBrowserStillStartsDetached() throws {
        let other = try fakeBrowser(name: "my-browser")
        let action = actions(other).openInBrowser(url, handOver: recordingHandOver())
        XCTAssertEqual(action, .notify("Opening with my-browser: \(url)", isError: false))
        XCTAssertEqual(events, [], "the terminal was never handed over")
        XCTAssertNotNil(other.waitForLaunches(1))
    }

    func testTheEventLoopLeavesCursesAndTakesTheScreenBack() throws {
        let w3m = try fakeBrowser(name: "w3m", after: "exit 2")
        let external = actions(w3m)
        let url = self.url
        try onMain {
            var ends: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&ends), 0)
            let null = open("/dev/null", O_WRONLY)
            let terminal = Terminal(inputDescriptor: ends[0], outputDescriptor: null, terminalType: "xterm-256color")
            close(ends[0])
            close(null)
            defer { close(ends[1]) }
            try terminal.start()
            let loop = EventLoop(terminal: terminal)
            var resumed = 0
            loop.onResume = { resumed += 1 }
            loop.onResize = { _, _ in }
            loop.start()
            defer {
                loop.stop()
                terminal.stop()
            }
            let handOver = TerminalHandOver(input: terminal.inputDescriptor, output: terminal.outputDescriptor) { loop.handOver($0) }
            let action = external.openInBrowser(url, handOver: handOver)
            XCTAssertEqual(action, .notify("w3m failed (exit status 2)", isError: true))
            XCTAssertEqual(resumed, 1, "the screen is redrawn after the browser")
            XCTAssertTrue(terminal.isStarted)
            var buffer = ScreenBuffer(width: terminal.size.columns, height: terminal.size.rows)
            buffer.write("back", x: 0, y: 0, style: .plain)
            _ = terminal.present(buffer)
            XCTAssertEqual(terminal.screenLines().first?.prefix(4), "back", "curses draws again")
        }
    }
}
