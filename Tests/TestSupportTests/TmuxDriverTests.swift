import Foundation
import TestSupport
import XCTest

/// Proves the tmux driver on small shell programs before end-to-end tests rely on it.
final class TmuxDriverTests: XCTestCase {
    private func session(_ script: String, width: Int = 60, height: Int = 12) throws -> TmuxSession {
        try XCTSkipUnless(TmuxSession.isAvailable, TmuxSession.unavailableMessage)
        return try TmuxSession(command: ["/bin/sh", "-c", script], width: width, height: height)
    }

    func testCaptureSendKeysAndExitStatus() throws {
        let tmux = try session(#"printf 'ready>\n'; read line; echo "got:$line"; read more; exit 3"#)
        XCTAssertTrue(tmux.waitFor(text: "ready>"), tmux.screenDump())
        XCTAssertTrue(tmux.isAlive)
        XCTAssertNil(tmux.exitStatus)

        try tmux.sendKeys(.text("hello wörld 中文"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "got:hello wörld 中文"), tmux.screenDump())
        XCTAssertEqual(try tmux.capture().first, "ready>")
        XCTAssertEqual(try tmux.capture().count, 12)

        try tmux.sendKeys(.key("Enter"))
        XCTAssertEqual(tmux.waitForExit(), 3, tmux.screenDump())
        XCTAssertFalse(tmux.isAlive)
    }

    func testNamedKeysReachTheProgram() throws {
        // `od -c` shows the bytes the keys sent: Escape is \033, C-c is byte 003 in raw mode.
        let tmux = try session(#"stty raw -echo; printf 'armed\r\n'; head -c 3 | od -An -c; stty sane; read x"#)
        XCTAssertTrue(tmux.waitFor(text: "armed"), tmux.screenDump())
        try tmux.sendKeys(.key("Escape"), .key("C-c"), .text("q"))
        XCTAssertTrue(tmux.waitFor(text: "033 003   q"), tmux.screenDump())
    }

    func testResizeChangesTheTerminalSize() throws {
        let tmux = try session(#"stty size; read x; stty size; read y"#, width: 60, height: 12)
        XCTAssertTrue(tmux.waitFor(text: "12 60"), tmux.screenDump())
        try tmux.resize(width: 40, height: 9)
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "9 40"), tmux.screenDump())
        XCTAssertEqual(try tmux.capture().count, 9)
    }

    func testPaneTitleFollowsOSCSequence() throws {
        let tmux = try session(#"printf '\033]2;stackterm-title-check\033\\'; echo titled; read x"#)
        XCTAssertTrue(tmux.waitFor(text: "titled"))
        XCTAssertEqual(try tmux.paneTitle(), "stackterm-title-check")
    }

    func testKillEndsTheSessionAndIsRepeatable() throws {
        let tmux = try session("sleep 30")
        XCTAssertTrue(tmux.isAlive)
        tmux.kill()
        tmux.kill()
        XCTAssertFalse(tmux.isAlive)
        XCTAssertThrowsError(try tmux.capture(), "the server is gone")
    }
}
