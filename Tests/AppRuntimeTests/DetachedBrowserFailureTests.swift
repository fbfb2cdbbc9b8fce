import AppCore
import AppRuntime
import Foundation
import NIOConcurrencyHelpers
import Spawning
import TestSupport
import XCTest

/// A browser started beside the UI (not a terminal one) is never reported as opened before it could fail: the
/// status says `Opening with …` at once, and when the program exits non-zero or is killed (`BROWSER=false`, a
/// missing handler) the error follows as a later action.
final class DetachedBrowserFailureTests: XCTestCase {
    private let url = "https://cardano.stackexchange.com/q/2"
    private var browsers: [FakeBrowser] = []

    override func tearDown() {
        browsers.forEach { $0.remove() }
        browsers = []
        super.tearDown()
    }

    private func actions(browser: String) -> ExternalActions {
        ExternalActions(launcher: BrowserLauncher(environment: ["PATH": "/usr/bin:/bin", "BROWSER": browser]),
                        terminalDescriptor: open("/dev/null", O_WRONLY))
    }

    /// Opens `url` with `browser` and returns the action given at once and the one sent when it failed.
    private func openAndAwaitFailure(_ browser: String, file: StaticString = #filePath, line: UInt = #line) -> (Action, Action?) {
        let later = NIOLockedValueBox<Action?>(nil)
        let failed = expectation(description: "the failure is reported")
        let now = actions(browser: browser).openInBrowser(url) { action in
            later.withLockedValue { $0 = action }
            failed.fulfill()
        }
        wait(for: [failed], timeout: 10)
        return (now, later.withLockedValue { $0 })
    }

    func testBrowserFalseIsReportedAsFailedNeverOpened() {
        let (now, later) = openAndAwaitFailure("false")
        XCTAssertEqual(now, .notify("Opening with false: \(url)", isError: false))
        XCTAssertEqual(later, .notify("false failed (exit status 1)", isError: true))
    }

    func testAFailedFallbackWithoutBROWSERSaysWhatWasTriedAndHowToSetOne() throws {
        // Debian's sensible-browser with no browser installed exits 1; $BROWSER is not set, xdg-open not installed.
        let sensible = try FakeBrowser(name: "sensible-browser", after: "exit 1")
        browsers.append(sensible)
        let later = NIOLockedValueBox<Action?>(nil)
        let failed = expectation(description: "the failure is reported")
        let launcher = BrowserLauncher(environment: ["PATH": sensible.folder.path])
        let now = ExternalActions(launcher: launcher, terminalDescriptor: open("/dev/null", O_WRONLY)).openInBrowser(url) { action in
            later.withLockedValue { $0 = action }
            failed.fulfill()
        }
        wait(for: [failed], timeout: 10)
        XCTAssertEqual(now, .notify("Opening with sensible-browser: \(url)", isError: false))
        XCTAssertEqual(later.withLockedValue { $0 }, .notify(
            "No browser opened the link: set $BROWSER, e.g. export BROWSER=firefox (or w3m to read in the terminal) "
                + "($BROWSER is not set, and sensible-browser failed (exit status 1))", isError: true))
    }

    func testABrowserKilledBySignalIsReported() throws {
        let browser = try FakeBrowser(name: "crashing-browser", after: "kill -KILL $$")
        browsers.append(browser)
        let (now, later) = openAndAwaitFailure(browser.path)
        XCTAssertEqual(now, .notify("Opening with crashing-browser: \(url)", isError: false))
        XCTAssertEqual(later, .notify("crashing-browser was ended by signal 9", isError: true))
    }

    func testALauncherThatExitsZeroIsNoFailure() {
        XCTAssertNil(LaunchError(program: "xdg-open", ending: .exited(0)))
        XCTAssertEqual(LaunchError(program: "xdg-open", ending: .exited(4)), .exited(program: "xdg-open", status: 4))
        XCTAssertEqual(LaunchError(program: "firefox", ending: .signalled(11)), .signalled(program: "firefox", signal: 11))
        XCTAssertEqual(ChildEnding(waitStatus: 3 << 8), .exited(3))
        XCTAssertEqual(ChildEnding(waitStatus: 9), .signalled(9))
        XCTAssertEqual(ChildEnding(waitStatus: 9).shellStatus, 137)
    }
}
