import Foundation
import TestSupport
import XCTest

/// Paging against a server that never ends: every page is page 1 again with `has_more: true`.
final class PagingEndToEndTests: StacktermTestCase {
    func testARepeatingServerEndsTheListAndHoldingEndAsksForNothingMore() throws {
        try double.setFaults("repeat_pages=1")
        // Twenty rows fill less than the 28-row screen, so page 2 is prefetched at once — and repeats page 1.
        let tmux = try launch(["--page-size", "20"])
        waitForList(tmux)
        XCTAssertTrue(tmux.waitFor(text: "The server sent no new questions — end of list", timeout: 15), tmux.screenDump())
        for _ in 0..<20 { try tmux.sendKeys(.text("G")) }
        // The help screen shows only after every earlier key was handled (and any request it caused was sent).
        try tmux.sendKeys(.text("?"))
        XCTAssertTrue(tmux.waitFor(text: "Help — keys", timeout: 10), tmux.screenDump())
        usleep(500_000) // let a request that was sent reach the double's log
        let pages = try double.requestLog().filter { $0.contains("/questions?") }
        XCTAssertEqual(pages.count, 2, "page 1 and the one page that repeated it:\n\(pages.joined(separator: "\n"))")
        try tmux.sendKeys(.text("?"))
        XCTAssertTrue(tmux.waitFor(text: "— end of list (the server sent no new questions) —", timeout: 10), tmux.screenDump())
    }
}
