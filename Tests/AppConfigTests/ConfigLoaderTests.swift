import AppConfig
import AppCore
import NIOConcurrencyHelpers
import TestSupport
import TextEngine
import XCTest

/// Finding and reading the file: XDG location, silence when absent, defaults plus an error when malformed.
final class ConfigLoaderTests: XCTestCase {
    private var temporary: TemporaryDirectory!
    private var directory: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryDirectory("stackterm-config")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("stackterm"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        temporary.remove()
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
        XCTAssertEqual(ConfigLoader.load(binary, required: false).error?.description, "config.toml: is not UTF-8 text")
    }

    // MARK: Things that are not config files

    /// The default config path (`$XDG_CONFIG_HOME/stackterm/config.toml`) under this test's folder.
    private var defaultPath: URL { directory.appendingPathComponent("stackterm/config.toml") }

    private func loadDefault() -> LoadedConfig {
        ConfigLoader.load(explicitPath: nil, environment: ["XDG_CONFIG_HOME": directory.path, "HOME": "/nonexistent"])
    }

    func testADirectoryAtTheConfigPathIsRefusedByName() throws {
        try FileManager.default.createDirectory(at: defaultPath, withIntermediateDirectories: true)
        let loaded = loadDefault()
        XCTAssertEqual(loaded.config, ConfigFile())
        XCTAssertEqual(loaded.startupMessage, "config.toml: is a directory — config ignored, using the defaults")
        XCTAssertEqual(ConfigFileReader.problem(atPath: defaultPath.path), "is a directory")
    }

    func testAFIFOAtTheConfigPathIsRefusedWithoutOpeningIt() throws {
        XCTAssertEqual(mkfifo(defaultPath.path, 0o600), 0, "mkfifo")
        // Nobody ever writes to the FIFO: a reader that opened it would wait for ever, so load on another thread.
        let result = NIOLockedValueBox<LoadedConfig?>(nil)
        let done = DispatchSemaphore(value: 0)
        let environment = ["XDG_CONFIG_HOME": directory.path, "HOME": "/nonexistent"]
        DispatchQueue.global().async {
            let loaded = ConfigLoader.load(explicitPath: nil, environment: environment)
            result.withLockedValue { $0 = loaded }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success else { return XCTFail("loading a FIFO config blocked") }
        XCTAssertEqual(result.withLockedValue { $0 }?.startupMessage,
                       "config.toml: is a FIFO (named pipe), not a regular file — config ignored, using the defaults")
        XCTAssertEqual(ConfigFileReader.problem(atPath: defaultPath.path), "is a FIFO (named pipe), not a regular file")
    }

    func testAFileOverOneMegabyteIsRefusedUnread() throws {
        let line = "# " + String(repeating: "x", count: 1_021) + "\n"  // 1 KB of valid TOML
        let text = "site = \"beer\"\n" + String(repeating: line, count: 1_024)
        try text.write(to: defaultPath, atomically: true, encoding: .utf8)
        XCTAssertGreaterThan(text.utf8.count, ConfigFileReader.maximumSize)
        let loaded = loadDefault()
        XCTAssertNil(loaded.config.settings.site)
        XCTAssertEqual(loaded.startupMessage,
                       "config.toml: is over 1 MB, too large for a config file — config ignored, using the defaults")
        guard case .unusable = ConfigFileReader.read(atPath: defaultPath.path) else { return XCTFail("read a file over 1 MB") }
    }

    func testAnUnreadableFileSaysPermissionDenied() throws {
        guard geteuid() != 0 else { throw XCTSkip("SKIPPED: root reads every file") }
        try "site = \"beer\"\n".write(to: defaultPath, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: defaultPath.path)
        XCTAssertEqual(loadDefault().startupMessage, "config.toml: permission denied — config ignored, using the defaults")
        XCTAssertEqual(ConfigFileReader.problem(atPath: defaultPath.path), "permission denied")
    }

    func testASymbolicLinkToAConfigFileIsFollowed() throws {
        let real = directory.appendingPathComponent("dotfiles.toml")
        try "site = \"beer\"\n".write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: defaultPath, withDestinationURL: real)
        XCTAssertEqual(loadDefault().config.settings.site, "beer")
    }

