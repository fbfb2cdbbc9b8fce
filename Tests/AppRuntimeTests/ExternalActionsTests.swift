import AppCore
import AppRuntime
import Foundation
import TestSupport
import XCTest

/// "Open in browser": the launcher finds the program, hands it the URL as one untouched argument, returns
/// at once and leaves no zombie; and the clear errors when it cannot.
final class ExternalActionsTests: XCTestCase {
    private var browsers: [FakeBrowser] = []

    override func tearDown() {
        browsers.forEach { $0.remove() }
        browsers = []
        super.tearDown()
    }

    private func fakeBrowser(name: String = "fake-browser", before: String = "", after: String = "") throws -> FakeBrowser {
        let browser = try FakeBrowser(name: name, before: before, after: after)
        browsers.append(browser)
        return browser
    }

    private func launcher(browser: String?, path: String = "/usr/bin:/bin") -> BrowserLauncher {
        var environment = ["PATH": path, "LANG": "C.UTF-8"]
        environment["BROWSER"] = browser
        return BrowserLauncher(environment: environment)
    }

    /// Opens `url`, waits for the fake browser's record, and checks the child was reaped.
    private func openAndRecord(_ url: String, with launcher: BrowserLauncher, in browser: FakeBrowser,
                               file: StaticString = #filePath, line: UInt = #line) throws -> FakeBrowser.Launch {
        _ = try launcher.open(url).get()
        let launches = try XCTUnwrap(browser.waitForLaunches(1), "the fake browser never ran", file: file, line: line)
        XCTAssertEqual(launches.count, 1, file: file, line: line)
        XCTAssertTrue(ProcessProbe.waitUntilGone(launches[0].pid), "the finished browser was reaped", file: file, line: line)
        return launches[0]
    }

    func testTheURLArrivesAsOneArgumentAndIsNeverInterpreted() throws {
        let probe = try fakeBrowser()
        let marker = probe.file("marker")
        // What SafeLink lets through is one argument, as normalised: shell syntax stays inert.
        let hostile = [
            ("https://example.com/q?a=1;touch${IFS}\(marker)", "https://example.com/q?a=1;touch$%7BIFS%7D\(marker)"),
            ("https://example.com/$(touch${IFS}\(marker))/x", "https://example.com/$(touch$%7BIFS%7D\(marker))/x"),
            ("https://example.com/`touch`", "https://example.com/%60touch%60"),
            ("https://example.com/\"double\"'single'&&touch|cat>x", "https://example.com/%22double%22'single'&&touch%7Ccat%3Ex"),
            ("https://example.com/%s?q=%s&r=$HOME", "https://example.com/%25s?q=%25s&r=$HOME"),
        ]
        for (url, normalised) in hostile {
            let browser = try fakeBrowser()
            let launch = try openAndRecord(url, with: launcher(browser: browser.path), in: browser)
            XCTAssertEqual(launch.arguments, [normalised], "byte for byte, one argument")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "nothing in a URL was executed")
    }

    func testPercentSIsReplacedByTheURLElseTheURLComesLast() throws {
        let url = "https://stackoverflow.com/questions/11227809"
        let substituting = try fakeBrowser()
        let launch = try openAndRecord(url, with: launcher(browser: "\(substituting.path) --new-tab  --url=%s -x"),
                                       in: substituting)
        XCTAssertEqual(launch.arguments, ["--new-tab", "--url=\(url)", "-x"])

        let appending = try fakeBrowser()
        let appended = try openAndRecord(url, with: launcher(browser: "\(appending.path) -a -b"), in: appending)
        XCTAssertEqual(appended.arguments, ["-a", "-b", url])
    }

    func testTheBrowserListFallsThroughMissingEntries() throws {
        let browser = try fakeBrowser(name: "third-choice")
        let entries = ["/nonexistent/browser --flag", "no-such-browser-on-path", "   ", "\(browser.folder.path)", browser.path + " one"]
        let launcher = launcher(browser: entries.joined(separator: ":"))
        XCTAssertEqual(try XCTUnwrap(BrowserCommand.resolve(url: "https://a.b", environment: launcher.environment)).executable,
                       browser.path, "a folder is not a program")
        XCTAssertEqual(launcher.open("https://a.b/c"), .success("third-choice"))
        XCTAssertEqual(browser.waitForLaunches(1)?.first?.arguments, ["one", "https://a.b/c"])
    }

    func testWithoutBrowserVariableXdgOpenThenSensibleBrowserAreFoundOnThePath() throws {
        let xdg = try fakeBrowser(name: "xdg-open")
        let sensible = try fakeBrowser(name: "sensible-browser")
        let both = launcher(browser: nil, path: "/nonexistent:\(sensible.folder.path):\(xdg.folder.path)")
        XCTAssertEqual(both.open("https://x.y/1"), .success("xdg-open"))
        XCTAssertEqual(xdg.waitForLaunches(1)?.first?.arguments, ["https://x.y/1"])

        let onlySensible = launcher(browser: "", path: sensible.folder.path)
        XCTAssertEqual(onlySensible.open("https://x.y/2"), .success("sensible-browser"))
        XCTAssertEqual(sensible.waitForLaunches(1)?.first?.arguments, ["https://x.y/2"])
    }

    func testNoBrowserAtAllGivesTheClearError() throws {
        let empty = try fakeBrowser().folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for browserVariable in [nil, "", "/nonexistent/firefox:missing-browser %s"] {
            let result = launcher(browser: browserVariable, path: empty.path).open("https://example.com")
            XCTAssertEqual(result, .failure(.noBrowser))
        }
        XCTAssertEqual(LaunchError.noBrowser.description, "No browser found: set $BROWSER, e.g. export BROWSER=firefox (or w3m "
                       + "to read in the terminal) ($BROWSER is not set and neither xdg-open nor sensible-browser is installed)")
    }

