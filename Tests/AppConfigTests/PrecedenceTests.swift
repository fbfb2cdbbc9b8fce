import AppConfig
import AppCore
import StackAPI
import XCTest

/// Each setting comes from the flag, else the environment (API key only), else the config file, else the default.
final class PrecedenceTests: XCTestCase {
    private let file = ConfigFile(
        settings: PartialSettings(site: "cardano", sort: .votes, tagged: ["plutus"], pageSize: 20, apiKey: "from-file",
                                  apiBaseURL: URL(string: "http://127.0.0.1:1/2.3")),
        colors: [.accent: .palette(2)], keys: [.quit: [.character("x")]])

    func testDefaultsWhenNothingIsGiven() {
        let settings = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: ConfigFile())
        XCTAssertEqual(settings.site, "stackoverflow")
        XCTAssertEqual(settings.sort, .activity)
        XCTAssertEqual(settings.tagged, [])
        XCTAssertEqual(settings.pageSize, 50)
        XCTAssertNil(settings.apiKey)
        XCTAssertEqual(settings.apiBaseURL, RequestFactory.stackExchangeBaseURL)
        XCTAssertEqual(settings.keymap, .standard)
        XCTAssertEqual(settings.theme, .standard)
        XCTAssertTrue(settings.colorsEnabled)
    }

    func testTheConfigFileOverridesTheDefaults() {
        let settings = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: file)
        XCTAssertEqual(settings.site, "cardano")
        XCTAssertEqual(settings.sort, .votes)
        XCTAssertEqual(settings.tagged, ["plutus"])
        XCTAssertEqual(settings.pageSize, 20)
        XCTAssertEqual(settings.apiKey, "from-file")
        XCTAssertEqual(settings.apiBaseURL, URL(string: "http://127.0.0.1:1/2.3"))
        XCTAssertEqual(settings.keymap.command(for: .character("x")), .quit)
        XCTAssertEqual(settings.theme.foreground(for: .accent), .palette(2))
    }

    func testTheEnvironmentKeyBeatsTheFileButNotTheFlag() {
        let environment = ["STACKTERM_API_KEY": "from-env"]
        XCTAssertEqual(EffectiveSettings(commandLine: CommandLineSettings(), environment: environment, config: file).apiKey, "from-env")
        XCTAssertEqual(EffectiveSettings(commandLine: CommandLineSettings(apiKey: "from-flag"), environment: environment, config: file).apiKey,
                       "from-flag")
        XCTAssertEqual(EffectiveSettings(commandLine: CommandLineSettings(), environment: ["STACKTERM_API_KEY": ""], config: file).apiKey,
                       "from-file", "an empty variable counts as unset")
    }

    func testFlagsBeatTheConfigFile() {
        let flags = CommandLineSettings(site: "beer", sort: .hot, tagged: [], pageSize: 100, apiKey: nil,
                                        apiBaseURL: URL(string: "http://127.0.0.1:2/2.3"))
        let settings = EffectiveSettings(commandLine: flags, environment: [:], config: file)
        XCTAssertEqual(settings.site, "beer")
        XCTAssertEqual(settings.sort, .hot)
        XCTAssertEqual(settings.tagged, [], "--tagged '' clears the file's tags")
        XCTAssertEqual(settings.pageSize, 100)
        XCTAssertEqual(settings.apiBaseURL, URL(string: "http://127.0.0.1:2/2.3"))
    }
}
