import CNcursesw
import CSupport
import TextEngine

/// What one `present` call drew.
public struct PresentReport: Equatable, Sendable {
    /// Rows in which at least one cell was drawn, ascending.
    public var changedRows: [Int]
    /// Cells drawn (a wide character counts once).
    public var drawnCells: Int
    /// True when every cell was drawn (first frame, after a resize, or a new buffer size).
    public var wasFullRepaint: Bool

    public init(changedRows: [Int] = [], drawnCells: Int = 0, wasFullRepaint: Bool = false) {
        self.changedRows = changedRows
        self.drawnCells = drawnCells
        self.wasFullRepaint = wasFullRepaint
    }
}

extension Terminal {
    /// Copies `buffer` to the screen, touching only cells that differ from the last presented buffer,
    /// then `doupdate()`. Cells beyond the screen are clipped.
    @discardableResult
    public func present(_ buffer: ScreenBuffer) -> PresentReport {
        guard isStarted, let window = stackterm_stdscr() else { return PresentReport() }
        let previous = presented.flatMap { $0.width == buffer.width && $0.height == buffer.height ? $0 : nil }
        if previous == nil { werase(window) }
        let screen = size
        var report = PresentReport(wasFullRepaint: previous == nil)
        for y in 0..<min(buffer.height, screen.rows) {
            let drawn = drawRow(y, of: buffer, previous: previous, columns: min(buffer.width, screen.columns),
                                in: window)
            if drawn > 0 {
                report.changedRows.append(y)
                report.drawnCells += drawn
            }
        }
        presented = buffer
        wnoutrefresh(window)
        doupdate()
        return report
    }

    /// Draws the changed cells of row `y`; returns how many were drawn.
    private func drawRow(_ y: Int, of buffer: ScreenBuffer, previous: ScreenBuffer?, columns: Int,
                         in window: UnsafeMutablePointer<WINDOW>) -> Int {
        var drawn = 0
        var nextFree = 0 // first column not yet covered by a cell drawn in this row
        for x in 0..<columns where previous == nil || previous![x, y] != buffer[x, y] {
            var start = x
            // A changed right half is redrawn through the wide character that owns it.
            if buffer[x, y].text.isEmpty, x > 0, TextWidth.of(buffer[x - 1, y].text) == 2 { start = x - 1 }
            guard start >= nextFree else { continue }
            nextFree = start + drawCell(buffer[start, y], x: start, y: y, columns: columns, in: window)
            drawn += 1
        }
        return drawn
    }

    /// Draws one cell at (x, y); returns the columns it covers (1 or 2).
    private func drawCell(_ cell: Cell, x: Int, y: Int, columns: Int, in window: UnsafeMutablePointer<WINDOW>) -> Int {
        let attributes = CursesStyle.attributes(for: cell.style, colorsEnabled: colorsEnabled, theme: theme,
                                                colorCount: colorCount)
        let pair = CursesStyle.pair(for: cell.style.color, colorsEnabled: colorsEnabled)
        let glyph = CellGlyph(cell.text)
        let fits = x + glyph.columns <= columns
        var scalars = fits ? glyph.scalars : [CellGlyph.space]
        let result = stackterm_put_cell(window, Int32(y), Int32(x), &scalars, Int32(scalars.count), attributes, pair)
        // curses reports ERR after drawing into the bottom-right corner (the cursor cannot advance): not a failure.
        let isCorner = y == size.rows - 1 && x + glyph.columns >= size.columns
        if result == stackterm_err(), !isCorner {
            var replacement = [CellGlyph.replacement]
            stackterm_put_cell(window, Int32(y), Int32(x), &replacement, 1, attributes, pair)
        }
        let covered = fits ? glyph.columns : 1
        if fits, glyph.paddedColumns > 0 {
            var space = [CellGlyph.space]
            stackterm_put_cell(window, Int32(y), Int32(x + glyph.columns - 1), &space, 1, attributes, pair)
        }
        return covered
    }
}

/// The scalars curses gets for a cell's text, and how many columns the cell covers.
struct CellGlyph {
    static let space: UInt32 = 0x20
    static let replacement: UInt32 = 0xFFFD
    /// A spacing scalar followed by combining ones, at most `CCHARW_MAX - 1` of them.
    let scalars: [UInt32]
    /// Columns the buffer gives this cell (1 or 2).
    let columns: Int
    /// Trailing columns filled with a space because curses draws the base narrower than the buffer counts it.
    let paddedColumns: Int

    init(_ text: String) {
        let all = text.unicodeScalars.map(\.value)
        guard let base = all.first else {
            scalars = [Self.space]
            columns = 1
            paddedColumns = 0
            return
        }
        let bufferWidth = max(1, TextWidth.of(text))
        let baseWidth = Int(stackterm_wcwidth(base))
        guard baseWidth > 0 else {
            scalars = [Self.replacement]
            columns = bufferWidth
            paddedColumns = bufferWidth - 1
            return
        }
        let marks = all.dropFirst().filter { stackterm_wcwidth($0) == 0 && (baseWidth == bufferWidth || $0 != 0xFE0F) }
        scalars = [base] + marks.prefix(Int(stackterm_ccharw_max()) - 2)
        columns = bufferWidth
        paddedColumns = max(0, bufferWidth - baseWidth)
    }
}
