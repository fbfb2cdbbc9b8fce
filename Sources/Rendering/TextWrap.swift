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
        var wrapper = Wrapper(width: max(1, width))
        for span in spans {
            for character in span.text { wrapper.add(character, style: span.style) }
        }
        return wrapper.finish()
    }

    /// Wraps plain text in one style.
    public static func wrap(_ text: String, style: CellStyle = .plain, width: Int) -> [StyledLine] {
        wrap([StyledSpan(text, style: style)], width: width)
    }

    /// Cuts `text` into pieces of at most `width` columns between graphemes, without looking for spaces
    /// (for code lines and URLs). An empty text gives one empty piece.
    public static func hardBreak(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var pieces: [String] = []
        var current = ""
        var used = 0
        for character in text {
            for (piece, pieceWidth) in fittingPieces(character, width: width) {
                if used + pieceWidth > width {
                    pieces.append(current)
                    current = ""
                    used = 0
                }
                current += piece
                used += pieceWidth
            }
        }
        pieces.append(current)
        return pieces
    }

    /// A grapheme as one piece, or as its terminal cells when wider than `width` (a cell too wide becomes `…`).
    static func fittingPieces(_ character: Character, width: Int) -> [(String, Int)] {
        let characterWidth = TextWidth.of(character)
        if characterWidth <= width { return [(String(character), characterWidth)] }
        return TextWidth.cells(of: character).map { $0.width <= width ? ($0.text, $0.width) : ("…", 1) }
    }

    /// Accumulates words and spaces into lines.
    private struct Wrapper {
        let width: Int
        var lines: [StyledLine] = []
        var line = StyledLine()
        /// Spaces seen since the last word; written only if a word follows on the same line.
        var pendingSpaces: [(Character, CellStyle)] = []
        /// The word being collected, with its width.
        var word: [(Character, Int, CellStyle)] = []
        var wordWidth = 0

        init(width: Int) { self.width = width }

        mutating func add(_ character: Character, style: CellStyle) {
            if character == "\n" || character == "\r\n" {
                flushWord()
                pendingSpaces.removeAll()
                breakLine()
            } else if character == " " || character == "\t" {
                flushWord()
                pendingSpaces.append((" ", style))
            } else {
                let characterWidth = TextWidth.of(character)
                if characterWidth >= 2 { flushWord() }
                for (piece, pieceWidth) in Self.pieces(character, width: characterWidth, limit: width) {
                    word.append((piece, pieceWidth, style))
                    wordWidth += pieceWidth
                }
                if characterWidth >= 2 { flushWord() }
            }
        }

        mutating func finish() -> [StyledLine] {
            flushWord()
            if !line.isEmpty || lines.isEmpty { lines.append(line) }
            return lines
        }

        private static func pieces(_ character: Character, width: Int, limit: Int) -> [(Character, Int)] {
            if width <= limit { return [(character, width)] }
            return TextWrap.fittingPieces(character, width: limit).map { (Character($0.0), $0.1) }
        }

        private mutating func breakLine() {
            lines.append(line)
            line = StyledLine()
        }

        private mutating func flushWord() {
            guard !word.isEmpty else { return }
            defer { word.removeAll(keepingCapacity: true); wordWidth = 0 }
            let spaces = line.isEmpty ? 0 : pendingSpaces.count
            if line.width + spaces + wordWidth <= width {
                if !line.isEmpty { for (space, style) in pendingSpaces { line.append(space, width: 1, style: style) } }
                pendingSpaces.removeAll()
                for (character, characterWidth, style) in word { line.append(character, width: characterWidth, style: style) }
                return
            }
            pendingSpaces.removeAll()
            if !line.isEmpty { breakLine() }
            for (character, characterWidth, style) in word {
                if line.width + characterWidth > width { breakLine() }
                line.append(character, width: characterWidth, style: style)
            }
        }
    }
}
