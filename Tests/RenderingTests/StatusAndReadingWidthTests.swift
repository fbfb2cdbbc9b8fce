import XCTest
import AppCore
import Rendering
import StackAPI
import TestSupport

/// The status line names the keys in force and keeps a config notice beside later errors; a question's text stays
/// within the reading width, centred.
final class StatusAndReadingWidthTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func state(columns: Int = 80, rows: Int = 24, keymap: Keymap = .standard) -> (AppState, LoadToken) {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: rows), keymap: keymap)
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { fatalError("no load") }
        return (state, token)
    }

    private func statusLine(_ state: AppState) -> String {
        AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines.last ?? ""
    }

    func testAConfigNoticeShowsBesideTheErrorThatFollowsIt() {
        var (state, token) = state(columns: 120)
        _ = Reducer.reduce(&state, .notice("config.toml:1: unknown key \"sitee\" — config ignored, using the defaults"))
        _ = Reducer.reduce(&state, .loaded(token, .questions(.failure(.httpStatus(500)))))
        let line = statusLine(state)
        XCTAssertTrue(line.hasPrefix(" HTTP 500 from the server — press r to retry · config.toml:1: unknown key"), line)
        XCTAssertFalse(line.contains("help"), "the notice has the room of the key hints: \(line)")
    }

    /// An empty list waiting for its first page says so from the first frame: "0 questions" would read as the answer
    /// (the parity test once settled on it under ThreadSanitizer, before the indicator's 150 ms were up).
    func testAnEmptyListWaitingForAPageSaysLoadingNotZero() {
        var (state, token) = state()
        XCTAssertTrue(statusLine(state).hasPrefix(" Loading page 1…"), statusLine(state))
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: [], hasMore: false, page: 1)))))
        XCTAssertTrue(statusLine(state).hasPrefix(" 0 questions"), "loaded and empty: \(statusLine(state))")
    }

    func testHintsAndTheHelpScreenNameTheRemappedKeys() {
        let remapped = Keymap(Keymap.standard.bindings.map { binding in
            switch binding.command {
            case .help: (command: binding.command, keys: [Key.function(1)])
            case .backOrQuit: (command: binding.command, keys: [Key.character("x")])
            case .moveDown: (command: binding.command, keys: [Key.character("n")])
            default: binding
            }
        })
        var (state, token) = state(rows: 12, keymap: remapped)
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Fixtures.page(1, count: 3, firstID: 1, hasMore: false)))))
        XCTAssertTrue(statusLine(state).hasSuffix("F1 help "), statusLine(state))
        _ = Reducer.reduce(&state, .key(.function(1)))
        let help = AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(help[1].hasPrefix("  n "), "help lists the key in force: \(help[1])")
        XCTAssertTrue(help[11].hasPrefix(" n/k scroll · x, Esc or F1 to close"), help[11])
    }

    func testAQuestionIsLaidOutAtMostMaxWidthAndCentred() throws {
        let body = "<p>" + Array(repeating: "word", count: 200).joined(separator: " ") + "</p>"
        let question = Fixtures.question(id: 7, title: "Wide", body: body)
        var (state, token) = state(columns: 160, rows: 30)
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: [question], hasMore: false, page: 1)))))
        _ = Reducer.reduce(&state, .command(.open))
        XCTAssertEqual(QuestionScreen.layoutWidth(for: state), 100)
        state.shared.maxTextWidth = 60
        XCTAssertEqual(QuestionScreen.layoutWidth(for: state), 60)
        let cache = ThreadLayoutCache()
        cache.layOut(&state, now: now)
        let lines = AppScreen.render(state, cache: cache, now: now).buffer.lines
        let bodyLines = lines.filter { $0.contains("word word") }
        XCTAssertFalse(bodyLines.isEmpty, lines.joined(separator: "\n"))
        for line in bodyLines {
            let start = line.prefix { $0 == " " }.count
            XCTAssertEqual(start, 50, "the 60-column text is centred in 160 columns: \(line)")
            XCTAssertLessThanOrEqual(line.trimmingCharacters(in: .whitespaces).count, 60, line)
        }
        state.viewport = Viewport(columns: 50, rows: 30)
        XCTAssertEqual(QuestionScreen.layoutWidth(for: state), 48, "a narrower terminal keeps its one-column margins")
    }
}
