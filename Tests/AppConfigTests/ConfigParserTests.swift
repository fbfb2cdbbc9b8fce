import AppConfig
import AppCore
import StackAPI
import TextEngine
import XCTest

/// A well-formed config file: every key read into `ConfigFile`.
final class ConfigParserTests: XCTestCase {
    func testEveryTopLevelKeyIsRead() throws {
        let config = try ConfigParser.parse("""
            site = "cardano"
            sort = "votes"
            tagged = "plutus; cardano-cli ;"
            page_size = 25
            api_key = "k3y"
            api_base_url = "http://127.0.0.1:8080/2.3"
            max_width = 72
            store_max_mb = 256
            mouse = false
            """, file: "config.toml")
        XCTAssertEqual(config.settings.site, "cardano")
        XCTAssertEqual(config.settings.sort, .votes)
        XCTAssertEqual(config.settings.tagged, ["plutus", "cardano-cli"])
        XCTAssertEqual(config.settings.pageSize, 25)
        XCTAssertEqual(config.settings.apiKey, "k3y")
        XCTAssertEqual(config.settings.apiBaseURL, URL(string: "http://127.0.0.1:8080/2.3"))
        XCTAssertEqual(config.settings.maxWidth, 72)
        XCTAssertEqual(EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: config).maxWidth, 72)
        XCTAssertEqual(EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: ConfigFile()).maxWidth, 100)
        XCTAssertEqual(config.settings.storeMaxMB, 256)
        XCTAssertEqual(config.settings.mouse, false)
        XCTAssertFalse(EffectiveSettings(commandLine: .init(), environment: [:], config: config).mouse)
        XCTAssertTrue(EffectiveSettings(commandLine: .init(), environment: [:], config: ConfigFile()).mouse, "on unless turned off")
        XCTAssertEqual(EffectiveSettings(commandLine: .init(), environment: [:], config: config).storeMaxMB, 256)
        XCTAssertEqual(EffectiveSettings(commandLine: .init(), environment: [:], config: ConfigFile()).storeMaxMB, 1024)
        XCTAssertEqual(config.colors, [:])
        XCTAssertEqual(config.keys, [:])
    }

    func testTaggedMayBeAnArrayAndAnEmptyKeyMeansNone() throws {
        let config = try ConfigParser.parse("tagged = [\"swift\", \"linux\"]\napi_key = \"\"", file: "c.toml")
        XCTAssertEqual(config.settings.tagged, ["swift", "linux"])
        XCTAssertNil(config.settings.apiKey)
    }

    func testAnEmptyFileIsAllDefaults() throws {
        XCTAssertEqual(try ConfigParser.parse("# nothing here\n\n", file: "c.toml"), ConfigFile())
    }

    func testColorsByNameAndNumber() throws {
        let config = try ConfigParser.parse("""
            [colors]
            accent = "bright-magenta"
            muted = 244
            error = "RED"
            normal = "default"
            link = "12"
            """, file: "c.toml")
        XCTAssertEqual(config.colors, [
            .accent: .palette(13), .muted: .palette(244), .error: .palette(1), .normal: .terminalDefault, .link: .palette(12),
        ])
        XCTAssertEqual(config.theme.foreground(for: .accent), .palette(13))
        XCTAssertEqual(config.theme.foreground(for: .tag), ColorTheme.standard.foreground(for: .tag), "unnamed roles keep theirs")
    }

    func testKeysAsOneNameOrSeveral() throws {
        let config = try ConfigParser.parse("""
            [keys]
            moveDown = ["n", "Down", "C-n"]
            openInBrowser = "O"
            help = ["F1", "?"]
            """, file: "c.toml")
        XCTAssertEqual(config.keys[.moveDown], [.character("n"), .down, .control("n")])
        XCTAssertEqual(config.keys[.openInBrowser], [.character("O")])
        XCTAssertEqual(config.keys[.help], [.function(1), .character("?")])
    }

    func testDottedAndInlineTablesWorkToo() throws {
        let config = try ConfigParser.parse("keys.quit = \"x\"\ncolors = { tag = \"green\" }", file: "c.toml")
        XCTAssertEqual(config.keys, [.quit: [.character("x")]])
        XCTAssertEqual(config.colors, [.tag: .palette(2)])
    }
}
