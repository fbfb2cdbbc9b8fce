import Foundation
import TerminalUI
import TestSupport
import TextEngine
import XCTest

/// A Swift crash with curses running must leave the terminal usable. The test binary re-runs itself in a tmux
/// pane as a child (selected by `STACKTERM_CRASH_CHILD`) that starts curses on the pane's tty and calls
/// `fatalError`; the pane's shell records `stty -g` before and after, and tmux tells whether the alternate
/// screen was left and the cursor shown again.
final class CrashGuardTests: XCTestCase {
    private static let childVariable = "STACKTERM_CRASH_CHILD"

    /// The child: draws a frame with curses on the real tty, then crashes on purpose.
    func testCrashChild() throws {
        guard let mode = ProcessInfo.processInfo.environment[Self.childVariable] else {
            throw XCTSkip("runs only as the child of testCrashRestoresTheTerminal, inside a tmux pane")
        }
        try onMain {
            let terminal = Terminal(installsCrashGuard: mode == "guarded")
            try terminal.start()
            var buffer = ScreenBuffer(width: terminal.size.columns, height: terminal.size.rows)
            buffer.write("CRASH-CHILD-READY", x: 0, y: 0)
            terminal.present(buffer)
            fatalError("crashing on purpose (crash-guard test)")
        }
    }

    func testCrashRestoresTheTerminal() throws {
        let result = try runCrashChild(mode: "guarded", environment: [:])
        XCTAssertEqual(result.ttyAfter, result.ttyBefore, "tty settings restored")
        XCTAssertTrue([128 + SIGILL, 128 + SIGTRAP].contains(result.status), "died of the crash: \(result.status)")
        XCTAssertEqual(result.alternateScreen, "0", "alternate screen left")
        XCTAssertEqual(result.cursorVisible, "1", "cursor shown")
    }

    /// The same crash without the guard leaves the tty raw, so the checks above can fail.
    func testWithoutTheGuardTheCrashLeavesTheTerminalRaw() throws {
        let result = try runCrashChild(mode: "unguarded", environment: ["SWIFT_BACKTRACE": "enable=no"])
        XCTAssertNotEqual(result.ttyAfter, result.ttyBefore)
        XCTAssertEqual(result.alternateScreen, "1")
    }

    private struct ChildResult {
        let ttyBefore: String
        let ttyAfter: String
        let status: Int32
        let alternateScreen: String
        let cursorVisible: String
    }

    private func runCrashChild(mode: String, environment: [String: String]) throws -> ChildResult {
        try XCTSkipUnless(TmuxSession.isAvailable, TmuxSession.unavailableMessage)
        guard let binary = TestBinary.path else { throw XCTSkip("test binary not runnable: \(CommandLine.arguments[0])") }
        let temporary = try TemporaryDirectory("crash-guard")
        defer { temporary.remove() }
        let folder = temporary.url

        let dir = folder.path
        let script = """
            stty -g > '\(dir)/before'
            '\(binary)' TerminalUITests.CrashGuardTests/testCrashChild 2> '\(dir)/stderr'
            echo $? > '\(dir)/status.tmp'; stty -g > '\(dir)/after'; mv '\(dir)/status.tmp' '\(dir)/status'
            read x
            """
        let variables = environment.merging([Self.childVariable: mode]) { $1 }
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", script], width: 80, height: 24, environment: variables)
        defer { tmux.kill() }
        let statusFile = folder.appendingPathComponent("status")
        let finished = tmux.waitUntil(timeout: 90) { _ in FileManager.default.fileExists(atPath: statusFile.path) }
        XCTAssertTrue(finished, "child did not finish; screen:\n\(tmux.screenDump())")
        func read(_ name: String) -> String {
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertTrue(read("stderr").contains("crashing on purpose"), "child output: \(read("stderr"))")
        return ChildResult(ttyBefore: read("before"), ttyAfter: read("after"), status: Int32(read("status")) ?? -1,
                           alternateScreen: try tmux.format("#{alternate_on}"),
                           cursorVisible: try tmux.format("#{cursor_flag}"))
    }
}
