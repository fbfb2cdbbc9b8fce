/// A grid of cells that screens draw into and the terminal backend presents; tests read it as lines.
///
/// Invariant kept by `write`: a wide cell (width 2) is always followed by its continuation cell (text "");
/// overwriting either half of a wide cell blanks the other half, and a wide character that does not fit
/// before the right limit is replaced by a blank instead of being cut in half.
public struct ScreenBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major cells, `width * height` of them.
    public private(set) var cells: [Cell]

    /// A blank buffer of `width` × `height` cells (negative sizes count as 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (both must be inside the buffer).
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes `text` (already sanitized) at column `x` of row `y`, clipped to `maxWidth` columns; returns columns used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        var cursor = Cursor(x: x, y: y, limit: limit(x: x, maxWidth: maxWidth))
        write(text, style: style, cursor: &cursor)
        return cursor.x - x
    }

    /// Writes a styled line at column `x` of row `y`, clipped to `maxWidth` columns; returns columns used.
    @discardableResult
    public mutating func write(line: StyledLine, x: Int, y: Int, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        var cursor = Cursor(x: x, y: y, limit: limit(x: x, maxWidth: maxWidth))
        for span in line.spans where !cursor.isFull {
            write(span.text, style: span.style, cursor: &cursor)
        }
        return cursor.x - x
    }

    /// Fills a whole row with blanks in `style` (e.g. a highlighted selection bar).
    public mutating func fillRow(_ y: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for x in 0..<width { self[x, y] = Cell(" ", style: style) }
    }

    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    /// The text of each row, trailing spaces kept, for tests and plain output.
    public var lines: [String] {
        (0..<height).map { y in
            (0..<width).map { self[$0, y].text }.joined()
        }
    }

    // MARK: - Writing cells

    /// Where the next cell goes, and the column it must not reach.
    private struct Cursor {
        var x: Int
        let y: Int
        let limit: Int
        /// Column of the last cell written, so a zero-width mark can join it.
        var lastCell: Int?
        var isFull: Bool { x >= limit }
    }

    private func limit(x: Int, maxWidth: Int?) -> Int {
        guard let maxWidth else { return width }
        return min(width, x + max(0, maxWidth))
    }

    private mutating func write(_ text: String, style: CellStyle, cursor: inout Cursor) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            writeASCII(text, style: style, cursor: &cursor)
            return
        }
        if text.unicodeScalars.allSatisfy(LoneScalars.contains) {
            // Every scalar a grapheme of its own (typeset math, Greek, CJK…): no grapheme breaking.
            for scalar in text.unicodeScalars {
                if cursor.isFull { return }
                guard let piece = TextWidth.cell(ofLone: scalar) else { continue }
                if !place(piece, style: style, cursor: &cursor) { return }
            }
            return
        }
        for character in text {
            if cursor.isFull { return }
            for piece in TextWidth.cells(of: character) {
                if !place(piece, style: style, cursor: &cursor) { return }
            }
        }
    }

    /// Draws one cell's text of `piece.width` columns at the cursor (a zero-width one joins the last cell); false
    /// when the line ended there.
    private mutating func place(_ piece: (text: String, width: Int), style: CellStyle, cursor: inout Cursor) -> Bool {
        if piece.width == 0 {
            if let column = cursor.lastCell { self[column, cursor.y].text += piece.text }
            return true
        }
        if cursor.x + piece.width > cursor.limit {
            // Half a wide character would be left at the edge: draw a blank there instead.
            if cursor.x >= 0 { put(Cell(" ", style: style), at: cursor.x, y: cursor.y) }
            cursor.x = cursor.limit
            return false
        }
        if cursor.x >= 0 {
            put(Cell(piece.text, style: style), at: cursor.x, y: cursor.y)
            if piece.width == 2 { put(Cell("", style: style), at: cursor.x + 1, y: cursor.y, continuation: true) }
            cursor.lastCell = cursor.x
        } else if cursor.x + piece.width > 0 {
            // A wide character straddling the left edge: only its right half would show.
            put(Cell(" ", style: style), at: 0, y: cursor.y)
        }
        cursor.x += piece.width
        return true
    }

    /// Printable ASCII: one cell per byte, no grapheme or width lookups (the common case for titles and code).
    private mutating func writeASCII(_ text: String, style: CellStyle, cursor: inout Cursor) {
        for byte in text.utf8 {
            if cursor.isFull { return }
            if cursor.x >= 0 {
                put(Cell(String(UnicodeScalar(byte)), style: style), at: cursor.x, y: cursor.y)
                cursor.lastCell = cursor.x
            }
            cursor.x += 1
        }
    }

    /// Stores `cell`, first blanking the other half of any wide cell it overwrites half of.
    /// A `continuation` is the right half of a wide cell just written at `x - 1`, so only its right side is checked.
    private mutating func put(_ cell: Cell, at x: Int, y: Int, continuation: Bool = false) {
        let old = self[x, y]
        if old.text.isEmpty, !continuation, x > 0, !self[x - 1, y].text.isEmpty {
            self[x - 1, y].text = " "
        } else if !old.text.isEmpty, x + 1 < width, self[x + 1, y].text.isEmpty {
            self[x + 1, y].text = " "
        }
        self[x, y] = cell
    }
}
