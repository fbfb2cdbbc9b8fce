import AppConfig
import Foundation
import XCTest

/// `live_refresh_s` (issue 20 parts 3 and 4): the seconds between two polls when the live socket cannot be had —
/// 60 with an API key, 300 without, the file's value over both, 1 to 86,400.
final class LiveRefreshSettingsTests: XCTestCase {
    private func refresh(_ file: String = "", key: String? = nil) throws -> Int {
        let config = try ConfigParser.parse(file, file: "config.toml")
        return EffectiveSettings(commandLine: CommandLineSettings(apiKey: key), environment: [:], config: config).liveRefreshSeconds
    }

    func testTheDefaultDependsOnTheAPIKey() throws {
        XCTAssertEqual(try refresh(), 300)
        XCTAssertEqual(try refresh(key: "abc"), 60)
        XCTAssertEqual(try refresh("api_key = \"abc\""), 60)
    }

    func testTheFilesValueWins() throws {
        XCTAssertEqual(try refresh("live_refresh_s = 2"), 2)
        XCTAssertEqual(try refresh("live_refresh_s = 600", key: "abc"), 600)
    }

    func testOutOfRangeOrNotANumberIsAConfigError() {
        for text in ["live_refresh_s = 0", "live_refresh_s = 86401", "live_refresh_s = \"fast\""] {
            XCTAssertThrowsError(try ConfigParser.parse(text, file: "config.toml"), text) { error in
                XCTAssertTrue("\(error)".contains("live_refresh_s"), "\(error)")
            }
        }
    }
}
