import TestSupport
import XCTest

/// A method the API paused shows a countdown on the status line while a load waits for it; everything loaded
/// stays readable, Esc gives up the wait and `Q` still quits at once.
final class PauseEndToEndTests: StacktermTestCase {
    func testBackoffCountsDownWhileThePrefetchWaitsAndEscGivesUp() throws {
        // The first page says "backoff: 150": the prefetch of page 2 (20 rows on a 28-row screen) must wait.
        try double.setFaults("backoff=150&count=1&path=/questions")
        let tmux = try launch(["--page-size", "20"])
        waitForList(tmux)
        XCTAssertTrue(tmux.waitFor(text: "/questions paused by the API: 2m ", timeout: 10), tmux.screenDump())
        XCTAssertEqual(try double.requestLog().filter { $0.contains("/questions") }.count, 1,
                       "nothing is sent while the method is paused")

        let list = try tmux.capture()
        try tmux.sendKeys(.key("Down"), .key("Down"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { $0 != list }, "keys still work while the load waits")
        let moved = try tmux.capture()
        XCTAssertEqual(moved[2], list[2], "the loaded list stays on screen:\n\(moved.joined(separator: "\n"))")

        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { screen in !(screen.last ?? "").contains("paused by the API") },
                      "Esc gives up the wait and the countdown goes:\n\(tmux.screenDump())")
        try quit(tmux)
    }
}
