import Foundation
import TestSupport
import XCTest

/// Issue 21: `m` says what the store did. After `stackterm store --forget SITE` (another process, while the browser
/// shows the site's list) the store holds no copy of the question on screen, so saving it keeps nothing offline: the
/// status line says "Not saved" and why, and the row is not starred — not "Saved: kept offline for good".
final class SaveTruthEndToEndTests: StacktermTestCase {
    func testSavingAQuestionOfAForgottenSiteSaysNothingIsKept() throws {
        let dataHome = try temporaryFolder("stackterm-save-truth")
        let environment = ["XDG_DATA_HOME": dataHome.path]
        let tmux = try launch([], environment: environment)
        waitForList(tmux)
        // The page's copy reaches the store a moment after it is drawn: forget the site once the store has it.
        var held = false
        for _ in 0..<50 where !held {
            held = try StacktermRun.run(["store"], environment: environment).output.contains("cardano")
            if !held { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertTrue(held, "the store keeps the list's page")
        let forgot = try StacktermRun.run(["store", "--forget", "cardano"], environment: environment)
        XCTAssertEqual(forgot.status, 0, forgot.errors)

        try tmux.sendKeys(.text("m"))
        XCTAssertTrue(tmux.waitUntil { $0.statusSays("Not saved: the local store holds no copy of this question") },
                      "m says the save was not kept:\n\(tmux.screenDump())")
        XCTAssertFalse(try tmux.capture()[2].contains("★"), "the row is not starred:\n\(tmux.screenDump())")
        try quit(tmux)
    }
}
