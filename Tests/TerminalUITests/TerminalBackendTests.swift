import AppCore
import TerminalUI
import TestSupport
import TextEngine
import XCTest

/// Real curses driven without a terminal: `newterm` on /dev/null, the screen read back from curses.
/// (XCTest on Linux cannot run `@MainActor` test methods; each test body runs through `onMain`.)
final class TerminalBackendTests: XCTestCase {
    @MainActor
    private static func startedTerminal(columns: Int = 40, rows: Int = 8) throws -> Terminal {
        let terminal = try Terminal(inputPath: "/dev/null", outputPath: "/dev/null", terminalType: "xterm-256color")
        try terminal.start()
        terminal.resize(columns: columns, rows: rows)
        XCTAssertEqual(terminal.size.columns, columns)
        XCTAssertEqual(terminal.size.rows, rows)
        return terminal
    }

    private static func buffer(_ lines: [String], width: Int = 40, height: Int = 8) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        for (y, line) in lines.enumerated() { buffer.write(line, x: 0, y: y) }
        return buffer
    }

    func testPresentedAsciiCJKAndEmojiReadBackAsWritten() throws {
        try onMain {
            let terminal = try Self.startedTerminal()
            defer { terminal.stop() }
            let buffer = Self.buffer([
                "plain ASCII text",
                "日本語のタイトル – CJK",
                "emoji 😀 and 🎉 here",
                "accents: café, e\u{301}, Ångström",
                "עברית and العربية",
                "ends with wide at edge: 0123456789中",
            ])
            let report = terminal.present(buffer)
            XCTAssertTrue(report.wasFullRepaint)
            XCTAssertEqual(terminal.screenLines(), buffer.lines)
            XCTAssertEqual(terminal.screenCell(x: 0, y: 1)?.text, "日")
            XCTAssertEqual(terminal.screenCell(x: 6, y: 2)?.text, "😀")
            XCTAssertEqual(terminal.screenCell(x: 15, y: 3)?.text, "e\u{301}")
        }
    }

    func testIncrementalPresentTouchesOnlyChangedRows() throws {
        try onMain {
            let terminal = try Self.startedTerminal()
            defer { terminal.stop() }
            var lines = (0..<8).map { "row \($0) 中文 text" }
            terminal.present(Self.buffer(lines))

            let same = terminal.present(Self.buffer(lines))
            XCTAssertEqual(same, PresentReport(changedRows: [], drawnCells: 0, wasFullRepaint: false))

            lines[2] = "row 2 changed"
            lines[6] = "row 6 中文 texT"
            let next = Self.buffer(lines)
            let report = terminal.present(next)
            XCTAssertEqual(report.changedRows, [2, 6])
            XCTAssertFalse(report.wasFullRepaint)
            XCTAssertEqual(report.drawnCells, 1 + 9, "row 6: one letter; row 2: 'changed' over the old tail")
            XCTAssertEqual(terminal.screenLines(), next.lines)
        }
    }

    func testWideAndNarrowCharactersReplaceEachOther() throws {
        try onMain {
            let terminal = try Self.startedTerminal()
            defer { terminal.stop() }
            terminal.present(Self.buffer(["中文字符", "abcdefgh", "a中b文c"]))
            let swapped = Self.buffer(["abcdefgh", "中文字符", "中a文bc"])
            terminal.present(swapped)
            XCTAssertEqual(terminal.screenLines(), swapped.lines)
        }
    }

    func testResizeForcesFullRepaintAtTheNewSize() throws {
        try onMain {
            let terminal = try Self.startedTerminal()
            defer { terminal.stop() }
            terminal.present(Self.buffer(["before"]))
            terminal.resize(columns: 20, rows: 4)
            XCTAssertEqual(terminal.size.columns, 20)
            XCTAssertEqual(terminal.size.rows, 4)
            let small = Self.buffer(["after resize", "中文"], width: 20, height: 4)
            let report = terminal.present(small)
            XCTAssertTrue(report.wasFullRepaint)
            XCTAssertEqual(terminal.screenLines(), small.lines)
        }
    }

    func testBufferLargerThanScreenIsClipped() throws {
        try onMain {
            let terminal = try Self.startedTerminal(columns: 10, rows: 2)
            defer { terminal.stop() }
            let large = Self.buffer(["0123456789ABCDEF", "123456789中文", "hidden row"], width: 16, height: 3)
            terminal.present(large)
            XCTAssertEqual(terminal.screenLines(), ["0123456789", "123456789 "], "a wide character cut by the edge is blank")
        }
    }

    func testStylesBecomeCursesAttributesAndColourPairs() throws {
        try onMain {
            let terminal = try Self.startedTerminal()
            defer { terminal.stop() }
            var buffer = ScreenBuffer(width: 40, height: 8)
            buffer.write("B", x: 0, y: 0, style: CellStyle([.bold, .reverse]))
            buffer.write("U", x: 1, y: 0, style: CellStyle([.underline, .italic], color: .accent))
            terminal.present(buffer)
            XCTAssertEqual(terminal.screenCell(x: 0, y: 0)?.attributes, [.bold, .reverse])
            XCTAssertEqual(terminal.screenCell(x: 1, y: 0)?.attributes, [.underline, .italic])
            XCTAssertEqual(terminal.screenCell(x: 0, y: 0)?.colorPair, 0)
            let expectedPair = terminal.colorsEnabled ? Int(CellColor.accent.rawValue) : 0
            XCTAssertEqual(terminal.screenCell(x: 1, y: 0)?.colorPair, expectedPair)
            XCTAssertEqual(terminal.screenCell(x: 2, y: 0)?.attributes, [])
        }
    }

    func testStopIsIdempotentAndATerminalStartsOnce() throws {
        try onMain {
            let terminal = try Self.startedTerminal()
            terminal.stop()
            terminal.stop()
            XCTAssertFalse(terminal.isStarted)
            XCTAssertEqual(terminal.present(Self.buffer(["after stop"])), PresentReport())
            XCTAssertThrowsError(try terminal.start()) { XCTAssertEqual($0 as? TerminalError, .stopped) }
        }
    }

    func testStartingTwiceAndUnknownTerminalTypeAreClearErrors() throws {
        try onMain {
            let terminal = try Self.startedTerminal()
            defer { terminal.stop() }
            XCTAssertThrowsError(try terminal.start()) { XCTAssertEqual($0 as? TerminalError, .alreadyStarted) }

            let unknown = try Terminal(inputPath: "/dev/null", outputPath: "/dev/null", terminalType: "no-such-terminal")
            XCTAssertThrowsError(try unknown.start()) {
                XCTAssertEqual($0 as? TerminalError, .unknownTerminalType("no-such-terminal"))
            }
            XCTAssertThrowsError(try Terminal(inputPath: "/no/such/file", outputPath: "/dev/null")) {
                guard case .cannotOpen(let path, _)? = $0 as? TerminalError else { return XCTFail("\($0)") }
                XCTAssertEqual(path, "/no/such/file")
            }
        }
    }
}
