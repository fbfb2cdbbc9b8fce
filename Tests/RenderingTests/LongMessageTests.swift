import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import TextEngine
import XCTest

/// Issue 32 case 7: every message of the status line is readable whole at 80×24. A message longer than its room
/// wraps over the rows above the status line, its beginning (the advice) first; at 100 columns `o` without a browser
/// showed `…sensible-browser failed (exit status 1) … off`, and a config error behind a load error showed only past
/// 250 columns.
final class LongMessageTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// The status line's rows of a state showing `message` (and the config `notice`) over a loaded list at 80×24.
    private func shown(_ message: String, isError: Bool = true, notice: String? = nil, rows: Int = 24) throws -> [String] {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: rows))
        state.shared.isOffline = true
        let store = ReducerTestStore(state)
        let token = try XCTUnwrap(store.start()).token
        store.loadPage(token, Fixtures.page(1, count: 30, firstID: 1, hasMore: true))
        if let notice { store.send(.notice(notice)); store.expectEffects([]) }
        store.send(.notify(message, isError: isError))
        store.expectEffects([])
        return AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    /// The words of the last rows, in order, spaces collapsed.
    private func words(_ lines: [String], last count: Int) -> String {
        lines.suffix(count).joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    private static let messages = [
        // The browser's fallback failed (LaunchError.fallbackFailed), the advice first.
        "No browser opened the link: set $BROWSER, e.g. export BROWSER=firefox (or w3m to read in the terminal) "
            + "($BROWSER is not set, and sensible-browser failed (exit status 1))",
        // A refused save (SaveRefusal) naming the store and why.
        "Not saved: the local store's folder is read-only for you (/home/reader/.local/share/stackterm): reading only, "
            + "nothing new is kept",
        // A pause of the API (APIPause) with its way out.
        "/questions paused by the API for over a day: 6d 23h — Esc cancels, and the list keeps what it has",
        // An undecodable answer (APIError.undecodable) with the path into the JSON.
        APIError.undecodable(path: "items[3].owner.display_name", reason: "expected a string, found a number").summary,
        APIError.throttled(seconds: 30, message: "too many requests from this IP, more requests available in 30 seconds").summary,
    ]

    func testEveryMessageKindIsReadableWholeAt80Columns() throws {
        for message in Self.messages {
            let lines = try shown(message)
            XCTAssertTrue(words(lines, last: 4).contains(message.split(separator: " ").joined(separator: " ")),
                          "\(message)\n" + lines.suffix(5).joined(separator: "\n"))
            XCTAssertTrue(lines[0].contains("cardano"), "the header stays")
            XCTAssertTrue(lines.allSatisfy { TextWidth.of($0) <= 80 })
        }
    }

    func testAConfigErrorBesideALoadErrorIsReadWholeAt80Columns() throws {
        let notice = "config.toml:3: bell: expected true or false, found flase — config ignored, using the defaults"
        let lines = try shown("HTTP 500 from the server — press r to retry", notice: notice)
        let said = words(lines, last: 4)
        XCTAssertTrue(said.contains("HTTP 500 from the server — press r to retry · " + notice), lines.suffix(4).joined(separator: "\n"))
    }

    func testAShortMessageKeepsOneRowAndTheListItsRows() throws {
        let lines = try shown("Saved: kept offline for good", isError: false)
        XCTAssertTrue(lines[22].hasPrefix("    "), "the row above the status line is the list's: \(lines[22])")
        XCTAssertTrue(lines[23].hasPrefix(" Saved: kept offline for good"), lines[23])
    }

    func testAMessageTooLongForATinyTerminalEndsInAnEllipsisAndKeepsTheHeader() throws {
        let message = String(repeating: "word ", count: 200)
        let lines = try shown(message, rows: 8)
        XCTAssertTrue(lines[0].contains("cardano"), "the header stays")
        XCTAssertTrue(lines[6].hasSuffix("…") || lines[6].trimmingCharacters(in: .whitespaces).hasSuffix("…"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines[5].hasPrefix(" word word"), "at most a third of the rows: \(lines.joined(separator: "\n"))")
        XCTAssertFalse(lines[4].hasPrefix(" word word"), lines.joined(separator: "\n"))
    }
}
