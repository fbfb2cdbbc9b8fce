import AppConfig
import AppCore
import Rendering
import XCTest

/// Remapping: a remapped command loses its defaults, a taken key leaves its old command, the rest stays.
final class RemapTests: XCTestCase {
    func testARemapReplacesTheDefaultsAndKeepsTheRest() throws {
        let config = try ConfigParser.parse("[keys]\nmoveDown = [\"n\"]\n", file: "c.toml")
        let keymap = config.keymap()
        XCTAssertEqual(keymap.keys(for: .moveDown), [.character("n")])
        XCTAssertNil(keymap.command(for: .character("j")), "j no longer moves down")
        XCTAssertNil(keymap.command(for: .down), "Down was a default of moveDown, replaced too")
        XCTAssertEqual(keymap.command(for: .character("n")), .moveDown)
        XCTAssertEqual(keymap.keys(for: .moveUp), [.character("k"), .up], "untouched commands keep their keys")
        XCTAssertEqual(keymap.bindings.map(\.command), Keymap.standard.bindings.map(\.command), "help order unchanged")
    }

    func testAKeyTakenFromAnotherCommandLeavesIt() {
        let keymap = Keymap.standard.remapped([.quit: [.character("q")]])
        XCTAssertEqual(keymap.command(for: .character("q")), .quit, "the config wins")
        XCTAssertEqual(keymap.keys(for: .back), [.character("h"), .left], "back lost q and kept the others")
        XCTAssertEqual(keymap.keys(for: .quit), [.character("q")], "Q was replaced")
        XCTAssertNil(keymap.command(for: .character("Q")))
    }

    func testAnEmptyListUnbinds() {
        let keymap = Keymap.standard.remapped([.copyLink: []])
        XCTAssertEqual(keymap.keys(for: .copyLink), [])
        XCTAssertNil(keymap.command(for: .character("y")))
    }

    func testNoRemapIsTheStandardMap() {
        XCTAssertEqual(Keymap.standard.remapped([:]), .standard)
        XCTAssertEqual(ConfigFile().keymap(), .standard)
    }

    func testTheHelpScreenShowsTheEffectiveMap() {
        let keymap = Keymap.standard.remapped([.moveDown: [.character("n"), .control("n")], .search: [.function(3)]])
        let lines = HelpScreen.lines(for: keymap)
        let moveDown = lines.first { $0.contains(Command.moveDown.help) }
        XCTAssertEqual(moveDown?.split(separator: " ").prefix(2).map(String.init), ["n", "Ctrl-N"])
        XCTAssertTrue(lines.contains { $0.hasPrefix("F3 ") && $0.contains(Command.search.help) }, lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.hasPrefix("/ ") })
    }
}
