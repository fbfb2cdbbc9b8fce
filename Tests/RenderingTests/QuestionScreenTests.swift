import XCTest
import AppCore
import ReducerTestSupport
import Rendering
import StackAPI
import TestSupport
import TextEngine

/// The question view on real threads from the dumps, read back as lines at three terminal sizes.
final class QuestionScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)
    private let sizes = [(100, 30), (80, 24), (40, 10)]

    /// Every screen of the question view from top to bottom, paging with PgDn.
    /// `thread` opened at `columns`×`rows` (`OpenedThread`), then paged through with PgDn (which asks for nothing).
    private func allScreens(_ thread: QuestionThread, columns: Int, rows: Int,
                            line: UInt = #line) throws -> (screens: [[String]], document: [String]) {
        let (store, cache) = try OpenedThread.store(thread, columns: columns, rows: rows, now: now, line: line)
        var screens: [[String]] = []
        var document: [String] = []
        for _ in 0..<2_000 {
            cache.layOut(store, now: now, line: line)
            let frame = AppScreen.render(store.state, cache: cache, now: now)
            screens.append(frame.buffer.lines)
            let shown = try XCTUnwrap(store.state.thread, line: line)
            document = cache.lines(for: shown, width: store.state.viewport.columns - 2, now: now).map(\.text)
            let before = shown.scroll
            store.perform(.pageDown, line: line)
            if store.state.thread?.scroll == before { break }
        }
        return (screens, document)
    }

    private func check(site: String, questionID: Int, file: StaticString = #filePath, line: UInt = #line,
                       extra: (QuestionThread, [String]) -> Void = { _, _ in }) throws {
        guard let thread = try RealThreads.thread(site: site, questionID: questionID) else {
            throw XCTSkip("shared data for \(site) \(questionID) not available")
        }
        for (columns, rows) in sizes {
            let (screens, document) = try allScreens(thread, columns: columns, rows: rows, line: line)
            XCTAssertFalse(screens.isEmpty, file: file, line: line)
            for screen in screens {
                XCTAssertEqual(screen.count, rows, file: file, line: line)
                for text in screen {
                    XCTAssertEqual(TextWidth.of(text), columns, "\(site)/\(questionID) at \(columns)×\(rows): \(text)", file: file, line: line)
                }
                XCTAssertTrue(screen[rows - 1].contains("q back"), "status line at \(columns)×\(rows): \(screen[rows - 1])", file: file, line: line)
            }
            let seen = screens.flatMap { $0.dropFirst().dropLast() }.joined(separator: "\n")
            XCTAssertTrue(seen.contains("Answer 1/\(thread.answers.count)") || thread.answers.isEmpty, file: file, line: line)
            let ending = document.suffix(8)
            XCTAssertTrue(ending.joined().contains("stackexchange.com/q/\(questionID)"), "attribution link at the end", file: file, line: line)
            XCTAssertTrue(ending.joined(separator: " ").contains("CC BY"), "licence at the end", file: file, line: line)
            for docLine in document where !docLine.trimmingCharacters(in: .whitespaces).isEmpty {
                XCTAssertTrue(seen.contains(docLine.trimmingCharacters(in: .whitespaces)),
                              "paging never skips a line (\(columns)×\(rows)): \(docLine)", file: file, line: line)
            }
            extra(thread, document)
        }
    }

    func testLongestCardanoBody() throws {
        try check(site: "cardano", questionID: 3942) { thread, document in
            XCTAssertGreaterThan(thread.question.body?.count ?? 0, 14_000)
            XCTAssertGreaterThan(document.count, 100)
        }
    }

    func testCodeHeavyPostKeepsCodeLinesVerbatim() throws {
        try check(site: "cardano", questionID: 4149) { _, document in
            XCTAssertTrue(document.contains { $0.hasPrefix("  ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        }
    }

    func testAnswerWithATableRendersRows() throws {
        try check(site: "cardano", questionID: 725) { thread, document in
            XCTAssertTrue(thread.answers.contains { $0.answerID == 766 })
            XCTAssertTrue(document.contains { $0.contains("│") || $0.contains(": ") }, "table rows are readable")
        }
    }

    func testCJKContentKeepsColumnsStraight() throws {
        try check(site: "beer", questionID: 621) { _, document in
            XCTAssertTrue(document.contains { $0.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) } }, "CJK text shown")
        }
        try check(site: "quantumcomputing", questionID: 2145)
    }

    func testLiteralSocketTagIsShownAsText() throws {
        try check(site: "cardano", questionID: 3734) { _, document in
            XCTAssertTrue(document.joined(separator: " ").contains("<socket: 11>"))
        }
    }

    func testAcceptedAnswerComesFirstAndIsMarked() throws {
        // cardano question 2 has three answers; the accepted one (90) is not the first in the dump.
        guard let thread = try RealThreads.thread(site: "cardano", questionID: 2) else { throw XCTSkip("no data") }
        let accepted = try XCTUnwrap(thread.question.acceptedAnswerID)
        XCTAssertEqual(thread.answers.first?.answerID, accepted)
        let (_, document) = try allScreens(thread, columns: 100, rows: 30)
        XCTAssertTrue(document.contains { $0.contains("Answer 1/") && $0.contains("✓ accepted") })
    }

    func testLoadingAndErrorStatesOfTheView() throws {
        let store = try ReducerTestStore.listing(Fixtures.page(1, count: 3, firstID: 1), rows: 24, prefetching: true)
        let threadToken = try store.openSelectedQuestion()
        var lines = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(lines[1].contains("Question 1"), "the list's summary shows at once")
        store.indicatorDue(threadToken)
        lines = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(lines.contains { $0.contains("Loading question and answers…") })
        store.send(.loaded(threadToken, .thread(.failure(.httpStatus(500)))))
        store.expectEffects([], "a failed load only says why")
        lines = AppScreen.render(store.state, cache: ThreadLayoutCache(), now: now).buffer.lines
        XCTAssertTrue(lines.contains { $0.contains("⚠") && $0.contains("500") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[23].contains("500"), "the status line names the error: \(lines[23])")
    }
}
