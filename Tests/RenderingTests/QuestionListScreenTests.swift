import XCTest
import AppCore
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// The question list read back as lines from the cell grid.
final class QuestionListScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 3 * 86_400)

    private func loadedState(columns: Int, rows: Int, questions: [Question], hasMore: Bool = true) -> AppState {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: columns, rows: rows))
        let effects = Reducer.reduce(&state, .start)
        guard case let .load(token, .questions(_, _, _, _))? = effects.first else { fatalError("no load") }
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: questions, hasMore: hasMore, page: 1, quotaRemaining: 287, quotaMax: 300)))))
        return state
    }

    private func render(_ state: AppState) -> [String] {
        AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testRowsShowScoreAnswersTitleTagsAndAge() {
        let questions = [
            Fixtures.question(id: 1, title: "How do I stake ADA?", score: 12, answers: 3, accepted: 5, tags: ["staking", "wallet"]),
            Fixtures.question(id: 2, title: "Plutus script fails", score: -1, answers: 0, tags: ["plutus"]),
        ]
        let lines = render(loadedState(columns: 100, rows: 30, questions: questions, hasMore: false))
        XCTAssertEqual(lines.count, 30)
        XCTAssertTrue(lines[0].contains("cardano · activity"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("score ans  title"), lines[1])
        XCTAssertTrue(lines[1].hasSuffix("tags" + String(repeating: " ", count: 14) + "active "), "the tags column as wide as the widest tags: \(lines[1])")
        XCTAssertTrue(lines[2].hasPrefix("   12 ✓3   How do I stake ADA?"), lines[2])
        XCTAssertTrue(lines[2].contains("staking wallet"), lines[2])
        XCTAssertTrue(lines[2].hasSuffix("3d "), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("   -1  0   Plutus script fails"), lines[3])
        XCTAssertTrue(lines[4].contains("— end of list —"), lines[4])
        XCTAssertTrue(lines[29].contains("quota 287/300"), lines[29])
        XCTAssertTrue(lines[29].contains("2 questions"), lines[29])
    }

    func testAt200ColumnsTagsShowWholeBesideShortTitlesAndNeverCutALongTitleForTags() {
        let manyTags = ["cardano-node", "plutus-core", "smart-contract", "transaction-metadata", "native-tokens"]
        let short = [Fixtures.question(id: 1, title: "Minting fails", tags: manyTags)]
        let wide = render(loadedState(columns: 200, rows: 10, questions: short, hasMore: false))
        XCTAssertTrue(wide[2].contains(manyTags.joined(separator: " ")), "the 74 columns of tags show whole: \(wide[2])")
        XCTAssertFalse(wide[2].contains("…"), wide[2])

        let longTitle = String(repeating: "Why does my Plutus validator reject this datum ", count: 3)
        let both = [Fixtures.question(id: 2, title: longTitle, tags: manyTags)]
        let shared = render(loadedState(columns: 200, rows: 10, questions: both, hasMore: false))
        XCTAssertTrue(shared[2].contains("Why does my Plutus validator reject this datum Why does my Plutus"), "the title keeps its room: \(shared[2])")
        XCTAssertTrue(shared[2].contains("cardano-node plutus-core"), "the tags keep at least today's 32 columns: \(shared[2])")

        let fewTags = [Fixtures.question(id: 3, title: longTitle, tags: ["nft"])]
        let narrowTags = render(loadedState(columns: 200, rows: 10, questions: fewTags, hasMore: false))
        XCTAssertTrue(narrowTags[2].contains(longTitle.trimmingCharacters(in: .whitespaces)), "one short tag leaves the title whole: \(narrowTags[2])")
        for line in wide + shared + narrowTags { XCTAssertEqual(TextWidth.of(line), 200, line) }
    }

    func testEveryLineFitsAtEachSize() {
        let questions = (1...40).map { Fixtures.question(id: $0, title: "日本語のタイトル \($0) with a long English tail that will not fit 🎉", tags: ["a", "b"]) }
        for (columns, rows) in [(240, 30), (100, 30), (80, 24), (40, 10)] {
            let state = loadedState(columns: columns, rows: rows, questions: questions)
            let buffer = AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer
            for line in buffer.lines {
                XCTAssertEqual(TextWidth.of(line), columns, "line is not exactly \(columns) columns: \(line)")
            }
            XCTAssertTrue(buffer.lines[1].contains("title"), buffer.lines[1])
            XCTAssertTrue(buffer.lines[2].contains("日本語"), buffer.lines[2])
            if columns <= 80 {
                XCTAssertTrue(buffer.lines[2].contains("…"), "a long title is cut with an ellipsis: \(buffer.lines[2])")
            } else {
                XCTAssertFalse(buffer.lines[2].contains("…"), "short tags leave the title its room: \(buffer.lines[2])")
            }
        }
    }

    func testTitlesWithEscapeSequencesAreDrawnHarmless() {
        let evil = Fixtures.question(id: 1, title: "Title\u{1B}]0;PWNED\u{07} and \u{1B}[2J clear")
        let state = loadedState(columns: 80, rows: 10, questions: [evil])
        let buffer = AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertFalse(buffer.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
        XCTAssertTrue(buffer.lines[2].contains("Title and  clear"), buffer.lines[2])
    }

    func testTinyTerminalShowsANoticeAndRecovers() {
        var state = loadedState(columns: 20, rows: 5, questions: [Fixtures.question(id: 1)])
        XCTAssertTrue(render(state)[0].hasPrefix("Terminal too small"), render(state)[0])
        _ = Reducer.reduce(&state, .resize(Viewport(columns: 80, rows: 24)))
        XCTAssertTrue(render(state)[2].contains("Question"))
    }

    func testSelectionIsHighlighted() {
        var state = loadedState(columns: 80, rows: 10, questions: (1...5).map { Fixtures.question(id: $0) })
        _ = Reducer.reduce(&state, .command(.moveDown))
        let buffer = AppScreen.render(state, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertTrue(buffer[0, 3].style.attributes.contains(.reverse))
        XCTAssertFalse(buffer[0, 2].style.attributes.contains(.reverse))
    }

    func testLoadingRowOnlyAfterTheIndicatorDelayOnAnEmptyList() throws {
        var state = AppState(settings: BrowseSettings(site: "cardano"), viewport: Viewport(columns: 80, rows: 10))
        let effects = Reducer.reduce(&state, .start)
        guard case let .load(token, .questions(_, _, _, _))? = effects.first else { return XCTFail("no load") }
        // The rows stay blank (no flash for a quick load); the status line alone says what is going on.
        XCTAssertFalse(render(state).dropLast().joined().contains("Loading"))
        XCTAssertTrue(render(state).last?.hasPrefix(" Loading page 1…") == true, render(state).last ?? "")
        _ = Reducer.reduce(&state, .loadingIndicatorDue(token))
        XCTAssertTrue(render(state)[2].contains("Loading page 1…"))
    }

    func testHelpScreenListsEveryCommand() {
        // Tall enough for every command on one screen (at 24 rows the help scrolls).
        var state = loadedState(columns: 80, rows: 50, questions: [])
        _ = Reducer.reduce(&state, .command(.help))
        let text = render(state).joined(separator: "\n")
        for command in Command.allCases { XCTAssertTrue(text.contains(command.help), "help misses \(command)") }
        XCTAssertTrue(text.contains("PgDn Space"))
    }

    func testHelpScrollsOnAShortTerminal() {
        var state = loadedState(columns: 80, rows: 12, questions: [])
        _ = Reducer.reduce(&state, .command(.help))
        var lines = render(state)
        XCTAssertTrue(lines[1].contains(Command.moveDown.help), lines[1])
        XCTAssertTrue(lines[11].contains("j/k scroll"), lines[11])
        _ = Reducer.reduce(&state, .command(.bottom))
        lines = render(state)
        XCTAssertTrue(lines[3].contains(Command.redraw.help), "the last command is reachable: \(lines[3])")
        XCTAssertTrue(lines[4].hasPrefix("  Ctrl-Z "), "then the signal keys: \(lines[4])")
        XCTAssertTrue(lines[7].hasPrefix("  In the site and tag pickers typing filters (q h Q type too);"), lines[7])
        XCTAssertTrue(lines[9].contains("In the link picker digits select [n]"), lines[9])
        XCTAssertTrue(lines[10].contains("In a prompt"), "the notes end the help: \(lines[10])")
        _ = Reducer.reduce(&state, .command(.top))
        XCTAssertTrue(render(state)[1].contains(Command.moveDown.help))
        _ = Reducer.reduce(&state, .command(.back))
        XCTAssertEqual(state.screen, .questionList)
    }
}
