/// Paragraphs, tables, code blocks, links and images for `RenderState`.
extension RenderState {
    /// Runs `body` on the inline collector in use: the open table cell, or the paragraph.
    mutating func withInline(_ body: (inout InlineText) -> Void) {
        if table != nil { table?.withCell(body) } else { body(&inline) }
    }

    /// Emits the open paragraph, if it holds anything but whitespace.
    mutating func closeParagraph() {
        guard table == nil else { return }
        if inline.hasContent { writer.writeParagraph(inline.take()) } else { inline = InlineText() }
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

    mutating func openLink(_ href: String?) {
        let url = href.map { TerminalSafety.sanitize($0).trimmingSpaces() } ?? ""
        guard !url.isEmpty else { openLinks.append(nil); return }
        let number: Int
        if let known = linkNumbers[url] {
            number = known
        } else {
            links.append(url)
            linkTexts.append("")
            number = links.count
            linkNumbers[url] = number
            if collectingLinkText == nil { collectingLinkText = number }
        }
        openLinks.append(number)
        styles.link += 1
    }

    mutating func closeLink(_ number: Int?) {
        guard let number else { return }
        if collectingLinkText == number { collectingLinkText = nil }
        styles.link = max(0, styles.link - 1)
        appendMarker("[\(number)]", style: Self.markerStyle)
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
