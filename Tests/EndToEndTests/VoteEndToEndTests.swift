import Foundation
import TestSupport
import XCTest

/// Votes, bookmarks and accepts in the real browser against the double (issue 31, part 4): logged in by
/// `stackterm login` with a token the double issued, `+` upvotes Cardano question 5 (CC BY-SA, shared data) and
/// `+` again takes the vote back, `f` bookmarks it and `F` lists it, the question's owner is refused a vote on it and accepts an
/// answer, a revoked login says to log in again. Every write is checked in the double's write log, and the token's
/// bytes are in one file under HOME and in no process's arguments.
final class VoteEndToEndTests: StacktermTestCase {
    static let link = "https://cardano.stackexchange.com/q/5"
    private var home: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        home = try temporaryFolder("stackterm-vote-home")
    }

    private var tokenFile: URL { home.appendingPathComponent(".config/stackterm/token") }
    private var environment: [String: String] {
        ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path, "STACKTERM_API_KEY": "test-key"]
    }

    /// Logs `user` in through `stackterm login` (the bare token pasted at its prompt); returns the token.
    @discardableResult
    private func logIn(_ user: String) throws -> String {
        let reply = try LoopbackHTTP.get(double.url("/_double/tokens?user=\(user.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"))
        let token = try XCTUnwrap((try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])?["access_token"] as? String)
        let run = try stacktermWithInput(
            ["login", "--client-id", "4242", "--auth-url", double.url("/oauth/dialog").absoluteString,
             "--api-base-url", double.baseURL.absoluteString, "--site", "cardano"],
            input: token + "\n", environment: environment.mapValues { $0 }, scratch: home)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        return token
    }

    /// The double's write log: method, path and the user the token belonged to, in order.
    private func writes() throws -> [String] {
        let reply = try LoopbackHTTP.get(double.url("/_double/writes"))
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]])
        return list.map { write in
            let fields = write["fields"] as? [String: Any]
            return "\(write["method"] ?? "?") \(write["path"] ?? "?") \(fields?["access_token"] ?? "-") \(write["status"] ?? "?")"
        }
    }

    private func openQuestion() throws -> TmuxSession {
        let tmux = try launch([Self.link], environment: environment)
        XCTAssertTrue(tmux.waitFor(text: "How are NFTs being minted", timeout: 20), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/"), tmux.screenDump())
        return tmux
    }

    func testAnUpvoteIsSentOnceShownAndTakenBackAndABookmarkToo() throws {
        let token = try logIn("eddex")
        let tmux = try openQuestion()
        try tmux.sendKeys(.text("+"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Upvoted the question (score") }, tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "you upvoted"), "the header shows the vote:\n\(tmux.screenDump())")
        XCTAssertEqual(try processesHolding(token), [], "the token is in no process's arguments")
        try tmux.sendKeys(.text("+"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Vote on the question taken back") }, tmux.screenDump())
        try tmux.sendKeys(.text("f"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Bookmarked the question") }, tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "★ bookmarked"), tmux.screenDump())
        try tmux.sendKeys(.text("F"))
        XCTAssertTrue(tmux.waitFor(text: "cardano · your bookmarks"), tmux.screenDump())
        XCTAssertTrue(tmux.waitUntil { $0.joined().contains("How are NFTs being minted") && $0.statusSays("1 bookmark") },
                      "the bookmark listed from /me/favorites:\n\(tmux.screenDump())")
        try quit(tmux)
        XCTAssertEqual(try writes(), ["POST /questions/5/upvote user:eddex 200", "POST /questions/5/upvote/undo user:eddex 200",
                                      "POST /questions/5/favorite user:eddex 200"], "each key sent one write, with the token")
        XCTAssertEqual(filesHolding(token, under: home).map(\.standardizedFileURL.path), [tokenFile.standardizedFileURL.path],
                       "the token's bytes are in the token file alone")
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testAVoteCastBeforeShowsWhenTheQuestionOpensAndTheSameKeyTakesItBack() async throws {
        let token = try logIn("eddex")
        // A vote cast elsewhere (the web site, another run) on the question: the API knows it, the session does not.
        let cast = try await postForm(double.baseURL.appendingPathComponent("questions/5/upvote"), "site=cardano&key=test-key&access_token="
            + token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        XCTAssertEqual(cast, 200)
        let tmux = try openQuestion()
        XCTAssertTrue(tmux.waitFor(text: "you upvoted"), "the vote the API knows, shown on opening:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("+"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Vote on the question taken back") }, tmux.screenDump())
        try quit(tmux)
        XCTAssertEqual(try writes(), ["POST /questions/5/upvote user:eddex 200", "POST /questions/5/upvote/undo user:eddex 200"])
    }

    /// The status of a form POST to the double.
    private func postForm(_ url: URL, _ form: String) async throws -> Int {
        try await postWithoutRedirect(url, form: form).status
    }

    func testTheOwnerIsRefusedAVoteOnTheirQuestionAndAcceptsAnAnswer() throws {
        try logIn("raghu")
        let tmux = try openQuestion()
        try tmux.sendKeys(.text("+"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Vote not counted: You can't vote for your own post.") }, tmux.screenDump())
        try tmux.sendKeys(.text("]"))
        XCTAssertTrue(tmux.waitUntil { $0.dropFirst().first?.contains("── Answer 1/3") == true }, "the first answer on top:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("X"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Accepted answer") }, tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "✓ accepted"), tmux.screenDump())
        try quit(tmux)
        let sent = try writes()
        XCTAssertEqual(sent.count, 2, "\(sent)")
        XCTAssertEqual(sent.first, "POST /questions/5/upvote user:raghu 400")
        XCTAssertTrue(sent.last?.hasPrefix("POST /answers/") == true && sent.last?.hasSuffix("/accept user:raghu 200") == true, "\(sent)")
    }

    func testARevokedLoginSaysToLogInAgainAndNobodyLoggedInIsToldHow() throws {
        let token = try logIn("Mitchell Turner")
        _ = try LoopbackHTTP.get(double.url("/_double/tokens/revoke?token=\(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"))
        var tmux = try openQuestion()
        try tmux.sendKeys(.text("-"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("your login no longer works (expired or revoked) — run stackterm login") },
                      tmux.screenDump())
        try quit(tmux)
        try FileManager.default.removeItem(at: tokenFile)
        tmux = try openQuestion()
        try tmux.sendKeys(.text("f"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("To bookmark, log in first: quit and run stackterm login") }, tmux.screenDump())
        try quit(tmux)
        XCTAssertEqual(try writes(), ["POST /questions/5/downvote user:Mitchell Turner 400"], "nothing sent without a login")
    }
}
