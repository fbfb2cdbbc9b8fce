import Foundation
@testable import TerminalUI
import XCTest

/// What `EventLoop.start()` does with the signals it finds already in the pipe.
final class EventLoopStartSignalTests: XCTestCase {
    func testACtrlZTypedWhileCursesStartedIsActedOnOnce() {
        XCTAssertEqual(EventLoop.signalsKeptAtStart([SIGTSTP], suspendCaughtBeforeCurses: true), [SIGTSTP])
        XCTAssertEqual(EventLoop.signalsKeptAtStart([SIGWINCH, SIGTSTP, SIGTSTP], suspendCaughtBeforeCurses: true), [SIGTSTP])
    }

    func testSignalsLeftFromAnEarlierStartAreDropped() {
        XCTAssertEqual(EventLoop.signalsKeptAtStart([SIGTSTP, SIGTERM], suspendCaughtBeforeCurses: false), [])
        XCTAssertEqual(EventLoop.signalsKeptAtStart([SIGTERM, SIGWINCH], suspendCaughtBeforeCurses: true), [])
        XCTAssertEqual(EventLoop.signalsKeptAtStart([], suspendCaughtBeforeCurses: true), [])
    }
}
