/// Builds the output lines of a rendered body: block containers (quotes, lists, indents) with their
/// line prefixes, one blank line between blocks, wrapped paragraphs, code blocks, rules and tables.
///
/// Nesting costs no more than `RenderLimits.maximumDepth` per line, however deep the body: only the outer
/// `maximumDepth` containers draw a prefix (deeper ones are kept, so end tags still match, but render flat),
/// the prefix is computed once per change of the container stack and shared by the lines that use it, and
/// every lookup down the stack either finds nothing in O(1) (per-kind counts) or pops what it walked over.
struct DocumentWriter {
    /// A block that prefixes the lines inside it.
    enum Container {
        /// `<blockquote>`: `│ ` on every line.
        case quote
        /// `<ul>`/`<ol>`: the next number and how many items it has had.
        case list(ordered: Bool, next: Int, items: Int)
        /// `<li>`: its marker, shown on its first line; later lines are indented by the marker's width.
        case item(marker: String, shown: Bool)
        /// `<dd>`: two spaces.
        case indent

        /// Which of the four it is.
        enum Kind: Int, CaseIterable {
            case quote, list, item, indent
        }

        var kind: Kind {
            switch self {
            case .quote: .quote
            case .list: .list
            case .item: .item
            case .indent: .indent
            }
        }
    }

    let width: Int
    private(set) var lines: [StyledLine] = []
    /// The open containers, outermost first. A change within the outer `RenderLimits.maximumDepth` forgets
    /// the cached prefixes (deeper ones draw nothing, so pushing and popping them keeps the cache).
    private(set) var containers: [Container] = []
    /// How many containers of each `Container.Kind` are open.
    private var openCounts = Array(repeating: 0, count: Container.Kind.allCases.count)
    /// True once the containers went deeper than `RenderLimits.maximumDepth`.
    private(set) var wasFlattened = false
    var cachedPrefix: StyledLine?
    var cachedBlankPrefix: (depth: Int, line: StyledLine)?
    /// Set after a block ends; holds how many containers the blank line's prefix may use.
    private var blankLineDepth: Int?
    /// Where a quote was just closed (its index in `containers`), until the next line: a quote opened right there
    /// continues its bar through the blank line between them (`> a` and `> b` with a blank line between make two
    /// `<blockquote>`s, which should read as one quote, not as a gap in the bar).
    private var closedQuoteIndex: Int?

    private static let muted = CellStyle(color: .muted)
    private static let code = CellStyle(color: .code)
    private static let bullets = ["•", "◦", "▪"]

    init(width: Int) { self.width = max(1, width) }

    // MARK: - Containers

    mutating func push(_ container: Container) {
        changed(at: containers.count)
        if container.kind == .quote, closedQuoteIndex == containers.count, blankLineDepth == containers.count {
            blankLineDepth = containers.count + 1
        }
        containers.append(container)
        openCounts[container.kind.rawValue] += 1
        if containers.count > RenderLimits.maximumDepth { wasFlattened = true }
    }

    /// Pops containers up to and including the innermost one of `kind`; false when none is open.
    @discardableResult
    mutating func pop(through kind: Container.Kind) -> Bool {
        guard let index = innermost(kind) else { return false }
        pop(from: index)
        return true
    }

    /// The index of the innermost open container of `kind`: O(1) when there is none, otherwise a walk over
    /// the containers above it, which every caller then pops.
    private func innermost(_ kind: Container.Kind) -> Int? {
        guard openCounts[kind.rawValue] > 0 else { return nil }
        return containers.lastIndex { $0.kind == kind }
    }

    /// Closes every open container (at the end of the body).
    mutating func closeAll() { pop(from: 0) }

    /// Starts a list item in the innermost list (opening an implicit `<ul>` when there is none).
    mutating func startItem(value: Int?) {
        if innermost(.list) == nil { push(.list(ordered: false, next: 1, items: 0)) }
        guard let listIndex = innermost(.list), case .list(let ordered, let next, let items) = containers[listIndex] else { return }
        pop(from: listIndex + 1)
        let number = value ?? next
        let depth = openCounts[Container.Kind.list.rawValue]
        let marker = ordered ? "\(number). " : Self.bullets[(depth - 1) % Self.bullets.count] + " "
        containers[listIndex] = .list(ordered: ordered, next: number + 1, items: items + 1)
        if items > 0 { blankLineDepth = nil }
        push(.item(marker: marker, shown: false))
    }

