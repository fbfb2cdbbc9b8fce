import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// The question list read back as lines from the cell grid.
final class QuestionListScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_600_000_000 + 3 * 86_400)

    /// Started in a `columns`×`rows` terminal with `questions` as page 1 (quota 287/300), every effect asserted: the
    /// next page's prefetch too when `prefetching` (the page has more and is short of a screen).
    private func listed(columns: Int, rows: Int, questions: [Question], hasMore: Bool = true,
                        prefetching: Bool = false) throws -> ReducerTestStore {
        let page = Page(items: questions, hasMore: hasMore, page: 1, quotaRemaining: 287, quotaMax: 300)
        return try ReducerTestStore.listing(page, columns: columns, rows: rows, prefetching: prefetching)
    }

    private func render(_ store: ReducerTestStore) -> [String] {
        AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
    }

    func testRowsShowScoreAnswersTitleTagsAndAge() throws {
        let questions = [
            Fixtures.question(id: 1, title: "How do I stake ADA?", score: 12, answers: 3, accepted: 5, tags: ["staking", "wallet"]),
            Fixtures.question(id: 2, title: "Plutus script fails", score: -1, answers: 0, tags: ["plutus"]),
        ]
        let lines = render(try listed(columns: 100, rows: 30, questions: questions, hasMore: false))
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

    func testAt200ColumnsTagsShowWholeBesideShortTitlesAndNeverCutALongTitleForTags() throws {
        let manyTags = ["cardano-node", "plutus-core", "smart-contract", "transaction-metadata", "native-tokens"]
        let short = [Fixtures.question(id: 1, title: "Minting fails", tags: manyTags)]
        let wide = render(try listed(columns: 200, rows: 10, questions: short, hasMore: false))
        XCTAssertTrue(wide[2].contains(manyTags.joined(separator: " ")), "the 74 columns of tags show whole: \(wide[2])")
        XCTAssertFalse(wide[2].contains("…"), wide[2])

        let longTitle = String(repeating: "Why does my Plutus validator reject this datum ", count: 3)
        let both = [Fixtures.question(id: 2, title: longTitle, tags: manyTags)]
        let shared = render(try listed(columns: 200, rows: 10, questions: both, hasMore: false))
        XCTAssertTrue(shared[2].contains("Why does my Plutus validator reject this datum Why does my Plutus"), "the title keeps its room: \(shared[2])")
        XCTAssertTrue(shared[2].contains("cardano-node plutus-core"), "the tags keep at least today's 32 columns: \(shared[2])")

        let fewTags = [Fixtures.question(id: 3, title: longTitle, tags: ["nft"])]
        let narrowTags = render(try listed(columns: 200, rows: 10, questions: fewTags, hasMore: false))
        XCTAssertTrue(narrowTags[2].contains(longTitle.trimmingCharacters(in: .whitespaces)), "one short tag leaves the title whole: \(narrowTags[2])")
        for line in wide + shared + narrowTags { XCTAssertEqual(TextWidth.of(line), 200, line) }
    }

    func testEveryLineFitsAtEachSize() throws {
        let questions = (1...40).map { Fixtures.question(id: $0, title: "日本語のタイトル \($0) with a long English tail that will not fit 🎉", tags: ["a", "b"]) }
        for (columns, rows) in [(240, 30), (100, 30), (80, 24), (40, 10)] {
            let store = try listed(columns: columns, rows: rows, questions: questions)
            let buffer = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer
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

    func testTitlesWithEscapeSequencesAreDrawnHarmless() throws {
        let evil = Fixtures.question(id: 1, title: "Title\u{1B}]0;PWNED\u{07} and \u{1B}[2J clear")
        let store = try listed(columns: 80, rows: 10, questions: [evil], prefetching: true)
        let buffer = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertFalse(buffer.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
        XCTAssertTrue(buffer.lines[2].contains("Title and  clear"), buffer.lines[2])
    }

    func testTinyTerminalShowsANoticeAndRecovers() throws {
        let store = try listed(columns: 20, rows: 5, questions: [Fixtures.question(id: 1)], prefetching: true)
        XCTAssertTrue(render(store)[0].hasPrefix("Terminal too small"), render(store)[0])
        store.send(.resize(Viewport(columns: 80, rows: 24)))
        store.expectEffects([], "page 2 is on its way already")
        XCTAssertTrue(render(store)[2].contains("Question"))
    }

    func testSelectionIsHighlighted() throws {
        let store = try listed(columns: 80, rows: 10, questions: (1...5).map { Fixtures.question(id: $0) },
                               prefetching: true)
        store.perform(.moveDown)
        let buffer = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer
        XCTAssertTrue(buffer[0, 3].style.attributes.contains(.reverse))
        XCTAssertFalse(buffer[0, 2].style.attributes.contains(.reverse))
    }

    func testLoadingRowOnlyAfterTheIndicatorDelayOnAnEmptyList() throws {
        let viewport = Viewport(columns: 80, rows: 10)
        let store = ReducerTestStore(AppState(settings: BrowseSettings(site: "cardano"), viewport: viewport))
        let load = try XCTUnwrap(store.start())
        // The rows stay blank (no flash for a quick load); the status line alone says what is going on.
        XCTAssertFalse(render(store).dropLast().joined().contains("Loading"))
        XCTAssertTrue(render(store).last?.hasPrefix(" Loading page 1…") == true, render(store).last ?? "")
        store.indicatorDue(load.token)
        XCTAssertTrue(render(store)[2].contains("Loading page 1…"))
    }

    func testHelpScreenListsEveryCommand() throws {
        // Tall enough for every command on one screen (at 24 rows the help scrolls).
        let store = try listed(columns: 80, rows: 64, questions: [])
        store.perform(.help)
        let text = render(store).joined(separator: "\n")
        for command in Command.allCases { XCTAssertTrue(text.contains(command.help), "help misses \(command)") }
        XCTAssertTrue(text.contains("PgDn Space"))
    }

    func testHelpScrollsOnAShortTerminal() throws {
        let store = try listed(columns: 80, rows: 12, questions: [])
        store.perform(.help)
        var lines = render(store)
        XCTAssertTrue(lines[1].contains(Command.moveDown.help), lines[1])
        XCTAssertTrue(lines[11].contains("j/k scroll"), lines[11])
        store.perform(.bottom)
        lines = render(store)
        XCTAssertTrue(lines[3].contains(Command.redraw.help), "the last command is reachable: \(lines[3])")
        XCTAssertTrue(lines[4].hasPrefix("  Ctrl-Z "), "then the signal keys: \(lines[4])")
        XCTAssertTrue(lines[7].hasPrefix("  In the site and tag pickers typing filters (q h Q type too);"), lines[7])
        XCTAssertTrue(lines[9].contains("In the link picker digits select [n]"), lines[9])
        XCTAssertTrue(lines[10].contains("In a prompt"), "the notes end the help: \(lines[10])")
        store.perform(.top)
        XCTAssertTrue(render(store)[1].contains(Command.moveDown.help))
        store.perform(.back)
        XCTAssertEqual(store.state.screen, .questionList)
    }
}
