import Foundation
import TestSupport
import XCTest

/// The inbox (issue 31, part 3) against the double: items put in a user's inbox on two sites are counted on the
/// browser's status line, listed by `i` (Tab: the site's notifications beside it), and Enter opens another site's
/// item on that site; `stackterm print --inbox`
/// prints them (plain and `--json`); nobody logged in exits 1 saying what to do.
final class InboxEndToEndTests: XCTestCase {
    private var double: DoubleProcess!
    private var home: URL!

    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated()
        home = try temporaryFolder("stackterm-inbox-home")
    }

    override func tearDown() {
        double?.stop()
    }

    private var environment: [String: String?] {
        ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
         "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "STACKTERM_API_KEY": "test-key"]
    }

    private var api: [String] { ["--api-base-url", double.baseURL.absoluteString] }

    private func control(_ pathAndQuery: String) throws {
        let reply = try LoopbackHTTP.get(double.url(pathAndQuery))
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
    }

    /// `user` logged in through `stackterm login` with a token the double issued, two items in their inbox: an
    /// unread comment on Cardano question 5 and a new answer on Quantum Computing question 2155.
    private func loggedInWithTwoItems(_ user: String = "eddex") throws {
        let reply = try LoopbackHTTP.get(double.url("/_double/tokens?user=\(user)"))
        let token = try XCTUnwrap((try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])?["access_token"] as? String)
        let login = try stacktermWithInput(["login", "--client-id", "4242", "--auth-url", double.url("/oauth/dialog").absoluteString,
                                            "--site", "cardano"] + api, input: token + "\n", environment: environment, scratch: home)
        XCTAssertEqual(login.status, 0, login.output + login.errors)
        try control("/_double/inbox/add?user=\(user)&site=quantumcomputing&type=new_answer&question=2155&answer=2156")
        try control("/_double/inbox/add?user=\(user)&site=cardano&type=comment&question=5&body=Thanks%20for%20this")
    }

    func testPrintInboxListsTheItemsOfEverySiteNewestFirst() throws {
        try loggedInWithTwoItems()
        let plain = try stacktermWithInput(["print", "--inbox"] + api, input: "", environment: environment, scratch: home)
        XCTAssertEqual(plain.status, 0, plain.errors)
        let lines = plain.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, plain.output)
        XCTAssertTrue(lines.first?.hasPrefix("*  cardano  comment  How are NFTs being minted") == true, plain.output)
        XCTAssertTrue(lines.last?.hasPrefix("*  quantumcomputing  new answer  ") == true, plain.output)
        let json = try stacktermWithInput(["print", "--inbox", "--json"] + api, input: "", environment: environment, scratch: home)
        XCTAssertEqual(json.status, 0, json.errors)
        let objects = try json.output.split(separator: "\n").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        XCTAssertEqual(objects.map { $0["site"] as? String }, ["cardano", "quantumcomputing"])
        XCTAssertEqual(objects.first?["type"] as? String, "comment")
        XCTAssertEqual(objects.first?["question_id"] as? Int, 5)
        XCTAssertEqual(objects.first?["is_unread"] as? Bool, true)
        XCTAssertTrue((objects.first?["body"] as? String)?.contains("Thanks for this") == true, json.output)
    }

    func testPrintInboxWithoutALoginOrWithARevokedOneSaysWhatToDo() throws {
        let nobody = try stacktermWithInput(["print", "--inbox"] + api, input: "", environment: environment, scratch: home)
        XCTAssertEqual(nobody.status, 1)
        XCTAssertEqual(nobody.output, "")
        XCTAssertTrue(nobody.errors.contains("nobody is logged in: run stackterm login"), nobody.errors)
        try loggedInWithTwoItems("raghu")
        let token = try XCTUnwrap(String(contentsOf: home.appendingPathComponent(".config/stackterm/token"), encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("token=") }?.dropFirst(6))
        try control("/_double/tokens/revoke?token=\(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        let revoked = try stacktermWithInput(["print", "--inbox"] + api, input: "", environment: environment, scratch: home)
        XCTAssertEqual(revoked.status, 1)
        XCTAssertTrue(revoked.errors.contains("your login no longer works (expired or revoked) — run stackterm login"), revoked.errors)
    }

    func testTheStatusLineCountsTheUnreadAndEnterOpensAnItemOnItsOwnSite() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip(TmuxSession.unavailableMessage) }
        try loggedInWithTwoItems()
        let tmux = try StacktermSession.launch(baseURL: double.baseURL.absoluteString,
                                               environment: environment.compactMapValues { $0 })
        defer { tmux.kill() }
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.last?.contains("eddex ✉ 2") == true }, tmux.screenDump())
        try tmux.sendKeys(.text("i"))
        XCTAssertTrue(tmux.waitFor(text: "inbox · all sites"), tmux.screenDump())
        XCTAssertTrue(tmux.waitUntil { $0.joined().contains("How are NFTs being minted") && $0.joined().contains("quantumcomputing") },
                      tmux.screenDump())
        try control("/_double/notifications/add?user=eddex&site=cardano&type=badge_earned&body=You%20earned%20the%20Teacher%20badge")
        try tmux.sendKeys(.key("Tab"))
        XCTAssertTrue(tmux.waitFor(text: "notifications · cardano"), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "You earned the Teacher badge"), "the notification beside the inbox:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Tab"))
        XCTAssertTrue(tmux.waitFor(text: "inbox · all sites"), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "How are NFTs being minted"), tmux.screenDump())
        try tmux.sendKeys(.key("Down"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: MathEndToEndTests.matrixTop, timeout: 20),
                      "question 2155 opened on quantumcomputing:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitFor(text: "inbox · all sites"), "q comes back to the inbox:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0.first?.contains("quantumcomputing") == true }, "then to that site's list:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("Q"))
        XCTAssertTrue(tmux.waitFor(text: "EXIT=0"), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "TTY-RESTORED", timeout: 5), tmux.screenDump())
    }
}
