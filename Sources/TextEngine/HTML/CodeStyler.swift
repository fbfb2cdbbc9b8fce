/// How a code block should look, as a `CodeStyler` answers it.
public enum CodeStyling: Hashable, Sendable {
    /// One styled line per line of the block's text (split at `\n`; no last empty line after a final `\n`).
    case styled([StyledLine])
    /// Drawn in the code colour: no language, an unknown one, or the highlighter declined.
    case plain
    /// Not known yet: asked with `cachedOnly`, and the block has not been highlighted. Drawn plain for now.
    case notReady
}

/// Colours code blocks for the renderer. The renderer only asks; the highlighter lives elsewhere
/// (`Highlighting.CodeHighlighter`), so layouts stay pure and tests can pass a fake.
public protocol CodeStyler: Sendable {
    /// The look of a block of `code` (the decoded text of a `<pre>`) whose `<pre>` and `<code>` carry
    /// `classes` (e.g. `lang-python prettyprint-override`), in a thread tagged `tags`. With `cachedOnly`
    /// it must answer at once: `.notReady` rather than doing the work.
    func styling(code: String, classes: String, tags: [String], cachedOnly: Bool) -> CodeStyling
}

/// Where one code block of a laid-out document is: its rows (the wrapped lines it was drawn on) and its text.
public struct CodeBlockPlacement: Hashable, Sendable {
    /// The document rows the block occupies.
    public var rows: Range<Int>
    /// The block's exact text (what `Y` copies).
    public var text: String

    public init(rows: Range<Int>, text: String) {
        self.rows = rows
        self.text = text
    }
}

