import AppConfig
import TerminalUI
import TextEngine
import XCTest

/// Colour names, the theme's degradation on small palettes, and NO_COLOR.
final class ColorTests: XCTestCase {
    func testColourNames() {
        XCTAssertEqual(TerminalColor(name: "default"), .terminalDefault)
        XCTAssertEqual(TerminalColor(name: "black"), .palette(0))
        XCTAssertEqual(TerminalColor(name: "White"), .palette(7))
        XCTAssertEqual(TerminalColor(name: "bright-black"), .palette(8))
        XCTAssertEqual(TerminalColor(name: "bright-white"), .palette(15))
        XCTAssertNil(TerminalColor(name: "brightred"))
        XCTAssertNil(TerminalColor(index: 256))
        XCTAssertNil(TerminalColor(index: -1))
        for name in TerminalColor.names { XCTAssertEqual(TerminalColor(name: name)?.name, name) }
    }

    func testTheStandardThemeIsTheBuiltInLook() {
        XCTAssertEqual(CursesStyle.foreground(for: .accent, colorCount: 256), 6)
        XCTAssertEqual(CursesStyle.foreground(for: .muted, colorCount: 256), 8)
        XCTAssertNil(CursesStyle.foreground(for: .muted, colorCount: 8), "no bright black: muted falls back to dim")
        XCTAssertNil(CursesStyle.foreground(for: .normal, colorCount: 256))
    }

    func testAThemeColourTheTerminalLacksDegrades() {
        let theme = ColorTheme(overrides: [.accent: .palette(12), .tag: .palette(200), .code: .terminalDefault])
        XCTAssertEqual(CursesStyle.foreground(for: .accent, theme: theme, colorCount: 256), 12)
        XCTAssertEqual(CursesStyle.foreground(for: .accent, theme: theme, colorCount: 8), 4, "bright blue becomes blue")
        XCTAssertEqual(CursesStyle.foreground(for: .tag, theme: theme, colorCount: 256), 200)
        XCTAssertNil(CursesStyle.foreground(for: .tag, theme: theme, colorCount: 16))
        XCTAssertNil(CursesStyle.foreground(for: .code, theme: theme, colorCount: 256))
    }

    func testHighlightedCodeRolesAreConfigurable() throws {
        XCTAssertEqual(CursesStyle.foreground(for: .codeKeyword, colorCount: 256), 4, "blue keywords by default")
        XCTAssertEqual(CursesStyle.foreground(for: .codeFunction, colorCount: 8), 6, "bright cyan falls back to cyan")
        let config = try ConfigParser.parse("[colors]\ncode-keyword = \"red\"\ncode-comment = 244\n", file: "c.toml")
        XCTAssertEqual(config.theme.foreground(for: .codeKeyword), .palette(1))
        XCTAssertEqual(config.theme.foreground(for: .codeComment), .palette(244))
        XCTAssertEqual(config.theme.foreground(for: .codeString), ColorTheme.standard.foreground(for: .codeString))
        XCTAssertThrowsError(try ConfigParser.parse("[colors]\ncode-keywords = \"red\"\n", file: "c.toml"), "a misspelt role is an error")
    }

    func testNoColorTurnsColoursOffWhateverTheConfigSays() throws {
        let config = try ConfigParser.parse("[colors]\naccent = \"red\"", file: "c.toml")
        for (value, enabled) in [(nil, true), ("", true), ("1", false), ("0", false), ("yes please", false)] as [(String?, Bool)] {
            let environment = value.map { ["NO_COLOR": $0] } ?? [:]
            let settings = EffectiveSettings(commandLine: CommandLineSettings(), environment: environment, config: config)
            XCTAssertEqual(settings.colorsEnabled, enabled, "NO_COLOR=\(value ?? "(unset)")")
            XCTAssertEqual(CursesStyle.colorDisabled(by: environment), !enabled, "the terminal agrees")
        }
    }
}
