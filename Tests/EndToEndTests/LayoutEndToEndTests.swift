import Foundation
import TestSupport
import XCTest

/// Hostile bodies from the double (`deep_body`): the question opens with the depth notice, and the program
/// quits and restores the terminal whatever is being laid out.
final class LayoutEndToEndTests: StacktermTestCase {
    func testAHundredThousandLevelBodyOpensWithItsNoticeAndQQuits() throws {
        let tmux = try openFirstQuestion(faults: "deep_body=100000", waitingFor: "the deeper levels are shown flat", timeout: 60)
        XCTAssertTrue(tmux.waitFor(text: "│ │ x"), tmux.screenDump())
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "1")
        try quit(tmux)
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0", "the shell gets the main screen back")
    }

    func testQPressedWhileTheBodyIsLaidOutQuits() throws {
        let tmux = try openFirstQuestion(faults: "deep_body=200000", waitingFor: "views · asked", timeout: 30)
        try quit(tmux)
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0")
    }

    func testSIGTERMWhileTheBodyIsLaidOutRestoresTheTerminalAndExits143() throws {
        let tmux = try openFirstQuestion(faults: "deep_body=200000", waitingFor: "views · asked", timeout: 30)
        try sendSignal("TERM")
        expectExit(tmux, status: 143)
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0")
    }
}
