import AppConfig
import AppCore
import Rendering
import XCTest

/// Finding and reading the file: XDG location, silence when absent, defaults plus an error when malformed.
final class ConfigLoaderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ text: String) throws -> URL {
        let url = directory.appendingPathComponent("stackterm/config.toml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testTheDefaultLocation() {
        XCTAssertEqual(ConfigLocation.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"])?.path,
                       "/x/conf/stackterm/config.toml")
        XCTAssertEqual(ConfigLocation.defaultPath(environment: ["HOME": "/home/u"])?.path, "/home/u/.config/stackterm/config.toml")
        XCTAssertEqual(ConfigLocation.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"])?.path,
                       "/home/u/.config/stackterm/config.toml", "empty XDG_CONFIG_HOME is ignored")
        XCTAssertEqual(ConfigLocation.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"])?.path,
                       "/home/u/.config/stackterm/config.toml", "a relative XDG_CONFIG_HOME is ignored")
    }

    func testAMissingDefaultFileMeansDefaultsSilently() {
        let loaded = ConfigLoader.load(explicitPath: nil, environment: ["XDG_CONFIG_HOME": directory.path])
        XCTAssertEqual(loaded.config, ConfigFile())
        XCTAssertNil(loaded.error)
        XCTAssertNil(loaded.startupMessage)
        XCTAssertFalse(loaded.isUsed)
    }

    func testTheFileUnderXDGConfigHomeIsRead() throws {
        _ = try write("site = \"beer\"\n[keys]\nmoveDown = \"n\"\n")
        let loaded = ConfigLoader.load(explicitPath: nil, environment: ["XDG_CONFIG_HOME": directory.path, "HOME": "/nonexistent"])
        XCTAssertTrue(loaded.isUsed)
        XCTAssertEqual(loaded.config.settings.site, "beer")
        XCTAssertEqual(loaded.config.keymap().command(for: .character("n")), .moveDown)
    }

    func testAMalformedFileFallsBackToAllDefaultsWithTheError() throws {
        let url = try write("site = \"beer\"\n[keys]\nmoveDown = \"n\"\nmoveDwn = \"m\"\n")
        let before = try Data(contentsOf: url)
        let loaded = ConfigLoader.load(explicitPath: url.path, environment: [:])
        XCTAssertEqual(loaded.config, ConfigFile(), "nothing from a malformed file is used, not even its valid site")
        XCTAssertEqual(loaded.error?.line, 4)
        XCTAssertEqual(loaded.startupMessage,
                       "config.toml:4: unknown command \"moveDwn\" in [keys] (did you mean \"moveDown\"?) — config ignored, using the defaults")
        XCTAssertEqual(try Data(contentsOf: url), before, "the file is never rewritten")
    }

    func testAnExplicitPathThatIsMissingOrUnreadableIsAnError() throws {
        let missing = ConfigLoader.load(explicitPath: directory.appendingPathComponent("nope.toml").path, environment: [:])
        XCTAssertEqual(missing.error?.kind, .unreadable(reason: "no such file"))
        let folder = ConfigLoader.load(directory.appendingPathComponent("stackterm"), required: true)
        guard case .unreadable? = folder.error?.kind else { return XCTFail("a folder is not a config file: \(String(describing: folder.error))") }
        let binary = directory.appendingPathComponent("stackterm/config.toml")
        try Data([0xFF, 0xFE, 0x00]).write(to: binary)
        XCTAssertEqual(ConfigLoader.load(binary, required: false).error?.description, "config.toml: cannot read the file: not UTF-8 text")
    }

    func testTheExampleConfigParsesAndSpellsOutTheDefaults() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let example = root.appendingPathComponent("Resources/config.example.toml")
        let loaded = ConfigLoader.load(example, required: true)
        XCTAssertNil(loaded.error, "\(loaded.error!)")
        let config = loaded.config
        XCTAssertEqual(Set(config.keys.keys), Set(Command.allCases), "every command is listed")
        XCTAssertEqual(Set(config.colors.keys), Set(CellColor.allCases), "every colour role is listed")
        XCTAssertNotNil(config.settings.site)
        XCTAssertNotNil(config.settings.sort)
        XCTAssertNotNil(config.settings.tagged)
        XCTAssertNotNil(config.settings.pageSize)
        XCTAssertNotNil(config.settings.apiBaseURL)
        let text = try String(contentsOf: example, encoding: .utf8)
        XCTAssertTrue(text.contains("\napi_key = "), "api_key is shown too")
        let fromExample = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: config)
        let builtIn = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: ConfigFile())
        XCTAssertEqual(fromExample, builtIn, "the example's values are the real defaults")
    }
}
