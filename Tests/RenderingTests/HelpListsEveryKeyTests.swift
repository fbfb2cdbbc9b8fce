import AppCore
import Foundation
import Rendering
import XCTest

/// Issue 21: the help screen (and `--help`, which prints the same entries) lists every key the program answers: the
/// keymap's commands, the keys the terminal turns into signals (Ctrl-Z suspends, Ctrl-C quits), and how a prompt edits.
final class HelpListsEveryKeyTests: XCTestCase {
    func testTheHelpListsSuspendAndQuitAtOnce() {
        let lines = HelpScreen.lines(for: .standard)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Ctrl-Z ") && $0.contains("Suspend to the shell") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("Ctrl-C ") && $0.contains("Quit at once") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.count, PickerKeys.helpLineCount(for: .standard), "the help screen scrolls over every line")
    }

    func testTheHelpSaysHowAPromptEdits() {
        let lines = HelpScreen.lines(for: .standard)
        XCTAssertTrue(lines.contains { $0.hasPrefix("In a prompt") && $0.contains("Ctrl-W") && $0.contains("Up Down recall") },
                      lines.joined(separator: "\n"))
    }

    func testTheSignalKeysAreNotTheKeymapsToRebind() {
        for key in [Key.control("z"), .control("c")] {
            XCTAssertNil(Keymap.standard.command(for: key), key.label)
        }
    }
}
