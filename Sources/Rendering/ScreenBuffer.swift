import Foundation

/// Colours a cell may ask for; the terminal backend maps them to curses colour pairs (or ignores them under NO_COLOR).
public enum CellColor: UInt8, Hashable, Sendable {
    case normal, accent, muted, success, warning, error, code, tag, link
}

/// Text attributes of one cell.
public struct CellStyle: Hashable, Sendable {
    /// Attribute flags that combine.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1 << 0)
        public static let reverse = Attributes(rawValue: 1 << 1)
        public static let underline = Attributes(rawValue: 1 << 2)
        public static let dim = Attributes(rawValue: 1 << 3)
        public static let italic = Attributes(rawValue: 1 << 4)
    }

    public var attributes: Attributes
    public var color: CellColor

    public init(_ attributes: Attributes = [], color: CellColor = .normal) {
        self.attributes = attributes
        self.color = color
    }

    /// No attributes, default colour.
    public static let plain = CellStyle()
}

/// One screen cell: a grapheme of width 1 or 2, or an empty continuation of the wide one to its left.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; "" for the right half of a wide character.
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell()
}

/// A grid of cells that screens draw into and the terminal backend presents; tests read it as lines.
public struct ScreenBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major cells, `width * height` of them.
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes `text` (already sanitized) at column `x` of row `y`, clipped to `maxWidth` columns; returns columns used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var column = x
        for character in text {
            let w = TextWidth.of(character)
            if w == 0 { continue }
            if column + w > limit { break }
            if column >= 0 {
                self[column, y] = Cell(String(character), style: style)
                if w == 2 { self[column + 1, y] = Cell("", style: style) }
            }
            column += w
        }
        return column - x
    }

    /// Fills a whole row with blanks in `style` (e.g. a highlighted selection bar).
    public mutating func fillRow(_ y: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for x in 0..<width { self[x, y] = Cell(" ", style: style) }
    }

    /// The text of each row, trailing spaces kept, for tests and plain output.
    public var lines: [String] {
        (0..<height).map { y in
            (0..<width).map { self[$0, y].text }.joined()
        }
    }
}