    func testOnlySafeWebAddressesAreOpened() throws {
        let browser = try fakeBrowser()
        let launcher = launcher(browser: browser.path)
        let rejected: [(String, SafeLink.Rejection)] = [
            ("ftp://example.com/file", .unsupportedScheme), ("file:///etc/passwd", .unsupportedScheme),
            ("javascript:alert(1)", .unsupportedScheme), ("", .unsupportedScheme), ("--help", .unsupportedScheme),
            ("https://", .missingHost), (" https://example.com", .whitespace), ("https://example.com/\u{0}rm", .controlCharacter),
            ("https://example.com/with  spaces", .whitespace), ("https://example.com/line\nbreak", .controlCharacter),
            ("https://example.com/\u{1B}[201~", .controlCharacter), ("https://example.com/\u{202E}fdp.exe", .bidiControl),
        ]
        for (url, reason) in rejected {
            XCTAssertEqual(launcher.open(url), .failure(.unsafeLink(reason)), url.debugDescription)
        }
        XCTAssertEqual(LaunchError.unsafeLink(.controlCharacter).description, "Not opened: the link contains a control character")
        let accepted = try openAndRecord("HTTPS://EXAMPLE.COM/Q", with: launcher, in: browser)
        XCTAssertEqual(accepted.arguments, ["https://example.com/Q"])
        XCTAssertEqual(browser.launches().count, 1, "no rejected URL reached the browser")
    }

    func testTheBrowserEnvironmentLacksTheAPIKey() throws {
        let browser = try fakeBrowser(before: "/usr/bin/env > \"$dir/environment\"")
        var environment = launcher(browser: browser.path).environment
        environment["STACKTERM_API_KEY"] = "secret-key"
        environment["KEEP_ME"] = "kept"
        _ = try openAndRecord("https://example.com/", with: BrowserLauncher(environment: environment), in: browser)
        let recorded = try String(contentsOfFile: browser.file("environment"), encoding: .utf8)
        XCTAssertFalse(recorded.contains("STACKTERM_API_KEY"), recorded)
        XCTAssertFalse(recorded.contains("secret-key"), recorded)
        XCTAssertTrue(recorded.contains("KEEP_ME=kept"), recorded)
    }

    func testTheLauncherReturnsBeforeASlowBrowserExits() throws {
        let browser = try fakeBrowser(after: "exec /bin/sleep 5")
        XCTAssertEqual(launcher(browser: browser.path).open("https://slow.example/"), .success("fake-browser"))
        let launch = try XCTUnwrap(browser.waitForLaunches(1)?.first)
        let state = ProcessProbe.state(of: launch.pid)
        XCTAssertNotNil(state, "the browser still runs after open returned")
        XCTAssertNotEqual(state, "Z")
        XCTAssertEqual(kill(launch.pid, SIGTERM), 0)
        XCTAssertTrue(ProcessProbe.waitUntilGone(launch.pid), "killed browser reaped, no zombie")
    }

    func testTheBrowserGetsNullOutputsNoInheritedDescriptorAndDefaultSignals() throws {
        let inherited = open("/dev/null", O_RDONLY)
        XCTAssertGreaterThan(inherited, 2)
        defer { close(inherited) }
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        let before = """
            streams="$(/usr/bin/readlink /proc/$$/fd/0) $(/usr/bin/readlink /proc/$$/fd/1) $(/usr/bin/readlink /proc/$$/fd/2)"
            echo "$streams" > "$dir/streams"
            if [ -e /proc/$$/fd/\(inherited) ]; then echo inherited; else echo closed; fi > "$dir/descriptor"
            grep SigIgn /proc/$$/status > "$dir/ignored"
            echo "drawn over the screen"; echo "noise" >&2
            """
        let browser = try fakeBrowser(before: before)
        _ = try openAndRecord("https://example.com/", with: launcher(browser: browser.path), in: browser)
        let read = { (name: String) in (try? String(contentsOfFile: browser.file(name), encoding: .utf8)) ?? "" }
        XCTAssertEqual(read("streams"), "/dev/null /dev/null /dev/null\n")
        XCTAssertEqual(read("descriptor"), "closed\n")
        let mask = UInt64(read("ignored").split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", radix: 16)
        let hangupBit = UInt64(1) << (SIGHUP - 1)
        XCTAssertEqual(try XCTUnwrap(mask, read("ignored")) & hangupBit, 0, "SIGHUP is not ignored in the browser")
    }

    func testOpenInBrowserReportsAStatusMessage() throws {
        let browser = try fakeBrowser(name: "xdg-open")
        let actions = ExternalActions(launcher: launcher(browser: nil, path: browser.folder.path))
        XCTAssertEqual(actions.openInBrowser("https://example.com/q/1"),
                       .notify("Opening with xdg-open: https://example.com/q/1", isError: false))
        XCTAssertNotNil(browser.waitForLaunches(1))
        XCTAssertEqual(actions.openInBrowser("https://example.com/q/1/ünï"),
                       .notify("Opening with xdg-open: https://example.com/q/1/%C3%BCn%C3%AF", isError: false))
        XCTAssertEqual(actions.openInBrowser("https://example.com/q/1\n; rm -rf ~"),
                       .notify("Not opened: the link contains a control character", isError: true))
        XCTAssertNotNil(browser.waitForLaunches(2))
        XCTAssertEqual(browser.launches().count, 2, "the refused link never reached the browser")
        let missing = ExternalActions(launcher: launcher(browser: nil, path: "/nonexistent"))
        XCTAssertEqual(missing.openInBrowser("https://example.com/q/1"),
                       .notify(LaunchError.noBrowser.description, isError: true))
    }
}
