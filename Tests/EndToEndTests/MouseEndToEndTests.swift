import Foundation
import TestSupport
import XCTest

/// Issue 9 part 10 in the real binary: the mouse reports tmux passes to it (X10 encoding, as ncurses asks for
/// with `kmous`) turn the wheel and click rows. Each report is `ESC [ M` then button, column and row, each + 32
/// (column and row counted from 1).
final class MouseEndToEndTests: StacktermTestCase {
    private func report(button: Int, row: Int, column: Int = 30) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + column)))
            + String(UnicodeScalar(UInt8(33 + row)))
    }

    /// The longest word of a list row's title area: something the question's header will show too.
    private func word(ofRow row: String) -> String {
        row.split(separator: " ").map(String.init).filter { $0.allSatisfy(\.isLetter) }.max { $0.count < $1.count } ?? row
    }

    func testTheWheelMovesAndADoubleClickOpensTheRowUnderThePointer() throws {
        let tmux = try launch(["--sort", "votes"])
        waitForList(tmux)
        XCTAssertEqual(try tmux.format("#{mouse_any_flag}"), "1", "stackterm asked the terminal for mouse reports")
        let list = try tmux.capture()

        // One wheel turn down (button 65 = 64 + 1): three rows, so Enter opens the fourth question (row 5).
        try tmux.sendKeys(.text(report(button: 65, row: 10)))
        try tmux.sendKeys(.key("Enter"))
        let fourth = word(ofRow: list[5])
        XCTAssertTrue(tmux.waitUntil { $0[0].contains(fourth) && $0.last?.contains("question · ") == true },
                      "the wheel moved three rows (expected \"\(fourth)\" in the header):\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · votes") && $0.last?.contains("quota") == true }, tmux.screenDump())

        // A double click (press and release twice) on row 8 opens the seventh question.
        let press = report(button: 0, row: 8)
        let release = report(button: 3, row: 8)
        try tmux.sendKeys(.text(press + release + press + release))
        let seventh = word(ofRow: list[8])
        XCTAssertTrue(tmux.waitUntil { $0[0].contains(seventh) && $0.last?.contains("question · ") == true },
                      "the double click opened row 8 (expected \"\(seventh)\" in the header):\n\(tmux.screenDump())")
    }

    func testMouseFalseLeavesTheMouseToTheTerminal() throws {
        let home = try temporaryFolder("stackterm-mouse")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
        try Data("mouse = false\n".utf8).write(to: home.appendingPathComponent("stackterm/config.toml"))
        let tmux = try launch(["--sort", "votes"], environment: ["XDG_CONFIG_HOME": home.path])
        waitForList(tmux)
        XCTAssertEqual(try tmux.format("#{mouse_any_flag}"), "0", "stackterm asked for no mouse reports")
    }
}
