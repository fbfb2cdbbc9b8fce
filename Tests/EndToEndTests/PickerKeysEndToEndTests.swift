import Foundation
import TestSupport
import XCTest

/// Issue 9 part 8 on the pickers: the link picker's header names the keys in force after remapping, a picker says
/// why a command does nothing there, and Left leaves it (typing filters, so `q` types).
final class PickerKeysEndToEndTests: StacktermTestCase {
    private let relayURL = "https://cardano.stackexchange.com/questions/530/relay-node-block-producing-node"

    func testTheLinkPickerNamesRemappedKeysAndThePickersSayWhy() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-picker-keys-\(UUID().uuidString).toml")
        try "[keys]\ncopyLink = \"C-y\"\nreload = [\"r\", \"F5\"]\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let tmux = try launch(["--config", config.path, relayURL])
        XCTAssertTrue(tmux.waitFor(text: "[1] https://cardano.stackexchange.com/questions/529/", timeout: 15), tmux.screenDump())

        try tmux.sendKeys(.text("L"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("Links — type a number, Enter follows, o opens in the browser, Ctrl-Y copies") },
                      "the header names the remapped copy key:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("F5"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("r works only on a list or in a question") == true }, tmux.screenDump())
        try tmux.sendKeys(.key("Left"))
        XCTAssertTrue(tmux.waitUntil { !$0[0].contains("Links —") }, "Left closes the link picker:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · activity") }, "back on the list:\n\(tmux.screenDump())")

        try tmux.sendKeys(.text("S"))
        XCTAssertTrue(tmux.waitUntil(timeout: 15) { $0[0].contains("Switch site — type to filter, Enter chooses, Left/Esc back")
                && $0.contains { $0.contains("(cardano)") } }, "the site picker with its sites:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("F5"))
        XCTAssertTrue(tmux.waitUntil { $0.last?.contains("r works only on a list or in a question") == true },
                      "a command that does nothing in the picker says why:\n\(tmux.screenDump())")
        try tmux.sendKeys(.text("q"))
        XCTAssertTrue(tmux.waitUntil { $0[1].contains("Filter: q") }, "q types into the filter:\n\(tmux.screenDump())")
        try tmux.sendKeys(.key("Left"))
        XCTAssertTrue(tmux.waitUntil { $0[0].contains("cardano · activity") }, "Left leaves the picker:\n\(tmux.screenDump())")
        try quit(tmux)
    }
}
