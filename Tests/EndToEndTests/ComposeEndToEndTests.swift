import Foundation
import TestSupport
import XCTest

/// Answers and comments written in `$EDITOR` (issue 31, parts 5 and 6) in the real browser against the double, with
/// a scripted editor: the preview shows in the thread and Enter sends it once; a draft survives a failed send
/// (HTTP 500) and a SIGKILL, and the next `W` reopens it; a comment on the question.
final class ComposeEndToEndTests: StacktermTestCase {
    static let link = "https://cardano.stackexchange.com/q/5"
    static let answerText = "You can mint an NFT as a native asset: lock the minting policy after one token is minted."
    private var home: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        home = try temporaryFolder("stackterm-compose-home")
    }

    /// HOME, config and data under the test's folder (the store outlives a relaunch), `editor` as `$EDITOR`.
    private func environment(editor: URL) -> [String: String] {
        ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
         "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path, "STACKTERM_API_KEY": "test-key",
         "EDITOR": editor.path, "VISUAL": ""]
    }

    /// A scripted editor: it copies the file it is opened on to `seen`, then appends `text` (nothing when nil).
    private func editor(appending text: String?, seen: String = "seen.md") throws -> URL {
        let script = home.appendingPathComponent("editor-\(UUID().uuidString).sh")
        let append = text.map { "printf '%s\\n' '\($0.replacingOccurrences(of: "'", with: "'\\''"))' >> \"$1\"" } ?? ""
        try "#!/bin/sh\ncat \"$1\" > '\(home.appendingPathComponent(seen).path)'\n\(append)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        return script
    }

    private func logIn(_ user: String) throws {
        let reply = try LoopbackHTTP.get(double.url("/_double/tokens?user=\(user)"))
        let token = try XCTUnwrap((try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])?["access_token"] as? String)
        let run = try stacktermWithInput(
            ["login", "--client-id", "4242", "--auth-url", double.url("/oauth/dialog").absoluteString,
             "--api-base-url", double.baseURL.absoluteString, "--site", "cardano"],
            input: token + "\n", environment: environment(editor: URL(fileURLWithPath: "/bin/true")).mapValues { $0 }, scratch: home)
        XCTAssertEqual(run.status, 0, run.output + run.errors)
    }

    /// The double's write log: `path status`, in order.
    private func writes() throws -> [String] {
        let reply = try LoopbackHTTP.get(double.url("/_double/writes"))
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]])
        return list.map { "\($0["path"] ?? "?") \((($0["fields"] as? [String: Any])?["preview"] as? String) == "true" ? "preview " : "")\($0["status"] ?? "?")" }
    }

    private func openQuestion(editor: URL) throws -> TmuxSession {
        let tmux = try launch([Self.link], environment: environment(editor: editor))
        XCTAssertTrue(tmux.waitFor(text: "How are NFTs being minted", timeout: 20), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "Answer 1/"), tmux.screenDump())
        return tmux
    }

    func testAnAnswerIsPreviewedInTheThreadAndEnterPostsItOnce() throws {
        try logIn("eddex")
        let tmux = try openQuestion(editor: try editor(appending: Self.answerText))
        try tmux.sendKeys(.text("W"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Preview of your answer at the end: Enter sends it") }, tmux.screenDump())
        let seen = try String(contentsOf: home.appendingPathComponent("seen.md"), encoding: .utf8)
        XCTAssertTrue(seen.hasPrefix("<!-- stackterm: your answer to \"How are NFTs being minted"), seen)
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Your answer is posted (answer 9000000") }, tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "Answer 4/4"), "the new answer in its place:\n\(tmux.screenDump())")
        XCTAssertTrue(tmux.waitFor(text: "lock the minting policy after one token"), tmux.screenDump())
        try quit(tmux)
        XCTAssertEqual(try writes(), ["/questions/5/answers/add preview 200", "/questions/5/answers/add 200"])
    }

    func testADraftSurvivesAFailedSendAndAKillAndIsPostedOnceAfter() throws {
        try logIn("eddex")
        var tmux = try openQuestion(editor: try editor(appending: Self.answerText))
        try tmux.sendKeys(.text("W"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Preview of your answer") }, tmux.screenDump())
        try double.setFaults("path=/questions/5/answers/add&status=500&count=1")
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Not sent: HTTP 500 from the server — your draft is kept") },
                      tmux.screenDump())
        try sendSignal("KILL")
        XCTAssertTrue(tmux.waitFor(text: "EXIT=137"), tmux.screenDump())
        tmux.kill()
        tmux = try openQuestion(editor: try editor(appending: nil, seen: "reopened.md"))
        try tmux.sendKeys(.text("W"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Preview of your answer") }, tmux.screenDump())
        let reopened = try String(contentsOf: home.appendingPathComponent("reopened.md"), encoding: .utf8)
        XCTAssertTrue(reopened.contains(Self.answerText), "the draft came back after the kill:\n\(reopened)")
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Your answer is posted") }, tmux.screenDump())
        try quit(tmux)
        XCTAssertEqual(try writes(), ["/questions/5/answers/add preview 200", "/questions/5/answers/add 500",
                                      "/questions/5/answers/add preview 200", "/questions/5/answers/add 200"],
                       "sent once more only when the reader pressed Enter again")
    }

    func testACommentOnTheQuestion() throws {
        try logIn("eddex")
        let tmux = try openQuestion(editor: try editor(appending: "Which era introduced native assets, Mary?"))
        try tmux.sendKeys(.text("C"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Preview of your comment at the end") }, tmux.screenDump())
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { $0.statusSays("Your comment is posted") }, tmux.screenDump())
        try quit(tmux)
        XCTAssertEqual(try writes(), ["/posts/5/comments/add preview 200", "/posts/5/comments/add 200"])
    }
}
