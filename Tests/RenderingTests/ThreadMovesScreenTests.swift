import AppCore
import Foundation
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import TextEngine
import XCTest

/// What issue 9's moves inside a thread look like: the measure carries the lines' text and the code blocks'
/// rows, find matches are highlighted, and the status line says where the reader is.
final class ThreadMovesScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A store showing a question with two answers, each with a code block and some filler, laid out.
    private func opened(rows: Int = 16) throws -> (ReducerTestStore, ThreadLayoutCache) {
        let filler = (1...12).map { "<p>Paragraph \($0) about the ledger.</p>" }.joined()
        let question = Fixtures.question(id: 1, title: "Plutus scripts", body: "<p>How do Plutus scripts run?</p>" + filler)
        let answers = [
            Fixtures.answer(id: 10, question: 1, score: 5, body: "<p>Use plutus-tx.</p><pre><code>main = pure ()\n</code></pre>" + filler),
            Fixtures.answer(id: 11, question: 1, score: 2, body: "<p>Or Aiken.</p><pre><code>validator spend {}\n</code></pre>" + filler),
        ]
        return try OpenedThread.store(QuestionThread(question: question, answers: answers), columns: 60, rows: rows,
                                      now: now)
    }

    /// The layout step, then the frame drawn.
    private func frame(_ store: ReducerTestStore, _ cache: ThreadLayoutCache, line: UInt = #line) -> ScreenBuffer {
        cache.layOut(store, now: now, line: line)
        return AppScreen.render(store.state, cache: cache, now: now).buffer
    }

    func testTheMeasureCarriesLineTextsAndCodeBlockRows() throws {
        let (store, cache) = try opened()
        let layout = cache.layout(for: try XCTUnwrap(store.state.thread), width: 58, now: now)
        XCTAssertEqual(layout.measure.lineTexts.count, layout.lines.count)
        XCTAssertEqual(layout.measure.lineTexts, layout.lines.map { $0.spans.map(\.text).joined() })
        XCTAssertEqual(layout.measure.codeStarts.count, 2)
        XCTAssertEqual(layout.measure.codeStarts, layout.codeBlocks.map(\.rows.lowerBound))
        XCTAssertTrue(layout.measure.lineTexts[layout.measure.codeStarts[0]...].prefix(3).joined().contains("main = pure ()"))
    }

    func testCodeBlockAndAnswerJumpsBringThemToTheTop() throws {
        let (store, cache) = try opened()
        store.press(.character("}"))
        XCTAssertTrue(frame(store, cache).lines[1...2].joined().contains("main = pure ()"),
                      frame(store, cache).lines.joined(separator: "\n"))
        store.press(.character("]"))
        var screen = frame(store, cache).lines
        XCTAssertTrue(screen[1].contains("Answer 2/2"), screen.joined(separator: "\n"))
        XCTAssertTrue(screen.last?.hasPrefix(" answer 2/2 · ") == true, screen.last ?? "")
        store.press(.character("g"))
        screen = frame(store, cache).lines
        XCTAssertTrue(screen.last?.hasPrefix(" question · Top") == true, screen.last ?? "")
    }

    func testFindHighlightsEveryMatchAndTheCurrentOneApart() throws {
        let (store, cache) = try opened()
        store.press(.character("/"))
        store.type("plutus")
        store.press(.enter)
        let buffer = frame(store, cache)
        XCTAssertEqual(buffer.lines.last?.hasPrefix(" 1/3 matches"), true, buffer.lines.last ?? "")
        // The first match is the title "Plutus scripts" on the document's first line (screen row 1, from column 1).
        var highlighted: [(x: Int, y: Int, style: CellStyle)] = []
        for y in 1..<(buffer.height - 1) {
            for x in 0..<buffer.width where buffer[x, y].style.attributes.contains(.reverse) {
                highlighted.append((x, y, buffer[x, y].style))
            }
        }
        let current = highlighted.filter { $0.style == FindHighlight.current }
        XCTAssertEqual(current.count, 6, "the current match, \"Plutus\", is drawn apart")
        XCTAssertEqual(current.first.map { "\($0.x),\($0.y)" }, "1,1")
        XCTAssertEqual(String(current.map { Character(buffer[$0.x, $0.y].text) }), "Plutus")
        let others = highlighted.filter { $0.style == FindHighlight.match }
        XCTAssertEqual(others.count, 6, "the body's \"Plutus\" on screen, as a plain match")
        XCTAssertEqual(String(others.map { Character(buffer[$0.x, $0.y].text) }), "Plutus")
    }

    func testFindHighlightKeepsTheRestOfTheLineAsItWas() {
        let line = StyledLine([StyledSpan("see ", style: CellStyle(.bold)), StyledSpan("Plutus docs", style: CellStyle(color: .link))])
        var find = ThreadFind(pattern: FindPattern("plu"), measure: ThreadMeasure(lineCount: 1, postStarts: [:], blocks: [],
                                                                                   lineTexts: ["see Plutus docs"]))
        find.current = 0
        let shown = FindHighlight.apply(find, to: line, number: 0)
        XCTAssertEqual(shown.spans, [StyledSpan("see ", style: CellStyle(.bold)), StyledSpan("Plu", style: FindHighlight.current),
                                     StyledSpan("tus docs", style: CellStyle(color: .link))])
        XCTAssertEqual(FindHighlight.apply(find, to: line, number: 1).spans[1].style, FindHighlight.match, "another line's match is plain")
    }
}
