import TeXMath

/// The renderer's state while it reads tokens: inline styles, the open paragraph, code block, table and links.
struct RenderState {
    var writer: DocumentWriter
    var inline = InlineText()
    var styles = InlineStyleState()
    var links: [String] = []
    /// The number shown for `links[0]` (`[n]` markers and footnotes count on from it), so a thread numbers its
    /// posts' links once across all of them.
    var firstLinkNumber = 1
    /// True to list every link after the body, not only those whose text is not their URL.
    var listsEveryLink = false
    var linkNumbers: [String: Int] = [:]
    /// The text of each link's first anchor, by `links` index (what the link picker shows); nil until it closes.
    var linkTexts: [String?] = []
    /// By `links` index: true once an anchor of the link showed other text than its URL, so the reader needs the
    /// `[n] URL` footnote; a link every anchor of which shows its URL as its text gets none.
    var linkNeedsFootnote: [Bool] = []
    /// Open `<a>` elements: their link number, or nil for an anchor without `href`.
    var openLinks: [Int?] = []
    /// The text of each open `<a>` so far (parallel to `openLinks`; kept to `RenderState.anchorTextLimit` bytes).
    var openAnchorTexts: [String] = []
    var codeBlocks: [String] = []
    /// The text of the open `<pre>`, if any, and how many `<pre>` are open inside it.
    var code: String?
    var preDepth = 0
    /// The `class` attributes of the open `<pre>` and the `<code>` elements inside it (`lang-python`…).
    var codeClasses = ""
    /// Asked how each code block drawn as a block looks (nil: all plain); see `CodeStyler`.
    var styleCode: ((_ code: String, _ classes: String) -> CodeStyling)?
    var codePlacements: [CodeBlockPlacement] = []
    var codeAwaitingStyle = false
    var hiddenDepth = 0
    var table: TableBuilder?
    var tableDepth = 0
    /// The site's math (nil: no MathJax, every dollar is text) and the renderer holding the post's macros.
    var math: MathOptions?
    var mathRenderer = MathRenderer()
    /// Each display formula drawn as a block: its rows and its TeX (what `Y` copies).
    var mathPlacements: [CodeBlockPlacement] = []
    /// The inline formulas of the open paragraph: what each shows and its TeX.
    var paragraphFormulas: [(shown: String, text: String)] = []
    /// The inline formulas of the paragraphs written, at their paragraphs' rows (what `Y` copies without a block).
    var inlinePlacements: [FormulaPlacement] = []
    /// The inline formula a paragraph began with (its TeX and what it shows): when the paragraph closes holding
    /// nothing else, the formula is drawn as display math (a matrix written between single dollars, alone on its line).
    var loneFormula: (tex: String, shown: String)?

    static let markerStyle = CellStyle(color: .link)
    static let imageStyle = CellStyle(color: .muted)

    init(width: Int) { writer = DocumentWriter(width: width) }

    mutating func handle(_ token: HTMLToken) {
        switch token {
        case .text(let text): addText(text)
        case .startTag(let element, let attributes, let selfClosing): start(element, attributes: attributes, selfClosing: selfClosing)
        case .endTag(let element): end(element)
        }
    }

    /// Closes whatever is still open and returns the document; `truncated` says the body of `totalBytes`
    /// was cut at `RenderLimits.maximumBodyBytes`.
    mutating func finish(totalBytes: Int, truncated: Bool) -> RenderedDocument {
        if code != nil { preDepth = 0; finishCode() }
        if table != nil { finishTable() }
        while let link = openLinks.popLast() { closeLink(link) }
        closeParagraph()
        writer.closeAll()
        if truncated { writer.writeNotice(RenderLimits.bodyNotice(totalBytes: totalBytes)) }
        if writer.wasFlattened {
            let before = writer.lines.count
            writer.insertNoticeAtTop(RenderLimits.depthNotice)
            let shift = writer.lines.count - before
            for index in codePlacements.indices { codePlacements[index].rows = codePlacements[index].rows.shifted(by: shift) }
            for index in mathPlacements.indices { mathPlacements[index].rows = mathPlacements[index].rows.shifted(by: shift) }
            for index in inlinePlacements.indices { inlinePlacements[index].rows = inlinePlacements[index].rows.shifted(by: shift) }
        }
        let bodyLineCount = writer.lines.count
        writer.writeLinks(links, needed: listsEveryLink ? links.map { _ in true } : linkNeedsFootnote, firstNumber: firstLinkNumber)
        var document = RenderedDocument(lines: writer.lines, bodyLineCount: bodyLineCount, links: links, codeBlocks: codeBlocks,
                                        linkTexts: linkTexts.map { ($0 ?? "").collapsingWhitespace },
                                        codePlacements: codePlacements, codeAwaitingStyle: codeAwaitingStyle, mathBlocks: mathPlacements)
        document.inlineMath = inlinePlacements
        return document
    }

