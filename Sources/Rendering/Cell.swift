/// Colours a cell may ask for; the terminal backend maps them to curses colour pairs (or ignores them under NO_COLOR).
public enum CellColor: UInt8, CaseIterable, Hashable, Sendable {
    /// Each case is a colour role: default text, accent (headings), muted (decorations), status colours, code, tags, links.
    case normal, accent, muted, success, warning, error, code, tag, link
    /// The roles of highlighted tokens in code blocks (the rest of a block stays `code`).
    case codeKeyword, codeType, codeString, codeComment, codeNumber, codePreprocessor, codeFunction
}

/// Text attributes of one cell.
public struct CellStyle: Hashable, Sendable {
    /// Attribute flags that combine.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The raw bit set.
        public let rawValue: UInt8
        /// Wraps a raw bit set.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold text.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Reverse text.
        public static let reverse = Attributes(rawValue: 1 << 1)
        /// Underline text.
        public static let underline = Attributes(rawValue: 1 << 2)
        /// Dim text.
        public static let dim = Attributes(rawValue: 1 << 3)
        /// Italic text.
        public static let italic = Attributes(rawValue: 1 << 4)
    }

    /// Bold, reverse, underline, dim, italic.
    public var attributes: Attributes
    /// The colour role; the backend picks the actual colour.
    public var color: CellColor

    /// A style from attributes and a colour role.
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
    /// How the cell is drawn.
    public var style: CellStyle

    /// A cell showing `text` (width 1 or 2, or "" for a continuation) in `style`.
    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell()
}
