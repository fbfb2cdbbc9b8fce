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

    /// Accumulates words and spaces into lines. A word is kept as styled pieces (not single graphemes) so
    /// ASCII text is measured from its bytes; only a word too long for a line is cut grapheme by grapheme.
    private struct Wrapper {
        let width: Int
        var lines: [StyledLine] = []
        var line = LineBuilder()
        /// Spaces seen since the last word (count and style); written only if a word follows on the same line.
        var pendingSpaces: [(count: Int, style: CellStyle)] = []
        /// The word being collected: pieces of text with their widths and styles.
        var word: [(text: Substring, width: Int, style: CellStyle)] = []
        var wordWidth = 0
        /// True to go grapheme by grapheme even where every scalar is a grapheme of its own.
        var graphemesOnly = false

        init(width: Int) { self.width = width }

        /// Splits `text` at ASCII spaces, tabs and newlines (found from its bytes); a run of ASCII bytes is
        /// measured from its bytes, only a run holding other characters goes grapheme by grapheme.
        mutating func add(_ text: String, style: CellStyle) {
            let bytes = text.utf8
            var runStart = bytes.startIndex
            var runIsASCII = true
            var index = runStart
            while index < bytes.endIndex {
                let byte = bytes[index]
                let next = bytes.index(after: index)
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    addRun(text[runStart..<index], isASCII: runIsASCII, style: style)
                    if byte == 0x0A { hardBreak() } else if byte != 0x0D { addSpace(style) }
                    runStart = next
                    runIsASCII = true
                } else if byte >= 0x80 {
                    runIsASCII = false
                }
                index = next
            }
            addRun(text[runStart..<index], isASCII: runIsASCII, style: style)
        }

        /// One run without ASCII white space: part of the current word.
        private mutating func addRun(_ run: Substring, isASCII: Bool, style: CellStyle) {
            guard !run.isEmpty else { return }
            if isASCII {
                appendToWord(run, width: TextWidth.asciiWidth(run) ?? 0, style: style)
            } else {
                addUnicode(run, style: style)
            }
        }

        /// Other text: grapheme by grapheme (scalar by scalar when each scalar is a grapheme); a wide grapheme is a
        /// word of its own.
        private mutating func addUnicode(_ text: Substring, style: CellStyle) {
            if !graphemesOnly, LoneScalars.containsAll(text) { return addLoneScalars(text, style: style) }
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                let next = text.index(after: index)
                if character == "\n" || character == "\r\n" {
                    hardBreak()
                } else if character == " " || character == "\t" {
                    addSpace(style)
                } else {
                    let characterWidth = TextWidth.of(character)
                    if characterWidth >= 2 { flushWord() }
                    appendToWord(text[index..<next], width: characterWidth, style: style)
                    if characterWidth >= 2 { flushWord() }
                }
                index = next
            }
        }

        /// Text whose every scalar is a grapheme of its own (`LoneScalars`): scalar by scalar, as the grapheme path
        /// would go, each run of narrow scalars kept as one piece of the word.
        private mutating func addLoneScalars(_ text: Substring, style: CellStyle) {
            let scalars = text.unicodeScalars
            var narrowStart = scalars.startIndex
            var narrowWidth = 0
            var index = scalars.startIndex
            while index < scalars.endIndex {
                let scalarWidth = TextWidth.of(scalars[index])
                let next = scalars.index(after: index)
                if scalarWidth >= 2 {
                    if narrowStart < index { appendToWord(text[narrowStart..<index], width: narrowWidth, style: style) }
                    flushWord()
                    appendToWord(text[index..<next], width: scalarWidth, style: style)
                    flushWord()
                    narrowStart = next
                    narrowWidth = 0
                } else {
                    narrowWidth += scalarWidth
                }
                index = next
            }
            if narrowStart < index { appendToWord(text[narrowStart..<index], width: narrowWidth, style: style) }
        }

        mutating func finish() -> [StyledLine] {
            flushWord()
            if !line.isEmpty || lines.isEmpty { lines.append(line.take()) }
            return lines
        }

        private mutating func appendToWord(_ text: Substring, width pieceWidth: Int, style: CellStyle) {
            word.append((text, pieceWidth, style))
            wordWidth += pieceWidth
        }

        private mutating func addSpace(_ style: CellStyle) {
            flushWord()
            if let last = pendingSpaces.indices.last, pendingSpaces[last].style == style {
                pendingSpaces[last].count += 1
            } else {
                pendingSpaces.append((1, style))
            }
        }

        private mutating func hardBreak() {
            flushWord()
            pendingSpaces.removeAll()
            lines.append(line.take())
        }

        private mutating func breakLine() {
            lines.append(line.take())
        }

        private mutating func flushWord() {
            guard !word.isEmpty else { return }
            defer { word.removeAll(keepingCapacity: true); wordWidth = 0 }
            let spaces = line.isEmpty ? 0 : pendingSpaces.reduce(0) { $0 + $1.count }
            if line.width + spaces + wordWidth <= width {
                if !line.isEmpty {
                    for run in pendingSpaces {
                        line.appendSpaces(run.count, style: run.style)
                    }
                }
                pendingSpaces.removeAll()
                for piece in word { line.append(piece.text, width: piece.width, style: piece.style) }
                return
            }
            pendingSpaces.removeAll()
            if !line.isEmpty { breakLine() }
            if wordWidth <= width {
                for piece in word { line.append(piece.text, width: piece.width, style: piece.style) }
                return
            }
            for piece in word {
                if TextWrap.isPrintableASCII(piece.text) {
                    TextWrap.appendCutting(asciiText: piece.text, style: piece.style, width: width, line: &line, lines: &lines)
                    continue
                }
                for character in piece.text {
                    for (text, pieceWidth) in TextWrap.fittingPieces(character, width: width) {
                        if line.width + pieceWidth > width { breakLine() }
                        line.append(text, width: pieceWidth, style: piece.style)
                    }
                }
            }
        }
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
