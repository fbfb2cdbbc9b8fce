import Foundation
import TestSupport
import XCTest

/// The binary at its edges: quitting while another process holds the store's lock, Esc while a hostile body is
/// laid out, and SIGUSR2.
final class EdgesEndToEndTests: StacktermTestCase {
    private var lock: StoreLock?

    override func tearDown() {
        lock?.release()
        super.tearDown()
    }

    func testQuitIsNotHeldByAStoreAnotherProcessKeepsLocked() throws {
        let dataHome = try temporaryFolder("stackterm-e2e-lock")
        let tmux = try launch(environment: ["XDG_DATA_HOME": dataHome.path])
        waitForList(tmux)
        guard StoreLock.executable != nil else { throw XCTSkip("SKIPPED: needs the sqlite3 shell to hold the store's lock (apt-get install sqlite3)") }
        lock = try StoreLock(path: dataHome.appendingPathComponent("stackterm/stackterm.sqlite").path)
        // Opening a question queues its read mark, its thread and its fetch time; each write would wait 5 s for the lock.
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "views · asked", timeout: 15), tmux.screenDump())
        // Waiting for the queued writes would take 5 s or more; the exit waits 50 ms for them.
        try quit(tmux, within: 4, "quit waited on the locked store")
    }

    func testEscWhileABodyIsLaidOutGoesBackToTheListAtOnce() throws {
        try double.setFaults("deep_body=200000")
        let tmux = try launch()
        waitForList(tmux, timeout: 60) // 7.8 MB of JSON: 10 s under ThreadSanitizer on a quiet machine
        let list = try tmux.capture()
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "Laying out", timeout: 30), tmux.screenDump())
        // With the answers still loading, Esc would cancel that load instead: let them land first.
        let deadline = Date().addingTimeInterval(10)
        while try double.requestLog().allSatisfy({ !$0.contains("/answers") }), Date() < deadline { usleep(50_000) }
        usleep(500_000)
        XCTAssertTrue(try tmux.capture().joined().contains("Laying out"), "still laying out when Esc is pressed")
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { $0.prefix(3) == list.prefix(3) && !$0.joined().contains("Laying out") },
                      "Esc went back to the list while the body was laid out:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Down"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { $0 != list }, "keys still work:\n\(tmux.screenDump())")
        try quit(tmux)
    }

    func testSIGUSR2RestoresTheTerminalAndExits140() throws {
        let tmux = try launch()
        waitForList(tmux)
        try sendSignal("USR2")
        expectExit(tmux, status: 140)
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0", "the shell gets the main screen back")
    }

    /// Another program writing over the screen (a `wall`, a background job) leaves its text until Ctrl-L, which
    /// repaints every cell from the current frame — with a prompt open too.
    func testCtrlLRepaintsWhatAnotherProgramWroteOverTheScreen() throws {
        let tmux = try launch()
        waitForList(tmux)
        let list = try tmux.capture()
        let tty = try tmux.format("#{pane_tty}")
        func scribble() throws {
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: tty))
            handle.write(Data("\u{1B}[5;10HSCRIBBLED-OVER-BY-ANOTHER-PROGRAM".utf8))
            try handle.close()
            XCTAssertTrue(tmux.waitFor(text: "SCRIBBLED-OVER", timeout: 5), tmux.screenDump())
        }
        try scribble()
        try tmux.sendKeys(.key("C-l"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { $0 == list }, "the list as it was:\n\(tmux.screenDump())")

        try tmux.sendKeys(.text("/"), .text("qubit"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("qubit") == true }, tmux.screenDump())
        let prompt = try tmux.capture()
        try scribble()
        try tmux.sendKeys(.key("C-l"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { $0 == prompt }, "the prompt kept, the screen repainted:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("Search:") == false }, tmux.screenDump())
        try quit(tmux)
    }
}
