/// Inline content of one paragraph or table cell, with HTML whitespace collapsing, kept to at most
/// `RenderLimits.maximumLineBytes` bytes of text; `take()` ends a cut paragraph with `RenderLimits.lineNotice`.
struct InlineText {
    private(set) var spans: [StyledSpan] = []
    /// UTF-8 bytes kept so far.
    private var byteCount = 0
    /// True once text was dropped at the limit.
    private(set) var isTruncated = false
    private static let noticeStyle = CellStyle(.dim, color: .muted)
    /// True after whitespace (or at the start), so further whitespace adds nothing.
    private var afterSpace = true
    /// True once something other than whitespace was added.
    private(set) var hasContent = false

    /// Appends text, collapsing runs of spaces, tabs, newlines and form feeds into one space.
    /// Works on UTF-8 bytes: those four are ASCII, and no byte of a multi-byte character is.
    mutating func appendCollapsing(_ text: String, style: CellStyle) {
        let room = RenderLimits.maximumLineBytes - byteCount
        guard room > 0 else {
            if !isTruncated, text.utf8.contains(where: { !Self.isCollapsible($0) }) { isTruncated = true }
            return
        }
        var collapsed = [UInt8]()
        collapsed.reserveCapacity(min(room, text.utf8.count))
        if text.utf8.withContiguousStorageIfAvailable({ collapse($0, room: room, into: &collapsed) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { collapse($0, room: room, into: &collapsed) }
        }
        append(String(decoding: collapsed, as: UTF8.self), style: style)
    }

    /// The loop of `appendCollapsing`: `bytes` collapsed into `collapsed`, at most `room` of them (the character
    /// the room ends in is kept whole). A run between white space is copied in one piece, up to the room.
    private mutating func collapse(_ bytes: UnsafeBufferPointer<UInt8>, room: Int, into collapsed: inout [UInt8]) {
        var afterSpace = self.afterSpace, hasContent = self.hasContent, isTruncated = self.isTruncated
        defer { (self.afterSpace, self.hasContent, self.isTruncated) = (afterSpace, hasContent, isTruncated) }
        var index = 0
        while index < bytes.count {
            if Self.isCollapsible(bytes[index]) {
                if !afterSpace, collapsed.count < room { collapsed.append(0x20) }
                afterSpace = true
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, !Self.isCollapsible(bytes[end]) { end += 1 }
            let fitting = min(end - index, max(0, room - collapsed.count))
            if fitting > 0 {
                collapsed.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + fitting)]))
                afterSpace = false
                hasContent = true
                index += fitting
            }
            // Past the room: the rest of a character is kept, the next character is cut.
            while index < end {
                guard bytes[index] & 0xC0 == 0x80 else { isTruncated = true; return }
                collapsed.append(bytes[index])
                afterSpace = false
                hasContent = true
                index += 1
            }
        }
    }

    private static func isCollapsible(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C
    }

    /// Appends text as it is (markers such as `[1]` or `[image]`).
    mutating func appendVerbatim(_ text: String, style: CellStyle) {
        guard !text.isEmpty else { return }
        guard byteCount < RenderLimits.maximumLineBytes else { isTruncated = true; return }
        append(text, style: style)
        afterSpace = text.last == " "
        hasContent = true
    }

    /// True once `appendUnbreakable` joined words with no-break spaces (the writer turns them back after wrapping).
    private(set) var hasUnbreakableSpaces = false

    /// Appends text that wrapping must not split (an inline formula): its spaces become no-break spaces.
    mutating func appendUnbreakable(_ text: String, style: CellStyle) {
        guard text.utf8.contains(0x20) else { return appendVerbatim(text, style: style) }
        hasUnbreakableSpaces = true
        appendVerbatim(NoBreakSpaces.joining(text), style: style)
    }

    /// A hard line break (`<br>`).
    mutating func appendLineBreak() {
        guard byteCount < RenderLimits.maximumLineBytes else { isTruncated = true; return }
        append("\n", style: .plain)
        afterSpace = true
    }

    /// Takes the spans out (ending with `RenderLimits.lineNotice` when text was dropped), leaving the collector empty.
    mutating func take() -> [StyledSpan] {
        defer { self = InlineText() }
        if isTruncated { return spans + [StyledSpan(RenderLimits.lineNotice, style: Self.noticeStyle)] }
        return spans
    }

    private mutating func append(_ text: String, style: CellStyle) {
        guard !text.isEmpty else { return }
        byteCount += text.utf8.count
        if let last = spans.indices.last, spans[last].style == style {
            spans[last].text += text
        } else {
            spans.append(StyledSpan(text, style: style))
        }
    }
}

/// Counts of open inline elements, turned into the style of the text they enclose.
struct InlineStyleState {
    var bold = 0
    var italic = 0
    var dim = 0
    var underline = 0
    var code = 0
    var link = 0
    var keyboard = 0
    /// 1–6 inside a heading, else 0.
    var headingLevel = 0

    var style: CellStyle {
        var attributes: CellStyle.Attributes = []
        if bold > 0 || headingLevel > 0 { attributes.insert(.bold) }
        if italic > 0 { attributes.insert(.italic) }
        if dim > 0 { attributes.insert(.dim) }
        if underline > 0 || link > 0 || (1...2).contains(headingLevel) { attributes.insert(.underline) }
        let color: CellColor
        if code > 0 { color = .code }
        else if link > 0 { color = .link }
        else if keyboard > 0 || (1...2).contains(headingLevel) { color = .accent }
        else { color = .normal }
        return CellStyle(attributes, color: color)
    }

    /// The counter an inline element adjusts, if any.
    static func counter(for element: HTMLElement) -> WritableKeyPath<InlineStyleState, Int>? {
        switch element {
        case .b, .strong: return \.bold
        case .i, .em, .cite, .var, .dfn: return \.italic
        case .del, .s, .strike: return \.dim
        case .u, .ins: return \.underline
        case .code, .tt, .samp: return \.code
        case .kbd: return \.keyboard
        default: return nil
        }
    }
}
