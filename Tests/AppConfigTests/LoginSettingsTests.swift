import AppConfig
import Foundation
import XCTest

/// `client_id` and `auth_url` (issue 31 part 1): the Client Id from `--client-id`, else `STACKTERM_CLIENT_ID`, else
/// the file (a string or a bare number); the dialog's address from `--auth-url`, else the file, else none (the
/// login uses Stack Exchange's own).
final class LoginSettingsTests: XCTestCase {
    private func settings(_ file: String = "", flag: String? = nil, variable: String? = nil,
                          authFlag: String? = nil) throws -> EffectiveSettings {
        var commandLine = CommandLineSettings()
        commandLine.clientID = flag
        commandLine.authURL = authFlag.flatMap(SettingRules.authURL)
        let environment = variable.map { ["STACKTERM_CLIENT_ID": $0] } ?? [:]
        return EffectiveSettings(commandLine: commandLine, environment: environment,
                                 config: try ConfigParser.parse(file, file: "config.toml"))
    }

    func testNoneByDefault() throws {
        XCTAssertNil(try settings().clientID)
        XCTAssertNil(try settings().authURL)
    }

    func testTheFileTakesAStringOrANumber() throws {
        XCTAssertEqual(try settings("client_id = \"12345\"").clientID, "12345")
        XCTAssertEqual(try settings("client_id = 12345").clientID, "12345")
        XCTAssertNil(try settings("client_id = \"  \"").clientID, "blank is none")
    }

    func testFlagBeatsVariableBeatsFile() throws {
        XCTAssertEqual(try settings("client_id = 1", variable: "2").clientID, "2")
        XCTAssertEqual(try settings("client_id = 1", flag: "3", variable: "2").clientID, "3")
        XCTAssertEqual(try settings("client_id = 1", variable: "").clientID, "1", "an empty variable counts as unset")
    }

    func testAuthURLFromFlagOrFile() throws {
        let file = "auth_url = \"http://127.0.0.1:9/oauth/dialog\""
        XCTAssertEqual(try settings(file).authURL?.absoluteString, "http://127.0.0.1:9/oauth/dialog")
        XCTAssertEqual(try settings(file, authFlag: "https://example.com/oauth/dialog").authURL?.absoluteString,
                       "https://example.com/oauth/dialog")
    }

    func testBadValuesNameTheirLine() {
        XCTAssertThrowsError(try ConfigParser.parse("site = \"beer\"\nauth_url = \"ftp://x/\"", file: "config.toml")) {
            XCTAssertEqual("\($0)", "config.toml:2: auth_url: \"ftp://x/\" is not an http(s) address such as https://stackoverflow.com/oauth/dialog")
        }
        XCTAssertThrowsError(try ConfigParser.parse("client_id = true", file: "config.toml")) {
            XCTAssertEqual("\($0)", "config.toml:1: client_id must be a string or an integer, not a bool")
        }
        XCTAssertNil(SettingRules.authURL("https://stackoverflow.com/oauth/dialog#x"), "no fragment")
    }
}
