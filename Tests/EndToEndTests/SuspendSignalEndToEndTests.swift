import Foundation
import TestSupport
import XCTest

/// Ctrl-Z is never ignored: curses (ncurses' `doupdate`) sets SIGTSTP to be ignored for the length of every screen
/// update unless the program caught it before curses started (`EventLoop.startCurses(on:)`); a Ctrl-Z typed
/// during an update was then lost. Read from outside, in `/proc/PID/status`, while the screen redraws page after page.
final class SuspendSignalEndToEndTests: StacktermTestCase {
    /// Whether SIGTSTP is in the process's ignored set now (`SigIgn`, a hexadecimal mask: bit n-1 for signal n).
    private static func ignoresSIGTSTP(_ pid: Int32) -> Bool? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
              let mask = UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16) else {
            return nil
        }
        return mask & (1 << UInt64(SIGTSTP - 1)) != 0
    }

    func testCtrlZIsNeverIgnoredWhileTheScreenUpdates() throws {
        let tmux = try StacktermSession.launch(baseURL: double.baseURL.absoluteString)
        session = tmux
        XCTAssertTrue(tmux.waitForFirstPage(), tmux.screenDump())
        let pid = try stacktermPID()
        var samples = 0
        var ignored = 0
        for round in 0..<120 {
            try tmux.sendKeys(.key(round % 2 == 0 ? "PageDown" : "PageUp"))
            for _ in 0..<200 {
                guard let ignoring = Self.ignoresSIGTSTP(pid) else { continue }
                samples += 1
                if ignoring { ignored += 1 }
            }
        }
        XCTAssertGreaterThan(samples, 10_000, "the process's status was read")
        XCTAssertEqual(ignored, 0, "SIGTSTP was ignored in \(ignored) of \(samples) readings while the screen redrew")
        try quit(tmux)
    }
}
