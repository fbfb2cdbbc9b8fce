import TextEngine

/// Tokens (byte ranges of lines) → styled lines: each grapheme takes the class of the token its first byte is in,
/// the rest is in the plain code style, and neighbouring runs of one style are one span.
///
/// Span boundaries must fall between graphemes, so the renderer breaks a styled line exactly where it breaks the
/// plain one. Where every token starts and ends between two ASCII bytes (other than CR LF) that is already true,
/// and the spans are cut from the bytes directly; a line with a token edge next to a non-ASCII byte is walked
/// grapheme by grapheme (`graphemeLine`).
enum TokenLines {
    /// `code`'s lines, split as `code.split(separator: "\n", omittingEmptySubsequences: false)` splits them
    /// (less an empty last one after a final newline) — so at each LF byte not preceded by CR, since "\r\n" is
    /// one Character — styled by `tokens`.
    static func lines(of code: String, tokens: [SourceHighlight.Token]) -> [StyledLine] {
        let bytes = Array(code.utf8)
        var result: [StyledLine] = []
        var next = 0
        var number = 0
        var lineStart = 0
        var index = 0
        while index <= bytes.count {
            let ends = index == bytes.count || (bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D))
            if !ends {
                index += 1
                continue
            }
            if index == bytes.count && lineStart == bytes.count && !bytes.isEmpty && number > 0 { break } // after a final "\n"
            let first = next
            while next < tokens.count, tokens[next].line == number { next += 1 }
            result.append(styledLine(code, bytes: bytes, range: lineStart..<index, tokens: tokens[first..<next]))
            while next < tokens.count, tokens[next].line <= number { next += 1 }
            number += 1
            index += 1
            lineStart = index
        }
        return result
    }

    /// One line (`range` of `code`'s UTF-8 `bytes`) in styles.
    static func styledLine(_ code: String, bytes: [UInt8], range: Range<Int>, tokens: ArraySlice<SourceHighlight.Token>) -> StyledLine {
        let line = substring(code, range)
        guard !tokens.isEmpty else { return StyledLine(String(line), style: TokenClass.plainStyle) }
        // Runs of one style as byte offsets within the line; nil when some token edge may split a grapheme.
        var runs: [(range: Range<Int>, style: CellStyle)] = []
        var position = 0
        let length = range.count
        func add(_ run: Range<Int>, _ style: CellStyle) {
            guard !run.isEmpty else { return }
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].range = last.range.lowerBound..<run.upperBound
            } else {
                runs.append((run, style))
            }
        }
        func between(_ offset: Int) -> Bool {
            guard offset > 0, offset < length else { return true }
            let before = bytes[range.lowerBound + offset - 1], after = bytes[range.lowerBound + offset]
            return before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A)
        }
        for token in tokens {
            let lower = min(max(token.bytes.lowerBound, position), length), upper = min(token.bytes.upperBound, length)
            guard lower < upper else { continue }
            guard between(lower), between(upper) else { return graphemeLine(line, tokens: tokens) }
            add(position..<lower, TokenClass.plainStyle)
            add(lower..<upper, token.tokenClass.style)
            position = upper
        }
        add(position..<length, TokenClass.plainStyle)
        return StyledLine(runs.map { StyledSpan(String(substring(code, $0.range.lowerBound + range.lowerBound..<$0.range.upperBound + range.lowerBound)), style: $0.style) })
    }

    /// The bytes `range` of `code` (whose ends fall on scalar boundaries) as a substring.
    private static func substring(_ code: String, _ range: Range<Int>) -> Substring {
        let start = code.utf8.index(code.utf8.startIndex, offsetBy: range.lowerBound)
        return code[start..<code.utf8.index(start, offsetBy: range.count)]
    }

    /// One line in styles, walked grapheme by grapheme: each takes the class of the token its first byte is in.
    static func graphemeLine(_ line: Substring, tokens: ArraySlice<SourceHighlight.Token>) -> StyledLine {
        guard !tokens.isEmpty else { return StyledLine(String(line), style: TokenClass.plainStyle) }
        var spans: [StyledSpan] = []
        var tokenIndex = tokens.startIndex
        var offset = 0
        var runStart = line.startIndex
        var runStyle = TokenClass.plainStyle
        var index = line.startIndex
        while index < line.endIndex {
            // An ASCII byte other than CR followed by another ASCII byte (or the end) is a grapheme of its own.
            let byteAfter = line.utf8.index(after: index)
            let single = line.utf8[index] < 0x80 && line.utf8[index] != 0x0D && (byteAfter == line.endIndex || line.utf8[byteAfter] < 0x80)
            let next = single ? byteAfter : line.index(after: index)
            while tokenIndex < tokens.endIndex, tokens[tokenIndex].bytes.upperBound <= offset { tokenIndex += 1 }
            let style = tokenIndex < tokens.endIndex && tokens[tokenIndex].bytes.contains(offset)
                ? tokens[tokenIndex].tokenClass.style : TokenClass.plainStyle
            if style != runStyle {
                if runStart < index { spans.append(StyledSpan(String(line[runStart..<index]), style: runStyle)) }
                runStart = index
                runStyle = style
            }
            offset += line.utf8.distance(from: index, to: next)
            index = next
        }
        if runStart < line.endIndex { spans.append(StyledSpan(String(line[runStart..<line.endIndex]), style: runStyle)) }
        return StyledLine(spans)
    }
}