    func testARelativeHomeOrXDGConfigHomeIsNeverReadAndSaysSo() throws {
        XCTAssertNil(ConfigLocation.defaultPath(environment: ["HOME": "relative"]))
        XCTAssertNil(ConfigLocation.defaultPath(environment: [:]))
        XCTAssertEqual(ConfigLocation.notice(environment: ["HOME": "relative"]), "HOME is not an absolute path — no config file read")
        XCTAssertEqual(ConfigLocation.notice(environment: [:]), "HOME is not set — no config file read")
        XCTAssertEqual(ConfigLocation.notice(environment: ["XDG_CONFIG_HOME": "conf", "HOME": "/home/u"]),
                       "XDG_CONFIG_HOME is not an absolute path — ignored")
        XCTAssertNil(ConfigLocation.notice(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"]))
        let loaded = ConfigLoader.load(explicitPath: nil, environment: ["HOME": "relative"])
        XCTAssertNil(loaded.path)
        XCTAssertEqual(loaded.startupMessage, "HOME is not an absolute path — no config file read")
    }

    private static var example: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/config.example.toml")
    }

    /// `text` written to a temporary file and loaded as a config file.
    private func load(_ text: String) throws -> LoadedConfig {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-example-\(UUID().uuidString).toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return ConfigLoader.load(file, required: true)
    }

    func testTheExampleConfigParsesAndLeavesTheSiteSortTagsAndKeysOff() throws {
        let loaded = ConfigLoader.load(Self.example, required: true)
        XCTAssertNil(loaded.error, "\(loaded.error!)")
        XCTAssertTrue(loaded.config.keys.isEmpty, "every binding is left off")
        XCTAssertNil(loaded.config.settings.site, "the browser reopens where it was left")
        XCTAssertNil(loaded.config.settings.sort)
        XCTAssertNil(loaded.config.settings.tagged)
    }

    func testTheExampleWithEveryLineLeftOffTakenBackSpellsOutTheDefaults() throws {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        let taken = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.range(of: #"^# (site|sort|tagged|[a-zA-Z]+) = [\["]"#, options: .regularExpression) == nil ? line : line.dropFirst(2)
        }.joined(separator: "\n")
        let loaded = try load(taken)
        XCTAssertNil(loaded.error, "\(loaded.error!)")
        let config = loaded.config
        XCTAssertEqual(Set(config.keys.keys), Set(Command.allCases), "every command is listed")
        XCTAssertEqual(Set(config.colors.keys), Set(CellColor.allCases), "every colour role is listed")
        XCTAssertNotNil(config.settings.site)
        XCTAssertNotNil(config.settings.sort)
        XCTAssertNotNil(config.settings.tagged)
        XCTAssertNotNil(config.settings.pageSize)
        XCTAssertNotNil(config.settings.apiBaseURL)
        XCTAssertNotNil(config.settings.maxWidth)
        XCTAssertEqual(config.settings.storeMaxMB, SettingRules.defaultStoreMaxMB)
        XCTAssertTrue(text.contains("\napi_key = "), "api_key is shown too")
        let fromExample = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: config)
        let builtIn = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: ConfigFile())
        XCTAssertEqual(fromExample, builtIn, "the example's values are the real defaults")
    }

    /// The README's remap (`moveDown = ["n", "Down"]`) made on a copy of the example: `n` was `findNext`'s, which the
    /// copy no longer names, so the file is used (it was ignored whole as a clash before).
    func testTheReadmesRemapOnACopyOfTheExampleIsUsed() throws {
        let text = try String(contentsOf: Self.example, encoding: .utf8)
        let remapped = text.replacingOccurrences(of: "# moveDown = [\"j\", \"Down\"]", with: "moveDown = [\"n\", \"Down\"]")
        XCTAssertNotEqual(remapped, text)
        let loaded = try load(remapped)
        XCTAssertNil(loaded.error, "\(loaded.error!)")
        let keymap = loaded.config.keymap()
        XCTAssertEqual(keymap.command(for: .character("n")), .moveDown)
        XCTAssertNotEqual(keymap.command(for: .character("j")), .moveDown)
    }
}