    /// Opens a list; one nested directly inside an item follows the item's text without a blank line.
    mutating func startList(ordered: Bool, start: Int) {
        if case .item = containers.last { blankLineDepth = nil }
        push(.list(ordered: ordered, next: start, items: 0))
    }

    /// Pops every container from `index` on; an item that never showed its marker shows it on an empty line
    /// (unless it is too deep to show one).
    private mutating func pop(from index: Int) {
        while containers.count > index {
            if case .item(_, false) = containers[containers.count - 1], containers.count <= RenderLimits.maximumDepth {
                emit(StyledLine())
            }
            changed(at: containers.count - 1)
            let removed = containers.removeLast()
            openCounts[removed.kind.rawValue] -= 1
            if removed.kind == .quote { closedQuoteIndex = containers.count }
        }
    }

    // MARK: - Lines

    /// Asks for one blank line before the next block.
    mutating func endBlock() {
        if !lines.isEmpty { blankLineDepth = min(containers.count, RenderLimits.maximumDepth) }
    }

    /// The row the next block's first line gets (after the blank line between blocks, if one is due).
    var nextBlockRow: Int { lines.count + (blankLineDepth == nil ? 0 : 1) }

    /// Columns left for content after the current prefix.
    var contentWidth: Int { width - prefixWidth }

    /// Wraps a paragraph's spans and emits them; with `unbreakable`, the no-break spaces that kept words together
    /// while wrapping (inline formulas) are shown as plain spaces again.
    mutating func writeParagraph(_ spans: [StyledSpan], unbreakable: Bool = false) {
        for line in TextWrap.wrap(spans, width: contentWidth) {
            emit(unbreakable ? Self.withPlainSpaces(line) : line)
        }
        endBlock()
    }

    /// `line` with its no-break spaces plain again: the same spans and the same width (both kinds are 1 column).
    private static func withPlainSpaces(_ line: StyledLine) -> StyledLine {
        StyledLine(mergedSpans: line.spans.map { StyledSpan(NoBreakSpaces.released($0.text), style: $0.style) }, width: line.width)
    }

    /// Emits a code block's lines verbatim, indented by 2; rows that do not fit continue after a `↪`. A line
    /// of `styled` (one per line of `text`) is drawn in its styles when its text is the line's; the rows are
    /// the same either way, so colouring a block later moves nothing. Returns the rows the block took.
    @discardableResult
    mutating func writeCode(_ text: String, styled: [StyledLine]? = nil) -> Range<Int> {
        // Split on the newline byte (a newline is always a grapheme of its own, so this cuts no character).
        var codeLines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
        if text.utf8.last == 0x0A { codeLines.removeLast() }
        let styledLines = styled?.count == codeLines.count ? styled : nil
        let available = max(1, contentWidth - 2)
        let first = nextBlockRow
        for (lineIndex, codeLine) in codeLines.enumerated() {
            let kept = codeLine.utf8.count > RenderLimits.maximumLineBytes ? codeLine.prefix(utf8Bytes: RenderLimits.maximumLineBytes) : nil
            if kept == nil, let styledLine = styledLines?[lineIndex], styledLine.text == codeLine {
                let spans = TextWidth.expandTabs(styledLine.spans, tabWidth: 4)
                for (index, piece) in TextWrap.hardBreak(spans, width: available).enumerated() {
                    var line = index == 0 ? StyledLine("  ") : StyledLine("↪ ", style: Self.muted)
                    line.append(piece)
                    emit(line)
                }
                continue
            }
            let expanded = TextWidth.expandTabs(String(kept ?? codeLine), tabWidth: 4)
            for (index, piece) in TextWrap.hardBreak(expanded, width: available).enumerated() {
                var line = index == 0 ? StyledLine("  ") : StyledLine("↪ ", style: Self.muted)
                line.append(piece, style: Self.code)
                emit(line)
            }
            if kept != nil { emit(StyledLine("  " + RenderLimits.lineNotice, style: Self.muted)) }
        }
        let rows = min(first, lines.count)..<lines.count
        endBlock()
        return rows
    }

