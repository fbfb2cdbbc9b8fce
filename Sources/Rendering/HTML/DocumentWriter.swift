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
    /// Set after a block ends; holds how many containers the blank line's prefix may use.
    private var blankLineDepth: Int?

    private static let muted = CellStyle(color: .muted)
    private static let code = CellStyle(color: .code)
    private static let bullets = ["•", "◦", "▪"]

    init(width: Int) { self.width = max(1, width) }

    // MARK: - Containers

    mutating func push(_ container: Container) { containers.append(container) }

    /// Pops containers up to and including the innermost one matching `predicate`; false when none matches.
    @discardableResult
    mutating func pop(through predicate: (Container) -> Bool) -> Bool {
        guard let index = containers.lastIndex(where: predicate) else { return false }
        pop(from: index)
        return true
    }

    /// Closes every open container (at the end of the body).
    mutating func closeAll() { pop(from: 0) }

    /// Starts a list item in the innermost list (opening an implicit `<ul>` when there is none).
    mutating func startItem(value: Int?) {
        if innermostList == nil { push(.list(ordered: false, next: 1, items: 0)) }
        guard let listIndex = innermostList, case .list(let ordered, let next, let items) = containers[listIndex] else { return }
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
