import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport

/// The status line names the keys in force and keeps a config notice beside later errors; a question's text stays
/// within the reading width, centred.
final class StatusAndReadingWidthTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Started in a `columns`×`rows` terminal (`keymap` in force, text at most `maxTextWidth` wide), every effect of
    /// the start asserted; returns the store and the token of its page 1 load, not yet answered.
    private func started(columns: Int = 80, rows: Int = 24, keymap: Keymap = .standard,
                         maxTextWidth: Int = SharedState.defaultMaxTextWidth) throws -> (ReducerTestStore, LoadToken) {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: rows), keymap: keymap)
        state.shared.maxTextWidth = maxTextWidth
        let store = ReducerTestStore(state)
        return (store, try XCTUnwrap(store.start()).token)
    }

    private func statusLine(_ store: ReducerTestStore) -> String {
        AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines.last ?? ""
    }

    func testAConfigNoticeShowsBesideTheErrorThatFollowsIt() throws {
        let (store, token) = try started(columns: 120)
        store.send(.notice("config.toml:1: unknown key \"sitee\" — config ignored, using the defaults"))
        store.expectEffects([])
        store.send(.loaded(token, .questions(.failure(.httpStatus(500)))))
        store.expectEffects([], "a server's error is only said")
        let line = statusLine(store)
        XCTAssertTrue(line.hasPrefix(" HTTP 500 from the server — press r to retry · config.toml:1: unknown key"), line)
        XCTAssertFalse(line.contains("help"), "the notice has the room of the key hints: \(line)")
    }

    /// An empty list waiting for its first page says so from the first frame: "0 questions" would read as the answer
    /// (the parity test once settled on it under ThreadSanitizer, before the indicator's 150 ms were up).
    func testAnEmptyListWaitingForAPageSaysLoadingNotZero() throws {
        let (store, token) = try started()
        XCTAssertTrue(statusLine(store).hasPrefix(" Loading page 1…"), statusLine(store))
        store.loadPage(token, .only([]))
        XCTAssertTrue(statusLine(store).hasPrefix(" 0 questions"), "loaded and empty: \(statusLine(store))")
    }

    func testHintsAndTheHelpScreenNameTheRemappedKeys() throws {
        let remapped = Keymap(Keymap.standard.bindings.map { binding in
            switch binding.command {
            case .help: (command: binding.command, keys: [Key.function(1)])
            case .backOrQuit: (command: binding.command, keys: [Key.character("x")])
            case .moveDown: (command: binding.command, keys: [Key.character("n")])
            default: binding
            }
        })
        let (store, token) = try started(rows: 12, keymap: remapped)
        store.loadPage(token, Fixtures.page(1, count: 3, firstID: 1, hasMore: false))
        XCTAssertTrue(statusLine(store).hasSuffix("F1 help "), statusLine(store))
        store.press(.function(1))
        let help = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(help[1].hasPrefix("  n "), "help lists the key in force: \(help[1])")
        XCTAssertTrue(help[11].hasPrefix(" n/k scroll · x, Esc or F1 to close"), help[11])
    }

    func testAQuestionIsLaidOutAtMostMaxWidthAndCentred() throws {
        let body = "<p>" + Array(repeating: "word", count: 200).joined(separator: " ") + "</p>"
        let question = Fixtures.question(id: 7, title: "Wide", body: body)
        // The reducer runs with text at most 60 columns wide; the default width is checked on a copy of its state.
        let (store, token) = try started(columns: 160, rows: 30, maxTextWidth: 60)
        store.loadPage(token, .only([question]))
        try store.openSelectedQuestion()
        var byDefault = store.state
        byDefault.shared.maxTextWidth = SharedState.defaultMaxTextWidth
        XCTAssertEqual(QuestionScreen.layoutWidth(for: byDefault), 100)
        XCTAssertEqual(QuestionScreen.layoutWidth(for: store.state), 60)
        let cache = ThreadLayoutCache()
        cache.layOut(store, now: now)
        let lines = AppScreen.render(store.state, cache: cache, now: now).buffer.lines
        let bodyLines = lines.filter { $0.contains("word word") }
        XCTAssertFalse(bodyLines.isEmpty, lines.joined(separator: "\n"))
        for line in bodyLines {
            let start = line.prefix { $0 == " " }.count
            XCTAssertEqual(start, 50, "the 60-column text is centred in 160 columns: \(line)")
            XCTAssertLessThanOrEqual(line.trimmingCharacters(in: .whitespaces).count, 60, line)
        }
        var narrow = store.state
        narrow.viewport = Viewport(columns: 50, rows: 30)
        XCTAssertEqual(QuestionScreen.layoutWidth(for: narrow), 48, "a narrower terminal keeps its one-column margins")
    }
}