    // MARK: - Tokens

    private mutating func addText(_ raw: String) {
        guard hiddenDepth == 0 else { return }
        let text = TerminalSafety.sanitize(raw, keepNewlines: true, expandTabs: false)
        if code != nil { code! += text; return }
        if let table, !table.hasOpenCell, text.allSatisfy(\.isWhitespace) { return }
        if !openAnchorTexts.isEmpty { collectAnchorText(text) }
        if let math, styles.code == 0 { addTextWithMath(text, math); return }
        let style = styles.style
        withInline { $0.appendCollapsing(text, style: style) }
    }

    private mutating func start(_ element: HTMLElement, attributes: [String: String], selfClosing: Bool) {
        if element.isHidden {
            if !selfClosing { hiddenDepth += 1 }
            return
        }
        guard hiddenDepth == 0 else { return }
        if code != nil {
            if element == .br { code! += "\n" } else if element == .pre { preDepth += 1 }
            if element == .code, let classes = attributes["class"] { codeClasses += " " + classes }
            return
        }
        if let counter = InlineStyleState.counter(for: element) {
            styles[keyPath: counter] += 1
            if element == .kbd { appendMarker("[", style: styles.style) }
            return
        }
        if table != nil, startInTable(element, attributes: attributes) { return }
        switch element {
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closeParagraph()
            styles.headingLevel = element.headingLevel ?? 1
        case .br: withInline { $0.appendLineBreak() }
        case .hr: closeParagraph(); writer.writeRule()
        case .pre: closeParagraph(); openCode(attributes)
        case .blockquote: closeParagraph(); writer.push(.quote)
        case .ul, .ol:
            closeParagraph()
            writer.startList(ordered: element == .ol, start: Self.itemNumber(attributes["start"]) ?? 1)
        case .li: closeParagraph(); writer.startItem(value: Self.itemNumber(attributes["value"]))
        case .dd: closeParagraph(); writer.push(.indent)
        case .table, .tr:
            closeParagraph()
            table = TableBuilder()
            tableDepth = 1
            if element == .tr { table?.startRow() }
        case .td, .th:
            let style = styles.style
            withInline { $0.appendCollapsing(" ", style: style) }
        case .a: openLink(attributes["href"])
        case .img: appendImage(alt: attributes["alt"])
        default:
            if element.isBlock { closeParagraph() }
        }
    }

    private mutating func end(_ element: HTMLElement) {
        if element.isHidden { hiddenDepth = max(0, hiddenDepth - 1); return }
        guard hiddenDepth == 0 else { return }
        if code != nil {
            if element == .pre { preDepth -= 1; if preDepth == 0 { finishCode() } }
            return
        }
        if let counter = InlineStyleState.counter(for: element) {
            guard styles[keyPath: counter] > 0 else { return }
            if element == .kbd { appendMarker("]", style: styles.style) }
            styles[keyPath: counter] -= 1
            return
        }
        if table != nil, endInTable(element) { return }
        switch element {
        case .h1, .h2, .h3, .h4, .h5, .h6: closeParagraph(); styles.headingLevel = 0
        case .blockquote: closeParagraph(); endContainer(.quote)
        case .ul, .ol: closeParagraph(); endContainer(.list)
        case .li: closeParagraph(); endContainer(.item)
        case .dd: closeParagraph(); endContainer(.indent)
        case .a: if let link = openLinks.popLast() { closeLink(link) }
        default:
            if element.isBlock { closeParagraph() }
        }
    }
}

extension Range where Bound == Int {
    /// The range moved down by `shift` rows.
    func shifted(by shift: Int) -> Range<Int> { (lowerBound + shift)..<(upperBound + shift) }
}

extension RenderState {
    /// Item numbers an `<ol start>` or `<li value>` may set: more digits than this cannot be meant, and
    /// keeping far from `Int.max` lets the following items count on without overflowing.
    static let itemNumbers = -999_999_999...999_999_999

    /// The attribute as an item number, or nil when it is absent, not a number or outside `itemNumbers`.
    static func itemNumber(_ attribute: String?) -> Int? {
        attribute.flatMap { Int($0) }.flatMap { itemNumbers.contains($0) ? $0 : nil }
    }
}