    /// Emits a horizontal rule across the content width.
    mutating func writeRule() {
        emit(StyledLine(String(repeating: "─", count: max(1, contentWidth)), style: Self.muted))
        endBlock()
    }

    /// Emits one muted line of `text` wrapped to the content width (a limit's notice).
    mutating func writeNotice(_ text: String) {
        for line in TextWrap.wrap(text, style: Self.muted, width: contentWidth) { emit(line) }
        endBlock()
    }

    /// Puts a muted notice (wrapped to the full width) before every line written so far.
    mutating func insertNoticeAtTop(_ text: String) {
        var notice = TextWrap.wrap(text, style: Self.muted, width: width)
        if !lines.isEmpty { notice.append(StyledLine()) }
        lines.insert(contentsOf: notice, at: 0)
    }

    /// Emits lines already laid out to `contentWidth` (a table).
    mutating func writeLines(_ block: [StyledLine]) {
        for line in block { emit(line) }
        endBlock()
    }

    /// Appends the link list: a blank line, then `[n] URL` for each link `needed` marks (by index; one whose
    /// text is its URL is already on screen), `links[0]` numbered `firstNumber`, long URLs broken with a hanging indent.
    mutating func writeLinks(_ links: [String], needed: [Bool], firstNumber: Int = 1) {
        guard needed.contains(true) else { return }
        lines.append(StyledLine())
        for (index, url) in links.enumerated() where needed.indices.contains(index) && needed[index] {
            let marker = "[\(index + firstNumber)] "
            let markerWidth = marker.count
            let fitsBeside = width - markerWidth >= 8
            let text = fitsBeside ? url : marker + url
            let room = fitsBeside ? width - markerWidth : width
            // Most URLs are short printable ASCII: one piece, no cutting.
            let fitsWhole = text.utf8.count <= room && TextWrap.isPrintableASCII(text[...])
            let pieces = fitsWhole ? [text] : TextWrap.hardBreak(text, width: room)
            for (pieceIndex, piece) in pieces.enumerated() {
                var line = StyledLine()
                if fitsBeside {
                    line.append(pieceIndex == 0 ? marker : String(repeating: " ", count: markerWidth), style: CellStyle(color: .link))
                }
                line.append(piece, style: .plain)
                lines.append(line)
            }
        }
    }

    /// Marks the item at `index` as having shown its marker.
    mutating func markContainerShown(at index: Int) {
        guard case .item(let marker, false) = containers[index] else { return }
        changed(at: index)
        containers[index] = .item(marker: marker, shown: true)
    }

    /// Forgets the cached prefixes when the container at `index` changes and draws part of them.
    private mutating func changed(at index: Int) {
        guard index < RenderLimits.maximumDepth else { return }
        cachedPrefix = nil
        cachedBlankPrefix = nil
    }

    private mutating func emit(_ content: StyledLine) {
        closedQuoteIndex = nil
        if let depth = blankLineDepth {
            lines.append(blankPrefix(depth: depth))
            blankLineDepth = nil
        }
        var line = prefix()
        line.append(content)
        lines.append(line)
    }
}

extension Substring {
    /// The longest prefix of at most `count` UTF-8 bytes that ends on a Unicode scalar boundary.
    func prefix(utf8Bytes count: Int) -> Substring {
        guard utf8.count > count else { return self }
        var end = utf8.index(startIndex, offsetBy: Swift.max(0, count))
        while end > startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return self[..<end]
    }
}

extension String {
    /// The longest prefix of at most `count` UTF-8 bytes that ends on a Unicode scalar boundary.
    func prefix(utf8Bytes count: Int) -> Substring { self[...].prefix(utf8Bytes: count) }
}
