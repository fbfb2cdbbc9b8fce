import Foundation
import TestSupport
import XCTest

/// Issue 32 item 3: a page pasted into the `/` prompt lands at once and the keys after it act. Before, every pasted
/// character drew a frame of the whole prompt and copied its text (17.9 KB took 33 s at 90 % CPU; 100 KB would have
/// taken many minutes), and Q waited behind it.
final class PasteEndToEndTests: StacktermTestCase {
    func testAHundredKilobytePasteLandsInThePromptAndEscThenQuitActAtOnce() throws {
        let tmux = try launch()
        waitForList(tmux)
        try tmux.sendKeys(.text("/"))
        XCTAssertTrue(tmux.waitUntil { ($0.last ?? "").hasPrefix("Search:") }, tmux.screenDump())
        let words = (0..<30_000).map { "w\($0 % 97)" }.joined(separator: " ")
        let pasted = String(words.prefix(100_000 - 4)) + " END"
        XCTAssertEqual(pasted.utf8.count, 100_000)
        let started = Date()
        try tmux.paste(pasted)
        // The prompt shows its end (the cursor after the last word) once every key of the paste was taken.
        XCTAssertTrue(tmux.waitUntil(timeout: 60) { ($0.last ?? "").hasSuffix(" END") }, "the paste never landed:\n\(tmux.screenDump())")
        let landed = Date().timeIntervalSince(started)
        print("a 100,000-byte paste landed in the prompt after \(String(format: "%.2f", landed)) s")
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { !($0.last ?? "").hasPrefix("Search:") },
                      "Esc did not close the prompt:\n\(tmux.screenDump())")
        try quit(tmux, within: 5, "Q right after a 100 KB paste")
    }

    /// A bracketed paste is text, not keys: its line break does not submit the prompt, and pasted over the list it
    /// runs no command (`/` would open the prompt, `Q` quit). Without the markers (a terminal that ignores mode
    /// 2004) the keys act.
    func testAPastedLineBreakDoesNotSubmitAndAPasteOverTheListRunsNoCommand() throws {
        let tmux = try launch()
        waitForList(tmux)
        try tmux.paste("jj/Q")
        usleep(500_000)
        let after = try tmux.capture()
        XCTAssertTrue(after.last?.contains("quota") == true, "no prompt opened, nothing quit:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("/"))
        XCTAssertTrue(tmux.waitUntil { ($0.last ?? "").hasPrefix("Search:") }, tmux.screenDump())
        // tmux, as terminals do, sends a pasted line break as a carriage return: Enter, were it not marked.
        try tmux.paste("staking\nwallet")
        XCTAssertTrue(tmux.waitUntil { ($0.last ?? "").hasSuffix("Search: staking wallet") }, "one line, not submitted:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil { !($0.last ?? "").hasPrefix("Search:") }, tmux.screenDump())
        try tmux.paste("/", bracketed: false)
        XCTAssertTrue(tmux.waitUntil { ($0.last ?? "").hasPrefix("Search:") }, "an unmarked / is a key:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Escape"))
        XCTAssertTrue(tmux.waitUntil { !($0.last ?? "").hasPrefix("Search:") }, tmux.screenDump())
        try quit(tmux)
    }
}
