import AppCore
import CTermGuard
import Foundation
import TerminalUI
import TestSupport
import XCTest

/// A started terminal reading keys from a pipe, and an event loop recording what it delivers.
@MainActor
private final class LoopHarness {
    let terminal: Terminal
    let loop: EventLoop
    private let writeEnd: Int32
    private var writeEndOpen = true
    var keys: [Key] = []
    var resizes: [(columns: Int, rows: Int)] = []
    var signals: [Int32] = []

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        let devNull = open("/dev/null", O_WRONLY)
        terminal = Terminal(inputDescriptor: ends[0], outputDescriptor: devNull, terminalType: "xterm-256color")
        close(ends[0])
        close(devNull)
        writeEnd = ends[1]
        try terminal.start()
        loop = EventLoop(terminal: terminal)
        loop.onKeys = { [unowned self] in keys += $0 }
        loop.onResize = { [unowned self] in resizes.append(($0, $1)) }
        loop.onTerminate = { [unowned self] in signals.append($0) }
        loop.start()
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        XCTAssertEqual(write(writeEnd, bytes, bytes.count), bytes.count)
    }

    func closeInput() {
        if writeEndOpen { close(writeEnd) }
        writeEndOpen = false
    }

    func tearDown() {
        loop.stop()
        terminal.stop()
        closeInput()
    }
}

final class EventLoopTests: XCTestCase {
    /// Waits, running the main run loop, until `condition` holds on the main actor or `seconds` pass.
    private func waitUntil(seconds: TimeInterval = 10, _ condition: @escaping @MainActor () -> Bool) {
        let done = expectation(description: "condition")
        let timer = Timer(timeInterval: 0.01, repeats: true) { timer in
            guard MainActor.assumeIsolated({ condition() }) else { return }
            timer.invalidate()
            done.fulfill()
        }
        RunLoop.main.add(timer, forMode: .default)
        wait(for: [done], timeout: seconds)
        timer.invalidate()
    }

    func testKeysTypedOnTheInputReachOnKeys() throws {
        let harness = try onMain { try LoopHarness() }
        onMain { harness.type("j\u{1B}OA中\r") }
        waitUntil { harness.keys.count >= 4 }
        onMain {
            XCTAssertEqual(harness.keys, [.character("j"), .up, .character("中"), .enter])
            harness.tearDown()
        }
    }

    func testWindowChangeSignalReachesOnResize() throws {
        let harness = try onMain { try LoopHarness() }
        kill(getpid(), SIGWINCH)
        waitUntil { !harness.resizes.isEmpty }
        onMain {
            XCTAssertEqual(harness.resizes.first?.columns, harness.terminal.size.columns)
            XCTAssertEqual(harness.resizes.first?.rows, harness.terminal.size.rows)
            XCTAssertEqual(harness.signals, [])
            harness.tearDown()
        }
    }

    func testTerminatingSignalsReachOnTerminateInsteadOfKilling() throws {
        let harness = try onMain { try LoopHarness() }
        let sent = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]
        for signalNumber in sent {
            kill(getpid(), signalNumber)
            waitUntil { harness.signals.last == signalNumber }
        }
        onMain {
            XCTAssertEqual(harness.signals, sent)
            XCTAssertEqual(Set(EventLoop.terminatingSignals).intersection(sent), Set(sent))
            for signalNumber in EventLoop.handledSignals { XCTAssertEqual(stackterm_signal_is_forwarded(signalNumber), 1) }
            XCTAssertFalse(EventLoop.terminatingSignals.contains(SIGPIPE), "a closed connection must not end the program")
            XCTAssertEqual(stackterm_signal_is_forwarded(SIGPIPE), 0)
            XCTAssertEqual(stackterm_signal_is_default(SIGPIPE), 0, "SIGPIPE is ignored while the loop runs")
            harness.tearDown()
            for signalNumber in EventLoop.handledSignals {
                XCTAssertEqual(stackterm_signal_is_forwarded(signalNumber), 0, "signal \(signalNumber) released")
            }
            for signalNumber in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGTSTP] {
                XCTAssertEqual(stackterm_signal_is_default(signalNumber), 1, "signal \(signalNumber) back to default")
            }
        }
    }

    func testSignalsThatWereIgnoredStayIgnoredAfterStop() throws {
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        let harness = try onMain { try LoopHarness() }
        kill(getpid(), SIGUSR2)
        waitUntil { harness.signals == [SIGUSR2] }
        onMain {
            harness.tearDown()
            XCTAssertEqual(stackterm_signal_is_default(SIGUSR2), 0)
            XCTAssertEqual(stackterm_signal_is_forwarded(SIGUSR2), 0)
        }
    }

    func testEndOfInputIsReportedAsHangup() throws {
        let harness = try onMain { try LoopHarness() }
        onMain { harness.type("k") }
        waitUntil { harness.keys == [.character("k")] }
        onMain { harness.closeInput() }
        waitUntil { !harness.signals.isEmpty }
        onMain {
            XCTAssertEqual(harness.signals, [SIGHUP])
            harness.tearDown()
        }
    }
}
