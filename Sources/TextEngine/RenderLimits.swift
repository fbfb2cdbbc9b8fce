/// The bounds on what a body costs to lay out, so a hostile body takes bounded time and memory.
///
/// Past each bound the renderer keeps going with less, and says so in the output (muted text), never silently:
/// a body nested deeper than `maximumDepth` starts with `depthNotice`; a paragraph or code line longer than
/// `maximumLineBytes` ends with `lineNotice`; a body longer than `maximumBodyBytes` ends with `bodyNotice`.
public enum RenderLimits {
    /// Nesting levels (quotes, lists, items, `dd`) that indent or draw a bar; deeper levels render flat.
    public static let maximumDepth = 32
    /// UTF-8 bytes of a body's HTML that are rendered; the rest is dropped.
    public static let maximumBodyBytes = 4 << 20
    /// UTF-8 bytes of text one paragraph, table cell or code line keeps; the rest is dropped.
    public static let maximumLineBytes = 200_000
    /// Inline formulas of one body kept as copy targets (`RenderedDocument.inlineMath`); later ones are not.
    public static let inlineFormulas = 10_000
    /// Tokens read between two looks at a layout's cancellation flag.
    static let tokensPerCancellationCheck = 4_096

    /// The first line of a body nested deeper than `maximumDepth`.
    public static let depthNotice = "(nested deeper than \(maximumDepth) levels: the deeper levels are shown flat)"
    /// Appended to a paragraph or code line cut at `maximumLineBytes`.
    public static let lineNotice = "…(line truncated)"
    /// The last line of a body cut at `maximumBodyBytes`.
    public static func bodyNotice(totalBytes: Int) -> String {
        "(body truncated: the first \(maximumBodyBytes >> 20) MB of \(megabytes(totalBytes)) MB are shown)"
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10)"
    }
}
