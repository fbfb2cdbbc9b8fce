/// A run of text drawn in one style.
public struct StyledSpan: Hashable, Sendable {
    /// The text (already sanitized; no newlines inside a `StyledLine`).
    public var text: String
    public var style: CellStyle

    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One row of styled text: spans in order, with its display width kept up to date.
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The spans, adjacent spans of equal style merged.
    public private(set) var spans: [StyledSpan]
    /// Columns the line occupies.
    public private(set) var width: Int

    /// A line of `spans`, neighbours of one style merged.
    public init(_ spans: [StyledSpan] = []) {
        self.spans = []
        self.width = 0
        for span in spans { append(span.text, style: span.style) }
    }

    /// A line of spans already merged (no two neighbours of one style, none empty) and measured.
    init(mergedSpans: [StyledSpan], width: Int) {
        self.spans = mergedSpans
        self.width = width
    }

    public init(_ text: String, style: CellStyle = .plain) {
        self.init([StyledSpan(text, style: style)])
    }

    /// A plain line, for tests and literals.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The line's text without styles.
    public var text: String { spans.map(\.text).joined() }

    /// The plain text, for debugging and test failure messages.
    public var description: String { text }

    public var isEmpty: Bool { spans.isEmpty }

    /// Appends `text` in `style`, merging with the last span when the style is the same.
    public mutating func append(_ text: String, style: CellStyle = .plain) {
        append(text, width: TextWidth.of(text), style: style)
    }

    /// Appends `line` without measuring it again, joining its first span to the last one when their styles match.
    public mutating func append(_ line: StyledLine) {
        guard let first = line.spans.first else { return }
        var rest = line.spans[...]
        if let last = spans.indices.last, spans[last].style == first.style {
            spans[last].text += first.text
            rest = rest.dropFirst()
        }
        spans.append(contentsOf: rest)
        width += line.width
    }

    /// Appends text whose width the caller already measured.
    mutating func append(_ text: String, width textWidth: Int, style: CellStyle) {
        append(text[...], width: textWidth, style: style)
    }

    /// Appends a slice of text whose width the caller already measured.
    mutating func append(_ text: Substring, width textWidth: Int, style: CellStyle) {
        guard !text.isEmpty else { return }
        if let last = spans.indices.last, spans[last].style == style {
            spans[last].text.append(contentsOf: text)
        } else {
            spans.append(StyledSpan(String(text), style: style))
        }
        width += textWidth
    }

    /// Appends one grapheme whose width the caller already measured.
    mutating func append(_ character: Character, width characterWidth: Int, style: CellStyle) {
        if let last = spans.indices.last, spans[last].style == style {
            spans[last].text.append(character)
        } else {
            spans.append(StyledSpan(String(character), style: style))
        }
        width += characterWidth
    }

    /// The line cut to at most `maxWidth` columns, ending with `…` (in the style of the cut span) when cut.
    public func truncated(to maxWidth: Int) -> StyledLine {
        guard width > maxWidth else { return self }
        guard maxWidth > 0 else { return StyledLine() }
        var result = StyledLine()
        for span in spans {
            let room = maxWidth - result.width
            let spanWidth = TextWidth.of(span.text)
            if spanWidth < room || (spanWidth == room && result.width + spanWidth == width) {
                result.append(span.text, width: spanWidth, style: span.style)
                continue
            }
            let head = TextWidth.prefix(of: span.text, fitting: room - 1)
            result.append(String(head.text), width: head.width, style: span.style)
            result.append("…", width: 1, style: span.style)
            break
        }
        return result
    }
}
