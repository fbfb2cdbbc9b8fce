import TeXMath

/// Renders Stack Exchange body HTML into styled terminal lines.
///
/// Rules (every line is at most `width` columns; no text of the body is ever dropped):
/// - **Paragraphs** (`p`, `div` and other blocks) are wrapped to the width; one blank line between blocks.
///   HTML whitespace collapses to single spaces; `br` breaks the line.
/// - **Headings** `h1`–`h6` are bold; `h1` and `h2` are also underlined in the accent colour.
/// - **Inline**: `em`/`i` italic, `strong`/`b` bold, `del`/`s` dim, `u`/`ins` underlined, `code` in the
///   code colour, `kbd` as `[Ctrl]` in the accent colour, `sup`/`sub` as plain text.
/// - **Code blocks** (`pre`, `pre > code`): verbatim — never re-wrapped or trimmed — indented by 2 columns in
///   the code colour (or the styles a `CodeStyler` gives them), tabs expanded to 4. A line wider than the
///   width continues on the next rows, each starting with a muted `↪` in the indent, so no code is lost.
///   `codeBlocks` keeps each block's exact text, `codePlacements` the rows of each one drawn as a block.
/// - **Lists** `ul`/`ol`, nested: bullets `•`, `◦`, `▪` by depth; `1.` numbers for `ol` (honouring `start`
///   and `li value`); wrapped lines hang under the item's text. Consecutive items have no blank line.
/// - **Blockquotes**: a muted `│ ` before every line, one more per nesting level; a quote that opens right where
///   one closed (Markdown's `> a`, blank line, `> b`) keeps the bar through the blank line between them.
/// - **Tables**: header row bold, cells separated by ` │ `, columns sized to their content when they fit;
///   otherwise each row as `header: value` lines (see `TableLayout`).
/// - **Images** as `[image: alt]` (or `[image]`); **links** as their text followed by `[n]`, numbered from 1 (or
///   the `firstLinkNumber` asked for: a thread numbers its posts' links on from one post to the next) in
///   order of first appearance (the same URL keeps its number); after the body a blank line and `[n] URL`
///   lines for the links some anchor of which shows other text than the URL (a link shown as its own URL,
///   with or without `https://`, is not repeated). URLs are kept as written: relative ones (`/questions/…`)
///   stay relative.
/// - `hr` is a muted line of `─`. Unknown elements keep their text;
///   `script`/`style` (and `template`, `title`, `head`) content is dropped.
/// - Odd HTML: a `<` that does not start a known tag (`a < b`, `<socket: 11>`) is text; unclosed and
///   misnested tags never lose text; comments are skipped; entities are decoded exactly once.
/// - All text is passed through `TerminalSafety`, so a decoded `&#27;` cannot reach the terminal.
/// - Very deep nesting at narrow widths cuts the prefixes so content keeps at least 4 columns.
/// - **Math** (given `MathOptions`, on MathJax sites): formulas between the site's delimiters, outside `code` and
///   `pre`, rendered by TeXMath in the `math` colour: inline ones on one line that wrapping never splits, display ones
///   as centred two-dimensional blocks (`mathBlocks` keeps their TeX); `\newcommand`/`\def` anywhere in the body
///   apply to every formula; a formula the engine cannot read stays as written in the code colour. Without options
///   every `$` is text.
/// - Bounded work (`RenderLimits`): levels past `maximumDepth` render flat, a paragraph or code line keeps
///   `maximumLineBytes`, a body `maximumBodyBytes`; each cut is announced by a muted notice. Nothing recurses,
///   and no line costs more than `maximumDepth` for its prefix, so time and memory grow linearly with the body.
public enum HTMLRenderer {
    /// Renders `html` to lines of at most `width` columns (a width below 1 counts as 1).
    public static func render(html: String, width: Int) -> RenderedDocument {
        // Never cancelled, so never nil.
        render(html: html, width: width, isCancelled: { false }) ?? RenderedDocument(lines: [], bodyLineCount: 0, links: [], codeBlocks: [])
    }

    /// Renders `html` like `render(html:width:)`, or returns nil soon after `isCancelled` turns true
    /// (it is asked every few thousand tokens).
    public static func render(html: String, width: Int, isCancelled: () -> Bool) -> RenderedDocument? {
        render(html: html, width: width, styleCode: nil, isCancelled: isCancelled)
    }

    /// Renders `html` like `render(html:width:isCancelled:)`, asking `styleCode` how each code block drawn as a
    /// block looks, given its text and the `class` attributes of its `<pre>` and `<code>` (nil: all plain), its
    /// first link numbered `firstLinkNumber` (`links` and `linkTexts` stay indexed from 0).
    /// `math` (nil: none) says which text is math and how it is shown; `listsEveryLink` puts every link in the
    /// `[n] URL` list after the body, those shown as their own URL too (for `print`, whose readers keep the text).
    public static func render(html: String, width: Int, styleCode: ((_ code: String, _ classes: String) -> CodeStyling)?,
                              firstLinkNumber: Int = 1, math: MathOptions? = nil, listsEveryLink: Bool = false,
                              isCancelled: () -> Bool) -> RenderedDocument? {
        let totalBytes = html.utf8.count
        let truncated = totalBytes > RenderLimits.maximumBodyBytes
        let kept = truncated ? String(html.prefix(utf8Bytes: RenderLimits.maximumBodyBytes)) : html
        var renderer = RenderState(width: width)
        renderer.styleCode = styleCode
        renderer.firstLinkNumber = firstLinkNumber
        renderer.listsEveryLink = listsEveryLink
        if let math {
            renderer.math = math
            renderer.mathRenderer = MathRenderer(style: math.style, macros: PostMacros.collect(html: kept, math.delimiters))
        }
        var tokenizer = HTMLTokenizer(kept)
        var untilCheck = RenderLimits.tokensPerCancellationCheck
        while let token = tokenizer.next() {
            renderer.handle(token)
            untilCheck -= 1
            if untilCheck == 0 {
                if isCancelled() { return nil }
                untilCheck = RenderLimits.tokensPerCancellationCheck
            }
        }
        if isCancelled() { return nil }
        return renderer.finish(totalBytes: totalBytes, truncated: truncated)
    }
}
