import Foundation
import TestSupport
import XCTest

/// `o` with a graphical browser that fails only in its exit (`BROWSER=false`): the status line says it is opening,
/// then that the program failed, and never that the link was opened.
final class BrowserFailureEndToEndTests: StacktermTestCase {
    func testBrowserFalseIsReportedAsAFailureNeverAsOpened() throws {
        let tmux = try launch(environment: ["BROWSER": "false"])
        waitForList(tmux)
        try tmux.sendKeys(.text("o"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("false failed (exit status 1)") }, tmux.screenDump())
        XCTAssertFalse(try tmux.capture().contains { $0.contains("Opened") }, tmux.screenDump())

        // In a question too, and the status keeps the failure (nothing later turns it into "Opened").
        try tmux.sendKeys(.key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "views · asked"), tmux.screenDump())
        try tmux.sendKeys(.text("y"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Copied link") }, tmux.screenDump())
        try tmux.sendKeys(.text("o"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("false failed (exit status 1)") }, tmux.screenDump())
        XCTAssertFalse(try tmux.capture().contains { $0.contains("Opened") }, tmux.screenDump())
        try quit(tmux)
    }
}
