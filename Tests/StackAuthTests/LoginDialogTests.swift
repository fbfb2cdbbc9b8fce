import Foundation
import StackAuth
import XCTest

/// The dialog's address: parameters encoded, the base configurable and checked.
final class LoginDialogTests: XCTestCase {
    func testTheDefaultDialog() throws {
        let dialog = try LoginDialog(clientID: "12345")
        XCTAssertEqual(
            dialog.url.absoluteString,
            "https://stackoverflow.com/oauth/dialog?client_id=12345&scope=read_inbox%20write_access%20no_expiry%20private_info"
                + "&redirect_uri=https%3A%2F%2Fstackexchange.com%2Foauth%2Flogin_success")
    }

    func testTheParametersReadBackAsGiven() throws {
        let url = try LoginDialog(clientID: " 987 ").url
        let items = try XCTUnwrap(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        XCTAssertEqual(items.map(\.name), ["client_id", "scope", "redirect_uri"])
        XCTAssertEqual(items[0].value, "987")
        XCTAssertEqual(items[1].value, "read_inbox write_access no_expiry private_info")
        XCTAssertEqual(items[2].value, "https://stackexchange.com/oauth/login_success")
    }

    func testAnotherBaseForTestsAndTeams() throws {
        let local = try LoginDialog(clientID: "1", baseText: "http://127.0.0.1:8080/oauth/dialog")
        XCTAssertTrue(local.url.absoluteString.hasPrefix("http://127.0.0.1:8080/oauth/dialog?client_id=1&scope="))
        let teams = try LoginDialog(clientID: "1", baseText: "https://stackoverflowteams.com/c/acme/oauth/dialog?team=acme")
        XCTAssertTrue(teams.url.absoluteString.hasPrefix("https://stackoverflowteams.com/c/acme/oauth/dialog?team=acme&client_id=1&"),
                      teams.url.absoluteString)
    }

    func testABadBaseIsRefusedClearly() {
        let cases: [(String, String)] = [
            ("ftp://example.com/dialog", "must start with https://"),
            ("stackoverflow.com/oauth/dialog", "must start with https://"),
            ("https:///oauth/dialog", "has no host name"),
            ("https://example.com/dialog#x", "must not have a #fragment"),
            ("https://me:pw@example.com/dialog", "must not carry a user name or password"),
            ("", "is empty"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try LoginDialog(clientID: "1", baseText: text), text) { error in
                let message = (error as? LoginDialogError)?.message ?? ""
                XCTAssertTrue(message.contains(reason), "\(text): \(message)")
                XCTAssertTrue(message.hasPrefix("auth_url "), message)
            }
        }
    }

    func testTheClientIDIsChecked() {
        XCTAssertThrowsError(try LoginDialog(clientID: "  ")) { XCTAssertEqual($0 as? LoginDialogError, .missingClientID) }
        XCTAssertThrowsError(try LoginDialog(clientID: "12&scope=all")) { XCTAssertEqual($0 as? LoginDialogError, .badClientID) }
        XCTAssertThrowsError(try LoginDialog(clientID: String(repeating: "1", count: 65))) {
            XCTAssertEqual($0 as? LoginDialogError, .badClientID)
        }
        XCTAssertTrue(LoginDialogError.missingClientID.message.contains("client_id"))
    }

    func testAnEscapeInTheBaseIsNotEchoed() {
        let message = LoginDialogError.badBase("a\u{1B}[2Jb\u{202E}", reason: "r").message
        XCTAssertEqual(message, "auth_url \"a [2Jb \" r")
    }
}
