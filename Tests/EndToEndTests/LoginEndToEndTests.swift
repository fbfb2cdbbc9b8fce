import Foundation
import TestSupport
import XCTest

/// `stackterm login`, `whoami` and `logout` (issue 31 parts 1, 2 and 7) run for real against the double: the paste of
/// the address the dialog lands on and of a bare token, a revoked token, logout, no application set up, a token file
/// others can read; and the token's bytes in exactly one file under HOME, of mode 0600.
final class LoginEndToEndTests: XCTestCase, StacktermRunning {
    private var double: DoubleProcess!
    private var home: URL!
    private var scratch: URL!
    private var browser: FakeBrowser!

    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
        home = try temporaryFolder("stackterm-login-home")
        scratch = try temporaryFolder("stackterm-login-scratch")
        browser = try FakeBrowser()
    }

    override func tearDown() {
        double?.stop()
        browser?.remove()
    }

    /// HOME is the test's folder, the token file under it; the fake browser records what login opens.
    var runEnvironment: [String: String?] {
        ["HOME": home.path, "XDG_CONFIG_HOME": nil, "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
         "STACKTERM_API_KEY": nil, "STACKTERM_CLIENT_ID": nil, "BROWSER": browser.path]
    }

    private var api: [String] { ["--api-base-url", double.baseURL.absoluteString, "--api-key", "test-key"] }
    private var dialog: URL { double.url("/oauth/dialog") }
    private var tokenFile: URL { home.appendingPathComponent(".config/stackterm/token") }

    /// `stackterm login` with the application set up, `pasted` typed at its prompt.
    private func login(pasting pasted: String, _ extra: [String] = []) throws -> AccountRun {
        try stacktermWithInput(["login", "--client-id", "4242", "--auth-url", dialog.absoluteString] + api + extra,
                               input: pasted + "\n", environment: runEnvironment, scratch: scratch)
    }

    /// What the browser lands on once the user approves the dialog: the consent page, then its form's redirect.
    private func landingAddress() async throws -> String {
        let page = try LoopbackHTTP.get(double.url("/oauth/dialog?client_id=4242&scope=read_inbox%20no_expiry"
            + "&redirect_uri=https%3A%2F%2Fstackexchange.com%2Foauth%2Flogin_success"))
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("4242"), "the consent page names the client")
        let answer = try await postWithoutRedirect(double.url("/oauth/dialog/approve"), form: "client_id=4242"
            + "&scope=read_inbox+no_expiry&redirect_uri=https%3A%2F%2Fstackexchange.com%2Foauth%2Flogin_success&user=Ada+Lovelace&decision=approve")
        XCTAssertEqual(answer.status, 302)
        return try XCTUnwrap(answer.location)
    }

    /// A token the double issued for `user` without the dialog.
    private func issuedToken(user: String) throws -> String {
        let reply = try LoopbackHTTP.get(double.url("/_double/tokens?user=\(user)"))
        let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        return try XCTUnwrap(object?["access_token"] as? String)
    }

    private func assertTokenOnlyInItsFile(_ token: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(filesHolding(token, under: home).map(\.standardizedFileURL.path), [tokenFile.standardizedFileURL.path],
                       "the token's bytes are in the token file alone", file: file, line: line)
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, file: file, line: line)
    }

    func testLoginByPastingTheLandingAddress() async throws {
        let landing = try await landingAddress()
        let token = String(try XCTUnwrap(landing.split(separator: "=").dropFirst().first))
        let run = try login(pasting: landing)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.hasPrefix("logged in as Ada Lovelace on stackoverflow (user "), run.output)
        XCTAssertTrue(run.errors.contains("open this address in a browser") || run.errors.contains("Open this address in a browser"), run.errors)
        XCTAssertFalse(run.output.contains(token) || run.errors.contains(token), "the token is never printed")
        let opened = try XCTUnwrap(browser.waitForLaunches(1)?.first?.arguments.last)
        XCTAssertTrue(opened.hasPrefix(dialog.absoluteString + "?client_id=4242&scope=read_inbox%20write_access"), opened)
        XCTAssertFalse(browser.launches().flatMap(\.arguments).contains { $0.contains(token) }, "not in the browser's argv")
        try assertTokenOnlyInItsFile(token)
        let log = try double.requestLog()
        XCTAssertTrue(log.contains { $0.hasPrefix("GET /2.3/access-tokens/") }, "\(log)")
        XCTAssertTrue(log.contains { $0.hasPrefix("GET /2.3/me?") && $0.contains("access_token=") }, "\(log)")

        let whoami = try stackterm(["whoami"])
        XCTAssertEqual(whoami.status, 0, whoami.errors)
        XCTAssertTrue(whoami.output.hasPrefix("Ada Lovelace on stackoverflow (user "), whoami.output)
    }

    func testLoginByBareTokenOnAnotherSite() throws {
        let token = try issuedToken(user: "Bare+Token")
        let run = try login(pasting: token, ["--site", "cardano"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.hasPrefix("logged in as Bare Token on cardano"), run.output)
        try assertTokenOnlyInItsFile(token)
        XCTAssertEqual(try stackterm(["whoami", "--check"] + api).status, 0)
    }

    func testARevokedTokenIsSaidSoByWhoamiCheck() throws {
        let token = try issuedToken(user: "Revoked")
        XCTAssertEqual(try login(pasting: token).status, 0)
        _ = try LoopbackHTTP.get(double.url("/_double/tokens/revoke?token=\(token)"))
        XCTAssertEqual(try stackterm(["whoami"]).status, 0, "without --check: what the file says")
        let check = try stackterm(["whoami", "--check"] + api)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.errors.contains("the token was revoked or expired: run stackterm login"), check.errors)
        let again = try login(pasting: token)
        XCTAssertEqual(again.status, 1, "a revoked token does not log in")
        XCTAssertTrue(again.errors.contains("does not know that token"), again.errors)
    }

    func testLogoutRevokesAndDeletes() throws {
        let token = try issuedToken(user: "Leaving")
        XCTAssertEqual(try login(pasting: token).status, 0)
        let logout = try stackterm(["logout"] + api)
        XCTAssertEqual(logout.status, 0, logout.errors)
        XCTAssertTrue(logout.output.hasPrefix("logged out Leaving on stackoverflow"), logout.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tokenFile.path))
        XCTAssertTrue(try double.requestLog().contains("GET /2.3/apps/\(token)/de-authenticate?key=test-key"))
        let whoami = try stackterm(["whoami"])
        XCTAssertEqual(whoami.status, 1)
        XCTAssertTrue(whoami.output.hasPrefix("nobody is logged in"), whoami.output)
        XCTAssertEqual(try stackterm(["logout"] + api).output, "nobody is logged in\n")
        XCTAssertEqual(filesHolding(token, under: home), [])
    }

    func testLoggingInAgainRevokesTheTokenItReplaces() throws {
        let first = try issuedToken(user: "First+Login")
        XCTAssertEqual(try login(pasting: first).status, 0)
        let second = try issuedToken(user: "Second+Login")
        let again = try login(pasting: second)
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(again.output.hasPrefix("logged in as Second Login"), again.output)
        XCTAssertTrue(again.output.contains("the previous login of First Login on stackoverflow"), again.output)
        XCTAssertTrue(try double.requestLog().contains("GET /2.3/apps/\(first)/de-authenticate?key=test-key"))
        XCTAssertFalse(try double.requestLog().contains { $0.contains("/apps/\(second)/") }, "the new token stays")
        try assertTokenOnlyInItsFile(second)
        XCTAssertEqual(filesHolding(first, under: home), [])
        XCTAssertEqual(try stackterm(["whoami", "--check"] + api).status, 0, "the new login works")

        let same = try login(pasting: second)
        XCTAssertEqual(same.status, 0, same.errors)
        XCTAssertFalse(same.output.contains("previous login"), "the same token again revokes nothing: \(same.output)")
    }

    func testLogoutWithoutTheServerStillDeletes() throws {
        XCTAssertEqual(try login(pasting: try issuedToken(user: "Offline")).status, 0)
        let logout = try stackterm(["logout", "--api-base-url", "http://127.0.0.1:9/2.3", "--api-key", "k"])
        XCTAssertEqual(logout.status, 0, logout.errors)
        XCTAssertTrue(logout.errors.contains("the server was not told"), logout.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tokenFile.path))
    }

    func testLoginWithoutAnApplicationExplainsAndExitsWithTwo() throws {
        let run = try stacktermWithInput(["login"] + api, input: "whatever\n", environment: runEnvironment, scratch: scratch)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.errors.contains("https://stackapps.com/apps/oauth/register"), run.errors)
        XCTAssertTrue(run.errors.contains("client_id = \"12345\""), run.errors)
        XCTAssertEqual(browser.launches().count, 0, "nothing opened")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tokenFile.path))
    }

    func testDeclinedOrGarbledPastesSaveNothing() throws {
        let declined = try login(pasting: "https://stackexchange.com/oauth/login_success#error=access_denied&error_description=no")
        XCTAssertEqual(declined.status, 1)
        XCTAssertTrue(declined.errors.contains("you declined"), declined.errors)
        XCTAssertEqual(try login(pasting: "not a token").status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tokenFile.path))
    }

    func testATokenFileOthersCanReadIsRefusedButLogoutRevokesIt() throws {
        let token = try issuedToken(user: "Careless")
        XCTAssertEqual(try login(pasting: token).status, 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tokenFile.path)
        let whoami = try stackterm(["whoami"])
        XCTAssertEqual(whoami.status, 3)
        XCTAssertTrue(whoami.errors.contains("mode 0644") && whoami.errors.contains("chmod 600"), whoami.errors)
        XCTAssertEqual(try stackterm(["logout"] + api).status, 0)
        XCTAssertTrue(try double.requestLog().contains { $0.contains("/apps/\(token)/de-authenticate") })
        XCTAssertFalse(FileManager.default.fileExists(atPath: tokenFile.path))
    }
}
