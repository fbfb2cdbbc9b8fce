import Foundation
@testable import TerminalUI
import XCTest

/// The input watcher announces input once per read, and stops whether or not it has its wake-up pipe.
final class InputWatcherTests: XCTestCase {
    private func withPipe(_ body: (_ read: Int32, _ write: Int32) throws -> Void) rethrows {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        try body(ends[0], ends[1])
    }

    private func check(wakeUpPipe: Bool) {
        withPipe { input, output in
            let watcher = InputWatcher(descriptor: input, wakeUpPipe: wakeUpPipe)
            let announced = DispatchSemaphore(value: 0)
            watcher.start { announced.signal() }
            XCTAssertEqual(announced.wait(timeout: .now() + 0.2), .timedOut, "nothing to read yet")
            var byte: UInt8 = 0x6A
            XCTAssertEqual(write(output, &byte, 1), 1)
            XCTAssertEqual(announced.wait(timeout: .now() + 5), .success, "input announced")
            XCTAssertEqual(announced.wait(timeout: .now() + 0.2), .timedOut, "announced once until it is read")
            XCTAssertEqual(read(input, &byte, 1), 1)
            watcher.taken()
            watcher.stop()
            // stop() waits a second at most; the thread's end is then waited for, never timed.
            let deadline = Date().addingTimeInterval(10)
            while !watcher.hasEnded && Date() < deadline { usleep(10_000) }
            XCTAssertTrue(watcher.hasEnded, "the thread ended")
        }
    }

    func testInputIsAnnouncedOncePerReadAndStopEndsTheThread() {
        check(wakeUpPipe: true)
    }

    func testWithoutItsWakeUpPipeTheWatcherStillStops() {
        check(wakeUpPipe: false)
    }
}
