import TeXMath

/// A body rendered for the terminal: styled lines of at most the render width, and the links it cites.
public struct RenderedDocument: Hashable, Sendable {
    /// Every line: the body, then (when some link shows other text than its URL) a blank line and one `[n] URL`
    /// entry per such link.
    public var lines: [StyledLine]
    /// How many of `lines` are the body, before the link list.
    public var bodyLineCount: Int
    /// Link targets as written in the HTML (relative ones kept relative); `[n]` in the text is `links[n - 1]`
    /// (`links[n - first]` when rendered with a `firstLinkNumber` of `first`).
    public var links: [String]
    /// The text of each link (its first anchor's, white space collapsed; may be empty), by `links` index.
    public var linkTexts: [String]
    /// The exact decoded text of each code block (`<pre>`), in order, before tab expansion or wrapping.
    public var codeBlocks: [String]
    /// The rows and text of each code block drawn as a block (not those inside table cells), in order.
    public var codePlacements: [CodeBlockPlacement]
    /// True when a `CodeStyler` asked with `cachedOnly` answered `.notReady` for some block: it is drawn plain
    /// and a later layout may colour it.
    public var codeAwaitingStyle: Bool
    /// The rows and TeX (delimiters included) of each display formula drawn as a block, in order (`Y` copies it).
    public var mathBlocks: [CodeBlockPlacement]
    /// Each inline formula typeset in a paragraph (not in a table), in order, at most `RenderLimits.inlineFormulas`.
    public var inlineMath: [FormulaPlacement] = []

    public init(lines: [StyledLine], bodyLineCount: Int, links: [String], codeBlocks: [String], linkTexts: [String] = [],
                codePlacements: [CodeBlockPlacement] = [], codeAwaitingStyle: Bool = false, mathBlocks: [CodeBlockPlacement] = []) {
        self.lines = lines
        self.bodyLineCount = bodyLineCount
        self.links = links
        self.linkTexts = linkTexts
        self.codeBlocks = codeBlocks
        self.codePlacements = codePlacements
        self.codeAwaitingStyle = codeAwaitingStyle
        self.mathBlocks = mathBlocks
    }

    /// The plain text of every line, for tests and plain output.
    public var plainLines: [String] { lines.map(\.text) }
}
