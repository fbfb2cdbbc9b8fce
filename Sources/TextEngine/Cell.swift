/// Colours a cell may ask for; the terminal backend maps them to curses colour pairs (or ignores them under NO_COLOR).
public enum CellColor: UInt8, CaseIterable, Hashable, Sendable {
    /// Each case is a colour role: default text, accent (headings), muted (decorations), status colours, code, tags, links.
    case normal, accent, muted, success, warning, error, code, tag, link
    /// The roles of highlighted tokens in code blocks (the rest of a block stays `code`).
    case codeKeyword, codeType, codeString, codeComment, codeNumber, codePreprocessor, codeFunction
    /// Rendered math (formulas of MathJax sites).
    case math
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
    /// The colour role; the backend picks the actual colour.
    public var color: CellColor

    public init(_ attributes: Attributes = [], color: CellColor = .normal) {
        self.attributes = attributes
        self.color = color
    }

    /// No attributes, default colour.
    public static let plain = CellStyle()
}

/// One screen cell: text of width 1 or 2 (a grapheme, or one tmux cell of a wider one), or "" for the right half of a wide cell.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; "" for the right half of a wide character.
    public var text: String
    public var style: CellStyle

    /// A cell showing `text` (width 1 or 2, or "" for a continuation) in `style`.
    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    public static let blank = Cell()
}
