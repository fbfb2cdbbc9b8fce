import TextEngine

/// What a highlighted token is, in the few kinds the theme colours; source-highlight's many element names
/// (`sourceHighlightElements`) fold into these.
public enum TokenClass: UInt8, CaseIterable, Hashable, Sendable {
    /// Each kind of token the theme has a `code-*` colour role for.
    case keyword, type, string, comment, number, preprocessor, function

    /// source-highlight element names and the class each one is drawn as. Elements not listed (`normal`,
    /// `symbol`, `cbracket`, `variable`…) stay in the block's plain code colour.
    public static let sourceHighlightElements: [(name: String, tokenClass: TokenClass)] = [
        ("keyword", .keyword), ("predef_func", .keyword),
        ("type", .type), ("classname", .type), ("usertype", .type),
        ("string", .string), ("regexp", .string), ("specialchar", .string),
        ("comment", .comment), ("todo", .comment),
        ("number", .number),
        ("preproc", .preprocessor),
        ("function", .function),
    ]

    /// How tokens of this class are drawn: their colour role; keywords also bold, which is all that is left
    /// of highlighting when colours are off (`NO_COLOR`).
    public var style: CellStyle {
        switch self {
        case .keyword: CellStyle(.bold, color: .codeKeyword)
        case .type: CellStyle(color: .codeType)
        case .string: CellStyle(color: .codeString)
        case .comment: CellStyle(color: .codeComment)
        case .number: CellStyle(color: .codeNumber)
        case .preprocessor: CellStyle(color: .codePreprocessor)
        case .function: CellStyle(color: .codeFunction)
        }
    }

    /// The style of a block's text outside any token.
    public static let plainStyle = CellStyle(color: .code)
}
