import Foundation
import TestSupport
import XCTest

/// Issue 31's held-out check, one session end to end as a new user would go: the login dialog approved in a
/// (fake) browser and its landing address pasted into `stackterm login`, a vote and an answer written in a
/// scripted editor in the browser, then `stackterm logout` — against the double's imitation of the API. Checked
/// at the end: each write reached the API once, and the token's bytes were only ever in the token file.
final class TakingPartHeldOutTests: StacktermTestCase {
    private var home: URL!
    private var browser: FakeBrowser!

    override func setUpWithError() throws {
        try super.setUpWithError()
        home = try temporaryFolder("stackterm-heldout-home")
        browser = try FakeBrowser()
    }

    override func tearDown() {
        browser?.remove()
        super.tearDown()
    }

    private var environment: [String: String] {
        ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
         "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "STACKTERM_API_KEY": "test-key",
         "BROWSER": browser.path, "EDITOR": home.appendingPathComponent("editor.sh").path, "VISUAL": ""]
    }

    private var api: [String] { ["--api-base-url", double.baseURL.absoluteString] }

    func testLogInVoteAnswerAndLogOut() async throws {
        let answer = "Native assets need no contract: a minting policy locked in time makes the token unique."
        try "#!/bin/sh\nprintf '%s\\n' '\(answer)' >> \"$1\"\n".write(to: home.appendingPathComponent("editor.sh"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.appendingPathComponent("editor.sh").path)
        // The dialog, as the browser would show it, approved as eddex; the address it lands on is pasted.
        let page = try LoopbackHTTP.get(double.url("/oauth/dialog?client_id=4242&scope=read_inbox%20write_access%20no_expiry"
            + "&redirect_uri=https%3A%2F%2Fstackexchange.com%2Foauth%2Flogin_success"))
        XCTAssertEqual(page.status, 200)
        let approved = try await postWithoutRedirect(double.url("/oauth/dialog/approve"), form: "client_id=4242"
            + "&scope=read_inbox+write_access+no_expiry&redirect_uri=https%3A%2F%2Fstackexchange.com%2Foauth%2Flogin_success"
            + "&user=eddex&decision=approve")
        let landing = try XCTUnwrap(approved.location)
        let token = String(try XCTUnwrap(landing.split(separator: "#").last?.split(separator: "&").first?.split(separator: "=").last))
        let login = try stacktermWithInput(["login", "--client-id", "4242", "--auth-url", double.url("/oauth/dialog").absoluteString,
                                            "--site", "cardano"] + api, input: landing + "\n",
                                           environment: environment.mapValues { $0 }, scratch: home)
        XCTAssertEqual(login.status, 0, login.errors)
        XCTAssertTrue(login.output.hasPrefix("logged in as eddex on cardano"), login.output)
        XCTAssertNotNil(browser.waitForLaunches(1), "login opened the dialog in the browser")

        let tmux = try launch(["https://cardano.stackexchange.com/q/5"], environment: environment)
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/", timeout: 20), tmux.screenDump())
        try tmux.sendKeys(.text("+"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Upvoted the question") }, tmux.screenDump())
        try tmux.sendKeys(.text("W"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Preview of your answer") }, tmux.screenDump())
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Your answer is posted") }, tmux.screenDump())
        XCTAssertEqual(try processesHolding(token), [], "the token is in no process's arguments")
        try quit(tmux)
        let tokenFile = home.appendingPathComponent(".config/stackterm/token")
        XCTAssertEqual(filesHolding(token, under: home).map(\.standardizedFileURL.path), [tokenFile.standardizedFileURL.path],
                       "after logging in, voting and answering, the token's bytes are in the token file alone (not the store)")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int, 0o600)

        let logout = try stacktermWithInput(["logout"] + api, input: "", environment: environment.mapValues { $0 }, scratch: home)
        XCTAssertEqual(logout.status, 0, logout.errors)
        let reply = try LoopbackHTTP.get(double.url("/_double/writes"))
        let writes = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]])
        XCTAssertEqual(writes.map { "\($0["path"] ?? "?") \($0["status"] ?? "?")" },
                       ["/questions/5/upvote 200", "/questions/5/answers/add 200", "/questions/5/answers/add 200"],
                       "one vote, one preview, one answer")
        XCTAssertEqual(filesHolding(token, under: home), [], "logged out: the token is in no file under HOME")
        XCTAssertFalse(browser.launches().flatMap(\.arguments).contains { $0.contains(token) }, "nor in the browser's arguments")
    }
}
