import Foundation
import TestSupport
import XCTest

/// What the real binary refuses or withholds, and how it leaves the terminal: hostile links from the API,
/// the API key in the browser's environment, fatal signals, Ctrl-Z.
final class SafetyEndToEndTests: StacktermTestCase {
    private var browser: FakeBrowser?

    override func tearDown() {
        browser?.remove()
        super.tearDown()
    }

    private func makeBrowser(before: String = "") throws -> FakeBrowser {
        let made = try FakeBrowser(before: before)
        browser = made
        return made
    }

    func testAHostileLinkIsNeitherOpenedNorCopied() throws {
        try double.setFaults("hostile_links=1")
        let browser = try makeBrowser()
        let tmux = try launch(environment: ["BROWSER": browser.path])
        try tmux.setServerOption("set-clipboard", "on")
        waitForList(tmux)
        try tmux.sendKeys(.text("o"))
        XCTAssertTrue(tmux.waitFor(text: "Not opened: the link contains a control character"), tmux.screenDump())
        try tmux.sendKeys(.text("y"))
        XCTAssertTrue(tmux.waitFor(text: "Not copied: the link contains a control character"), tmux.screenDump())
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "views · asked"), tmux.screenDump())
        try tmux.sendKeys(.text("y"))
        XCTAssertTrue(tmux.waitFor(text: "Not copied: the link contains a control character"), tmux.screenDump())
        XCTAssertThrowsError(try tmux.showBuffer(), "nothing reached the clipboard")
        XCTAssertTrue(browser.launches().isEmpty, "the browser was never started")
        XCTAssertFalse(try tmux.capture().contains { $0.contains("PWNED") }, tmux.screenDump())
        try quit(tmux)
    }

    func testTheBrowserGetsTheLinkButNotTheAPIKey() throws {
        let browser = try makeBrowser(before: "/usr/bin/env > \"$dir/environment\"")
        let tmux = try launch(environment: ["BROWSER": browser.path, "STACKTERM_API_KEY": "secret-key-for-tests"])
        try tmux.setServerOption("set-clipboard", "on")
        waitForList(tmux)
        try tmux.sendKeys(.text("o"))
        XCTAssertTrue(tmux.waitFor(text: "Opening with fake-browser: https://cardano.stackexchange.com/questions/"), tmux.screenDump())
        let launch = try XCTUnwrap(browser.waitForLaunches(1)?.first, "the browser never ran")
        XCTAssertEqual(launch.arguments.count, 1)
        XCTAssertTrue(launch.arguments[0].hasPrefix("https://cardano.stackexchange.com/questions/"), launch.arguments[0])
        let environment = try String(contentsOfFile: browser.file("environment"), encoding: .utf8)
        XCTAssertFalse(environment.contains("STACKTERM_API_KEY"), environment)
        XCTAssertFalse(environment.contains("secret-key-for-tests"), environment)
        XCTAssertTrue(environment.contains("BROWSER="), "the rest of the environment is passed on")
        try tmux.sendKeys(.text("y"))
        XCTAssertTrue(tmux.waitFor(text: "Copied link: https://cardano.stackexchange.com/questions/"), tmux.screenDump())
        XCTAssertTrue(tmux.waitUntil { _ in (try? tmux.showBuffer()) == launch.arguments[0] },
                      "clipboard: \((try? tmux.showBuffer()) ?? "none")")
    }

    func testFatalSignalsRestoreTheTerminalAndExitWith128PlusTheSignal() throws {
        for (name, status) in [("TERM", 143), ("HUP", 129), ("INT", 130), ("QUIT", 131), ("USR1", 138), ("ALRM", 142)] {
            let tmux = try launch()
            waitForList(tmux)
            XCTAssertEqual(try tmux.format("#{alternate_on}"), "1")
            try sendSignal(name)
            expectExit(tmux, status: status, within: 5, "SIG\(name)")
            XCTAssertEqual(try tmux.format("#{alternate_on}"), "0", "SIG\(name) left the alternate screen")
            tmux.kill()
        }
    }

    func testSIGPIPEIsIgnoredAndTheProgramKeepsRunning() throws {
        let tmux = try launch()
        waitForList(tmux)
        try sendSignal("PIPE")
        try tmux.sendKeys(.text("?"))
        XCTAssertTrue(tmux.waitFor(text: "? to close", timeout: 5), "still running and answering keys:\n\(tmux.screenDump())")
        try quit(tmux)
    }

    func testCtrlZSuspendsAndForegroundRedraws() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/bin/bash"), "SKIPPED: needs bash for job control")
        let folder = try temporaryFolder("stackterm-tstp")
        let tmux = try TmuxSession(command: ["/bin/bash", "--norc", "--noprofile", "-i"],
                                   environment: ["PS1": "$ ", "SWIFT_BACKTRACE": "interactive=no"])
        session = tmux
        let before = StacktermSession.shellQuoted(folder.appendingPathComponent("before").path)
        let after = StacktermSession.shellQuoted(folder.appendingPathComponent("after").path)
        let binary = StacktermSession.shellQuoted(BuildProducts.executable("stackterm").path)
        try tmux.sendKeys(.text("stty -g > \(before); \(binary) --api-base-url \(double.baseURL.absoluteString) --site cardano"),
                          .key("Enter"))
        waitForList(tmux)

        try tmux.sendKeys(.key("C-z"))
        XCTAssertTrue(tmux.waitFor(text: "Stopped"),
                      "\(tmux.screenDump())\nrequests: \((try? double.requestLog()) ?? [])")
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0", "the shell gets the main screen back")
        try tmux.sendKeys(.text("stty -g > \(after); cmp -s \(before) \(after) && echo TTY-SAME || echo TTY-DIFFERS"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.contains("TTY-SAME") }, "the tty modes are the shell's:\n\(tmux.screenDump())")

        try tmux.sendKeys(.text("fg"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("cardano · activity") == true && $0.last?.contains("quota") == true },
                      "redrawn after fg:\n\(tmux.screenDump())")
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "1")

        try tmux.sendKeys(.text("Q"))
        XCTAssertTrue(tmux.waitUntil { $0.contains { $0.hasPrefix("$") } && (try? tmux.format("#{alternate_on}")) == "0" },
                      tmux.screenDump())
        try tmux.sendKeys(.text("echo EXIT=$?"), .key("Enter"))
        XCTAssertTrue(tmux.waitUntil { $0.contains("EXIT=0") }, tmux.screenDump())
    }
}
