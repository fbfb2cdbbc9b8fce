import StackAuth
import XCTest

/// The registration help names the page, the form's choices and both settings in each of their forms.
final class AppRegistrationHelpTests: XCTestCase {
    func testItNamesThePageAndBothSettings() {
        let text = AppRegistrationHelp.text(configPath: "~/.config/stackterm/config.toml")
        for needed in [
            "https://stackapps.com/apps/oauth/register", "OAuth Domain: stackexchange.com", "\"Enable Client Side OAuth Flow\"",
            "Disable Desktop Application OAuth", "client_id = \"12345\"", "api_key = ", "--client-id", "--api-key",
            "STACKTERM_CLIENT_ID", "STACKTERM_API_KEY", "~/.config/stackterm/config.toml", "stackterm login again",
        ] {
            XCTAssertTrue(text.contains(needed), "missing \(needed):\n\(text)")
        }
        XCTAssertTrue(text.hasSuffix("\n"))
    }

    func testTheSettingNamesFollowTheAPIKey() {
        XCTAssertEqual(AppRegistrationHelp.clientIDSetting.key, "client_id")
        XCTAssertEqual(AppRegistrationHelp.clientIDSetting.flag, "--client-id")
        XCTAssertEqual(AppRegistrationHelp.clientIDSetting.variable, "STACKTERM_CLIENT_ID")
        XCTAssertEqual(AppRegistrationHelp.keySetting.key, "api_key")
        XCTAssertEqual(AppRegistrationHelp.keySetting.flag, "--api-key")
        XCTAssertEqual(AppRegistrationHelp.keySetting.variable, "STACKTERM_API_KEY")
    }

    func testAnExistingKeyIsMentioned() {
        XCTAssertTrue(AppRegistrationHelp.text(configPath: "c", hasKey: true).contains("api_key is already set"))
        XCTAssertFalse(AppRegistrationHelp.text(configPath: "c", hasKey: false).contains("already set"))
    }

    func testTheLinesFitATerminal() {
        for line in AppRegistrationHelp.lines(configPath: "~/.config/stackterm/config.toml") {
            XCTAssertLessThanOrEqual(line.count, 100, line)
        }
    }
}
