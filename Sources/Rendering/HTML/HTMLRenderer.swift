/// Renders Stack Exchange body HTML into styled terminal lines.
///
/// Rules (every line is at most `width` columns; no text of the body is ever dropped):
/// - **Paragraphs** (`p`, `div` and other blocks) are wrapped to the width; one blank line between blocks.
///   HTML whitespace collapses to single spaces; `br` breaks the line.
/// - **Headings** `h1`–`h6` are bold; `h1` and `h2` are also underlined in the accent colour.
/// - **Inline**: `em`/`i` italic, `strong`/`b` bold, `del`/`s` dim, `u`/`ins` underlined, `code` in the
///   code colour, `kbd` as `[Ctrl]` in the accent colour, `sup`/`sub` as plain text.
/// - **Code blocks** (`pre`, `pre > code`): verbatim — never re-wrapped or trimmed — indented by 2 columns in
///   the code colour, tabs expanded to 4. A line wider than the width continues on the next rows, each
///   starting with a muted `↪` in the indent, so no code is lost. `codeBlocks` keeps each block's exact text.
/// - **Lists** `ul`/`ol`, nested: bullets `•`, `◦`, `▪` by depth; `1.` numbers for `ol` (honouring `start`
///   and `li value`); wrapped lines hang under the item's text. Consecutive items have no blank line.
/// - **Blockquotes**: a muted `│ ` before every line, one more per nesting level.
/// - **Tables**: header row bold, cells separated by ` │ `, columns sized to their content when they fit;
///   otherwise each row as `header: value` lines (see `TableLayout`).
/// - **Images** as `[image: alt]` (or `[image]`); **links** as their text followed by `[n]`, numbered from 1 in
///   order of first appearance (the same URL keeps its number); after the body a blank line and `[n] URL`
///   lines. URLs are kept as written: relative ones (`/questions/…`) stay relative.
/// - `hr` is a muted line of `─`. MathJax `$…$` stays as text. Unknown elements keep their text;
///   `script`/`style` (and `template`, `title`, `head`) content is dropped.
/// - Odd HTML: a `<` that does not start a known tag (`a < b`, `<socket: 11>`) is text; unclosed and
///   misnested tags never lose text; comments are skipped; entities are decoded exactly once.
/// - All text is passed through `TerminalSafety`, so a decoded `&#27;` cannot reach the terminal.
/// - Very deep nesting at narrow widths cuts the prefixes so content keeps at least 4 columns.
public enum HTMLRenderer {
    /// Renders `html` to lines of at most `width` columns (a width below 1 counts as 1).
    public static func render(html: String, width: Int) -> RenderedDocument {
        var renderer = RenderState(width: width)
        var tokenizer = HTMLTokenizer(html)
        while let token = tokenizer.next() { renderer.handle(token) }
        return renderer.finish()
    }
}
