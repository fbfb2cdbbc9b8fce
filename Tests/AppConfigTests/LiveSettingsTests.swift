import AppConfig
import Foundation
import StackAPI
import XCTest

/// `live`, `live_url`, `--no-live`, `--live-url` (issue 20 part 6): on by default, with Stack Exchange's socket for
/// Stack Exchange's API; another API host has no socket unless one is named (live then polls it); flags over the file.
final class LiveSettingsTests: XCTestCase {
    private func settings(_ file: String = "", live: Bool? = nil, url: String? = nil, api: String? = nil) throws -> EffectiveSettings {
        var commandLine = CommandLineSettings(apiBaseURL: api.flatMap(URL.init(string:)))
        commandLine.live = live
        commandLine.liveURL = url
        let config = try ConfigParser.parse(file, file: "config.toml")
        return EffectiveSettings(commandLine: commandLine, environment: [:], config: config)
    }

    private func liveURL(_ file: String = "", live: Bool? = nil, url: String? = nil, api: String? = nil) throws -> String? {
        try settings(file, live: live, url: url, api: api).liveURL
    }

    func testOnByDefaultWithStackExchangesSocket() throws {
        XCTAssertEqual(try liveURL(), "wss://qa.sockets.stackexchange.com/")
    }

    func testAnotherAPIHostHasNoSocketUnlessOneIsNamedAndLiveStaysOnToPollIt() throws {
        XCTAssertNil(try liveURL(api: "http://127.0.0.1:8080/2.3"))
        XCTAssertTrue(try settings(api: "http://127.0.0.1:8080/2.3").live, "no socket: live polls the API")
        XCTAssertFalse(try settings("live = false", api: "http://127.0.0.1:8080/2.3").live)
        XCTAssertFalse(try settings(live: false, api: "http://127.0.0.1:8080/2.3").live)
        XCTAssertEqual(try liveURL(url: "ws://127.0.0.1:8080/", api: "http://127.0.0.1:8080/2.3"), "ws://127.0.0.1:8080/")
        XCTAssertEqual(try liveURL("live_url = \"ws://127.0.0.1:9/\"", api: "http://127.0.0.1:8080/2.3"), "ws://127.0.0.1:9/")
    }

    func testOffInTheFileOrByTheFlagAndTheFlagsWin() throws {
        XCTAssertNil(try liveURL("live = false"))
        XCTAssertFalse(try settings("live = false").live)
        XCTAssertTrue(try settings("live = false", url: "ws://127.0.0.1:9/").live)
        XCTAssertNil(try liveURL("live_url = \"ws://127.0.0.1:9/\"", live: false), "--no-live wins over the file's socket")
        XCTAssertEqual(try liveURL("live = false", url: "ws://127.0.0.1:9/"), "ws://127.0.0.1:9/", "--live-url turns it on")
        XCTAssertEqual(try liveURL("live_url = \"ws://127.0.0.1:9/\"", url: "wss://mirror.example/"), "wss://mirror.example/")
    }

    func testALiveURLThatIsNoSocketIsAConfigError() {
        XCTAssertThrowsError(try ConfigParser.parse("live_url = \"https://example.com/\"", file: "config.toml")) { error in
            XCTAssertTrue("\(error)".contains("live_url"), "\(error)")
        }
        XCTAssertTrue(SettingRules.isLiveURL("wss://qa.sockets.stackexchange.com/"))
        XCTAssertFalse(SettingRules.isLiveURL("ws://"))
    }

    func testWatchTagsAndBell() throws {
        let config = try ConfigParser.parse("watch_tags = [\"Swift\", \"nft\"]\nbell = false", file: "config.toml")
        let settings = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: config)
        XCTAssertEqual(settings.watchTags, ["swift", "nft"])
        XCTAssertFalse(settings.bell)
        let defaults = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: ConfigFile())
        XCTAssertEqual(defaults.watchTags, [])
        XCTAssertTrue(defaults.bell)
        XCTAssertEqual(try ConfigParser.parse("watch_tags = \"plutus;nft\"", file: "c.toml").settings.watchTags, ["plutus", "nft"])
        XCTAssertThrowsError(try ConfigParser.parse("watch_tags = 3", file: "config.toml")) { error in
            XCTAssertTrue("\(error)".contains("watch_tags"), "\(error)")
        }
    }

    /// Watched tags: what `w` left in the store beats the file's `watch_tags` (as a remembered sort beats the file's);
    /// nothing remembered keeps the file's; an empty list remembered unwatches them.
    func testRememberedWatchedTagsBeatTheFilesAndNoneRememberedKeepsThem() throws {
        func watched(remembered: [String]?) throws -> [String] {
            let config = try ConfigParser.parse("watch_tags = [\"Plutus\", \"nft\"]", file: "config.toml")
            var settings = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: config)
            settings.restore(commandLine: CommandLineSettings(), lastSite: nil, watchedTags: remembered) { _ in (nil, nil) }
            return settings.watchTags
        }
        XCTAssertEqual(try watched(remembered: nil), ["plutus", "nft"])
        XCTAssertEqual(try watched(remembered: ["swift"]), ["swift"])
        XCTAssertEqual(try watched(remembered: []), [])
    }
}
