/// Word-wrapping of styled text by display columns.
///
/// Lines break at spaces (spaces at a break and at the start of a line are dropped), before and after wide characters (so CJK runs
/// wrap anywhere), and at `\n` (a hard break, which may leave an empty line). A word longer than the width
/// (a URL, an identifier) is broken between graphemes. Graphemes are never split, except one wider than
/// the whole width (👍🏽 is 4 columns), which is split into its terminal cells; a cell still wider than
/// the width (a wide character at width 1) is shown as `…`. No line is wider than `width`.
public enum TextWrap {
    /// Wraps `spans` to lines of at most `width` columns (`width` below 1 counts as 1), keeping styles.
    public static func wrap(_ spans: [StyledSpan], width: Int) -> [StyledLine] {
        wrap(spans, width: width, graphemesOnly: false)
    }

    /// Wraps like `wrap(_:width:)`; `graphemesOnly` turns the scalar path off (for tests pinning their equality).
    static func wrap(_ spans: [StyledSpan], width: Int, graphemesOnly: Bool) -> [StyledLine] {
        var wrapper = Wrapper(width: max(1, width))
        wrapper.graphemesOnly = graphemesOnly
        for span in spans { wrapper.add(span.text, style: span.style) }
        return wrapper.finish()
    }

    public static func wrap(_ text: String, style: CellStyle = .plain, width: Int) -> [StyledLine] {
        wrap([StyledSpan(text, style: style)], width: width)
    }

    /// Cuts `text` into pieces of at most `width` columns between graphemes, without looking for spaces
    /// (for code lines and URLs). An empty text gives one empty piece.
    public static func hardBreak(_ text: String, width: Int) -> [String] {
        hardBreak([StyledSpan(text)], width: width).map(\.text)
    }

    /// Cuts styled text like `hardBreak(_:width:)`, at the same places when no span boundary splits a grapheme.
    public static func hardBreak(_ spans: [StyledSpan], width: Int) -> [StyledLine] {
        let width = max(1, width)
        var lines: [StyledLine] = []
        var current = LineBuilder()
        for span in spans {
            if isPrintableASCII(span.text[...]) {
                appendCutting(asciiText: span.text[...], style: span.style, width: width, line: &current, lines: &lines)
                continue
            }
            for character in span.text {
                for (piece, pieceWidth) in fittingPieces(character, width: width) {
                    if current.width + pieceWidth > width { lines.append(current.take()) }
                    current.append(piece, width: pieceWidth, style: span.style)
                }
            }
        }
        lines.append(current.take())
        return lines
    }

    /// True when every byte is printable ASCII (one column each), so the text can be cut by bytes.
    static func isPrintableASCII(_ text: Substring) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
            ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Appends printable-ASCII text to `line` byte-run by byte-run, moving `line` to `lines` whenever it is
    /// full: the same cuts as going grapheme by grapheme, without breaking graphemes one at a time.
    static func appendCutting(asciiText text: Substring, style: CellStyle, width: Int,
                              line: inout LineBuilder, lines: inout [StyledLine]) {
        let bytes = text.utf8
        var start = bytes.startIndex
        var remaining = bytes.count
        while remaining > 0 {
            if line.width >= width { lines.append(line.take()) }
            let taken = min(width - line.width, remaining)
            let end = bytes.index(start, offsetBy: taken)
            line.append(text[start..<end], width: taken, style: style)
            start = end
            remaining -= taken
        }
    }

    /// A grapheme as one piece, or as its terminal cells when wider than `width` (a cell too wide becomes `…`).
    static func fittingPieces(_ character: Character, width: Int) -> [(String, Int)] {
        let characterWidth = TextWidth.of(character)
        if characterWidth <= width { return [(String(character), characterWidth)] }
        return TextWidth.cells(of: character).map { $0.width <= width ? ($0.text, $0.width) : ("…", 1) }
    }
}

/// Builds one line for the wrapper: the last span's text grows as bytes and becomes a `String` once, when the
/// style changes or the line is taken (appending to a `String` piece by piece costs far more).
struct LineBuilder {
    private(set) var width = 0
    private var spans: [StyledSpan] = []
    private var bytes: [UInt8] = []
    private var style = CellStyle.plain

    var isEmpty: Bool { spans.isEmpty && bytes.isEmpty }

    /// Appends text whose width the caller measured.
    mutating func append(_ text: Substring, width textWidth: Int, style textStyle: CellStyle) {
        guard !text.isEmpty else { return }
        if textStyle != style { closeSpan(); style = textStyle }
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
        width += textWidth
    }

    /// Appends UTF-8 bytes (whole characters) whose width the caller measured.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>, width textWidth: Int, style textStyle: CellStyle) {
        guard !text.isEmpty else { return }
        if textStyle != style { closeSpan(); style = textStyle }
        bytes.append(contentsOf: text)
        width += textWidth
    }

    /// Appends UTF-8 bytes (whole characters) whose width the caller measured.
    mutating func append(_ text: ArraySlice<UInt8>, width textWidth: Int, style textStyle: CellStyle) {
        guard !text.isEmpty else { return }
        if textStyle != style { closeSpan(); style = textStyle }
        bytes.append(contentsOf: text)
        width += textWidth
    }

    /// Appends text whose width the caller measured.
    mutating func append(_ text: String, width textWidth: Int, style textStyle: CellStyle) {
        append(text[...], width: textWidth, style: textStyle)
    }

    mutating func appendSpaces(_ count: Int, style spaceStyle: CellStyle) {
        guard count > 0 else { return }
        if spaceStyle != style { closeSpan(); style = spaceStyle }
        bytes.append(contentsOf: repeatElement(0x20, count: count))
        width += count
    }

    /// The line built so far, leaving the builder empty.
    mutating func take() -> StyledLine {
        closeSpan()
        defer { spans = []; width = 0 }
        return StyledLine(mergedSpans: spans, width: width)
    }

    private mutating func closeSpan() {
        guard !bytes.isEmpty else { return }
        spans.append(StyledSpan(String(decoding: bytes, as: UTF8.self), style: style))
        bytes.removeAll(keepingCapacity: true)
    }
}
