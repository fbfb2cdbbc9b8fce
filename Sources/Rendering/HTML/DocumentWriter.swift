/// Builds the output lines of a rendered body: block containers (quotes, lists, indents) with their
/// line prefixes, one blank line between blocks, wrapped paragraphs, code blocks, rules and tables.
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
    }

    let width: Int
    private(set) var lines: [StyledLine] = []
    var containers: [Container] = []
    /// Containers opened deeper than `maximumDepth`, innermost last. They draw nothing and only match their end
    /// tags: every container but a list takes 2 or more columns and prefixes are cut to `width - 4`, so they could
    /// not be seen at any usual width, while keeping them made each line cost as much as the nesting is deep
    /// (60,000 nested `<ul><li>` took 29 s to render; found by Fuzz/run.sh html's near-1 MB inputs).
    private var hidden: [Container] = []
    /// How many of `hidden` are of each kind, so that an end tag with nothing hidden to close skips the search.
    private var hiddenKinds = HiddenKinds()
    static let maximumDepth = 256
    /// Set after a block ends; holds how many containers the blank line's prefix may use.
    private var blankLineDepth: Int?

    private static let muted = CellStyle(color: .muted)
    private static let code = CellStyle(color: .code)
    private static let bullets = ["•", "◦", "▪"]

    init(width: Int) { self.width = max(1, width) }

    // MARK: - Containers

    mutating func push(_ container: Container) {
        guard containers.count >= Self.maximumDepth else { return containers.append(container) }
        hidden.append(container)
        hiddenKinds.add(container, 1)
    }

    /// Pops containers up to and including the innermost one matching `predicate`; false when none matches.
    @discardableResult
    mutating func pop(through predicate: (Container) -> Bool) -> Bool {
        if hiddenKinds.mayHold(predicate), let index = hidden.lastIndex(where: predicate) {
            dropHidden(from: index)
            return true
        }
        guard let index = containers.lastIndex(where: predicate) else { return false }
        dropHidden(from: 0)
        pop(from: index)
        return true
    }

    /// Closes every open container (at the end of the body).
    mutating func closeAll() {
        dropHidden(from: 0)
        pop(from: 0)
    }

    /// Starts a list item in the innermost list (opening an implicit `<ul>` when there is none).
    mutating func startItem(value: Int?) {
        if innermostList == nil && hiddenKinds.lists == 0 { push(.list(ordered: false, next: 1, items: 0)) }
        if hiddenKinds.lists > 0, let index = hidden.lastIndex(where: { if case .list = $0 { true } else { false } }) {
            dropHidden(from: index + 1)
            push(.item(marker: "", shown: true))
            return
        }
        guard let listIndex = innermostList, case .list(let ordered, let next, let items) = containers[listIndex] else { return }
        dropHidden(from: 0)
        pop(from: listIndex + 1)
        let number = value ?? next
        let depth = containers.filter { if case .list = $0 { return true } else { return false } }.count
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

    private var innermostList: Int? {
        containers.lastIndex(where: { if case .list = $0 { return true } else { return false } })
    }

    private mutating func dropHidden(from index: Int) {
        guard index < hidden.count else { return }
        for container in hidden[index...] { hiddenKinds.add(container, -1) }
        hidden.removeSubrange(index...)
    }

    /// Pops every container from `index` on; an item that never showed its marker shows it on an empty line.
    private mutating func pop(from index: Int) {
        while containers.count > index {
            if case .item(_, false) = containers[containers.count - 1] { emit(StyledLine()) }
            containers.removeLast()
        }
    }

    // MARK: - Lines

    /// Asks for one blank line before the next block.
    mutating func endBlock() {
        if !lines.isEmpty { blankLineDepth = containers.count }
    }

    /// Columns left for content after the current prefix.
    var contentWidth: Int { width - prefixWidth }

    /// Wraps a paragraph's spans and emits them.
    mutating func writeParagraph(_ spans: [StyledSpan]) {
        for line in TextWrap.wrap(spans, width: contentWidth) { emit(line) }
        endBlock()
    }

    /// Emits a code block's lines verbatim, indented by 2; rows that do not fit continue after a `↪`.
    mutating func writeCode(_ text: String) {
        var codeLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { codeLines.removeLast() }
        let available = max(1, contentWidth - 2)
        for codeLine in codeLines {
            let expanded = TextWidth.expandTabs(String(codeLine), tabWidth: 4)
            for (index, piece) in TextWrap.hardBreak(expanded, width: available).enumerated() {
                var line = index == 0 ? StyledLine("  ") : StyledLine("↪ ", style: Self.muted)
                line.append(piece, style: Self.code)
                emit(line)
            }
        }
        endBlock()
    }

    /// Emits a horizontal rule across the content width.
    mutating func writeRule() {
        emit(StyledLine(String(repeating: "─", count: max(1, contentWidth)), style: Self.muted))
        endBlock()
    }

    /// Emits lines already laid out to `contentWidth` (a table).
    mutating func writeLines(_ block: [StyledLine]) {
        for line in block { emit(line) }
        endBlock()
    }

    /// Appends the link list: a blank line, then `[n] URL` for each link, long URLs broken with a hanging indent.
    mutating func writeLinks(_ links: [String]) {
        guard !links.isEmpty else { return }
        lines.append(StyledLine())
        for (index, url) in links.enumerated() {
            let marker = "[\(index + 1)] "
            let markerWidth = marker.count
            let fitsBeside = width - markerWidth >= 8
            let pieces = TextWrap.hardBreak(fitsBeside ? url : marker + url, width: fitsBeside ? width - markerWidth : width)
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

    private mutating func emit(_ content: StyledLine) {
        if let depth = blankLineDepth {
            lines.append(blankPrefix(depth: depth))
            blankLineDepth = nil
        }
        var line = prefix()
        line.append(content)
        lines.append(line)
    }
}

/// Counts of the hidden containers by kind.
private struct HiddenKinds {
    var quotes = 0, lists = 0, items = 0, indents = 0

    mutating func add(_ container: DocumentWriter.Container, _ change: Int) {
        switch container {
        case .quote: quotes += change
        case .list: lists += change
        case .item: items += change
        case .indent: indents += change
        }
    }

    /// False when no hidden container can match `predicate` (tried on one container of each kind present).
    func mayHold(_ predicate: (DocumentWriter.Container) -> Bool) -> Bool {
        (quotes > 0 && predicate(.quote)) || (lists > 0 && predicate(.list(ordered: false, next: 1, items: 0)))
            || (items > 0 && predicate(.item(marker: "", shown: true))) || (indents > 0 && predicate(.indent))
    }
}
