/// Paragraphs, tables, code blocks, links and images for `RenderState`.
extension RenderState {
    /// Runs `body` on the inline collector in use: the open table cell, or the paragraph.
    mutating func withInline(_ body: (inout InlineText) -> Void) {
        if table != nil { table?.withCell(body) } else { body(&inline) }
    }

    /// Emits the open paragraph, if it holds anything but whitespace.
    mutating func closeParagraph() {
        guard table == nil else { return }
        if let lone = loneFormula {
            loneFormula = nil
            if displayLoneFormula(lone) { paragraphFormulas = []; return }
        }
        if inline.hasContent {
            let unbreakable = inline.hasUnbreakableSpaces
            let first = writer.nextBlockRow
            writer.writeParagraph(inline.take(), unbreakable: unbreakable)
            placeParagraphFormulas(rows: first..<writer.lines.count)
        } else {
            inline = InlineText()
            paragraphFormulas = []
        }
    }

    /// Closes the innermost container of `kind` (ignored when there is none).
    mutating func endContainer(_ kind: DocumentWriter.Container.Kind) {
        writer.pop(through: kind)
        writer.endBlock()
    }

    /// A start tag inside a table: structure for the outermost table; blocks become spaces in the cell.
    /// Returns false for inline elements, which the caller handles as usual.
    mutating func startInTable(_ element: HTMLElement, attributes: [String: String]) -> Bool {
        let outermost = tableDepth == 1
        switch element {
        case .table: tableDepth += 1; cellSpace()
        case .tr: if outermost { table?.startRow() } else { cellSpace() }
        case .td, .th: if outermost { table?.startCell(header: element == .th) } else { cellSpace() }
        case .thead: if outermost { table?.setInHead(true) }
        case .tbody, .tfoot: if outermost { table?.setInHead(false) }
        case .pre: openCode(attributes)
        case .br, .hr, .li, .ul, .ol, .blockquote, .dd, .caption, .h1, .h2, .h3, .h4, .h5, .h6:
            cellSpace()
        default:
            guard element.isBlock else { return false }
            cellSpace()
        }
        return true
    }

    /// An end tag inside a table; returns false for inline elements.
    mutating func endInTable(_ element: HTMLElement) -> Bool {
        let outermost = tableDepth == 1
        switch element {
        case .table:
            tableDepth -= 1
            if tableDepth == 0 { finishTable() } else { cellSpace() }
        case .tr: if outermost { table?.endRow() } else { cellSpace() }
        case .td, .th: if outermost { table?.endCell() } else { cellSpace() }
        case .thead: if outermost { table?.setInHead(false) }
        case .tbody, .tfoot: break
        case .li, .ul, .ol, .blockquote, .dd, .caption, .h1, .h2, .h3, .h4, .h5, .h6:
            cellSpace()
        default:
            guard element.isBlock else { return false }
            cellSpace()
        }
        return true
    }

    /// A word break inside the open cell (ignored between cells).
    private mutating func cellSpace() {
        guard table?.hasOpenCell == true else { return }
        withInline { $0.appendCollapsing(" ", style: .plain) }
    }

    mutating func finishTable() {
        guard var builder = table else { return }
        table = nil
        tableDepth = 0
        let rows = builder.finish()
        writer.writeLines(TableLayout.render(rows, width: writer.contentWidth))
    }

    /// Opens a `<pre>`, keeping its `class` for the language.
    mutating func openCode(_ attributes: [String: String]) {
        code = ""
        preDepth = 1
        codeClasses = attributes["class"] ?? ""
    }

    /// Ends the open `<pre>`: records its exact text and draws it (inside a table cell: as inline code), in
    /// colour when `styleCode` has it styled.
    mutating func finishCode() {
        guard let text = code else { return }
        code = nil
        codeBlocks.append(text)
        if table != nil {
            withInline { $0.appendCollapsing(text, style: CellStyle(color: .code)) }
            return
        }
        var styled: [StyledLine]?
        switch styleCode?(text, codeClasses) ?? .plain {
        case .styled(let lines): styled = lines
        case .plain: break
        case .notReady: codeAwaitingStyle = true
        }
        let rows = writer.writeCode(text, styled: styled)
        codePlacements.append(CodeBlockPlacement(rows: rows, text: text))
    }

    /// Bytes of an anchor's text kept: more than any URL it could equal, and than the link picker shows.
    static let anchorTextLimit = 4_096

    mutating func openLink(_ href: String?) {
        let url = href.map { TerminalSafety.sanitize($0).trimmingSpaces() } ?? ""
        openAnchorTexts.append("")
        guard !url.isEmpty else { openLinks.append(nil); return }
        let number: Int
        if let known = linkNumbers[url] {
            number = known
        } else {
            links.append(url)
            linkTexts.append(nil)
            linkNeedsFootnote.append(false)
            number = links.count
            linkNumbers[url] = number
        }
        openLinks.append(number)
        styles.link += 1
    }

    /// Adds body text to the text of every open anchor (nested anchors each see it, as they each show it).
    mutating func collectAnchorText(_ text: String) {
        for index in openAnchorTexts.indices where openAnchorTexts[index].utf8.count < Self.anchorTextLimit {
            openAnchorTexts[index] += text
        }
    }

    /// Closes the innermost open anchor (`number` is its link, nil without `href`): its `[n]` marker follows its text,
    /// its text becomes the link's text if it is the link's first anchor, and a text other than the URL asks for
    /// the footnote.
    mutating func closeLink(_ number: Int?) {
        let text = openAnchorTexts.popLast() ?? ""
        guard let number else { return }
        let index = number - 1
        let collapsed = text.collapsingWhitespace
        if linkTexts[index] == nil { linkTexts[index] = String(collapsed.prefix(utf8Bytes: 400)) }
        if !linkNeedsFootnote[index], !Self.text(collapsed, shows: links[index]) { linkNeedsFootnote[index] = true }
        styles.link = max(0, styles.link - 1)
        appendMarker("[\(number + firstLinkNumber - 1)]", style: Self.markerStyle)
    }

    /// True when an anchor's `text` already shows the reader `url`: the same, or without its `http(s)://` or a
    /// trailing `/` (`example.com/a` for `https://example.com/a/`).
    static func text(_ text: String, shows url: String) -> Bool {
        guard !text.isEmpty else { return false }
        if text == url { return true }
        func bare(_ value: String) -> Substring {
            var value = Substring(value)
            for scheme in ["https://", "http://"] where value.hasPrefix(scheme) { value = value.dropFirst(scheme.count) }
            if value.hasSuffix("/") { value = value.dropLast() }
            return value
        }
        return bare(text) == bare(url)
    }

    mutating func appendImage(alt: String?) {
        let text = TerminalSafety.sanitize(alt ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        appendMarker(text.isEmpty ? "[image]" : "[image: \(text)]", style: Self.imageStyle)
    }

    mutating func appendMarker(_ text: String, style: CellStyle) {
        withInline { $0.appendVerbatim(text, style: style) }
    }
}

extension String {
    /// The string with each run of white space made one space, and none at either end (ASCII text from its bytes).
    var collapsingWhitespace: String {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var spaceDue = false
        for byte in utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                spaceDue = !bytes.isEmpty
            } else {
                if spaceDue { bytes.append(0x20); spaceDue = false }
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string without leading and trailing whitespace.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
