/// Lays out table rows as text.
///
/// When every column fits at its natural width (cells on one line, separated by ` │ `), rows are drawn
/// as a grid with the header row bold and a `─┼─` rule under it. Otherwise each body row becomes
/// `header: value` lines (wrapped with a hanging indent of 2), rows separated by a blank line.
enum TableLayout {
    private static let separator = " │ "
    private static let separatorWidth = 3
    private static let muted = CellStyle(color: .muted)

    /// The table's lines, each at most `width` columns.
    static func render(_ rows: [TableBuilder.Row], width: Int) -> [StyledLine] {
        let rows = rows.map { row in (cells: row.cells.map(singleLine), isHeader: row.isHeader) }
        let columnCount = rows.reduce(0) { max($0, $1.cells.count) }
        guard columnCount > 0 else { return [] }
        var columnWidths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (index, cell) in row.cells.enumerated() { columnWidths[index] = max(columnWidths[index], cell.width) }
        }
        let total = columnWidths.reduce(0, +) + separatorWidth * (columnCount - 1)
        if total <= width { return grid(rows, columnWidths: columnWidths) }
        return labelled(rows, width: width)
    }

    private static func grid(_ rows: [(cells: [StyledLine], isHeader: Bool)], columnWidths: [Int]) -> [StyledLine] {
        var lines: [StyledLine] = []
        for (rowIndex, row) in rows.enumerated() {
            var line = StyledLine()
            for (column, columnWidth) in columnWidths.enumerated() {
                if column > 0 { line.append(separator, width: separatorWidth, style: muted) }
                let cell = column < row.cells.count ? row.cells[column] : StyledLine()
                line.append(row.isHeader ? bolded(cell) : cell)
                let isLast = column == columnWidths.count - 1
                let padding = columnWidth - cell.width
                if !isLast, padding > 0 { line.append(String(repeating: " ", count: padding), width: padding, style: .plain) }
            }
            lines.append(line)
            let nextIsBody = rowIndex + 1 < rows.count && !rows[rowIndex + 1].isHeader
            if row.isHeader, nextIsBody {
                let rule = columnWidths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
                lines.append(StyledLine(rule, style: muted))
            }
        }
        return lines
    }

    private static func labelled(_ rows: [(cells: [StyledLine], isHeader: Bool)], width: Int) -> [StyledLine] {
        let headers = rows.first(where: \.isHeader)?.cells ?? []
        var bodyRows = rows.filter { !$0.isHeader }
        if bodyRows.isEmpty { bodyRows = rows.map { (cells: $0.cells, isHeader: false) } }
        let labelsUsable = bodyRows.count < rows.count
        var lines: [StyledLine] = []
        for (rowIndex, row) in bodyRows.enumerated() {
            if rowIndex > 0 { lines.append(StyledLine()) }
            for (column, cell) in row.cells.enumerated() where cell.width > 0 {
                var label = StyledLine()
                if labelsUsable, column < headers.count, headers[column].width > 0 {
                    label = bolded(headers[column])
                    label.append(": ", width: 2, style: CellStyle(.bold))
                }
                if label.width + cell.width <= width - 2 {
                    // Fits on one line: a cell is one trimmed line, so wrapping would give this line unchanged.
                    label.append(cell)
                    lines.append(label)
                    continue
                }
                let wrapped = TextWrap.wrap(label.spans + cell.spans, width: max(1, width - 2))
                for (index, piece) in wrapped.enumerated() {
                    var line = StyledLine(index == 0 ? "" : "  ")
                    line.append(piece)
                    lines.append(line)
                }
            }
        }
        return lines
    }

    /// A cell's content on one line: line breaks become spaces, surrounding spaces dropped.
    private static func singleLine(_ spans: [StyledSpan]) -> StyledLine {
        var line = StyledLine()
        for span in spans {
            line.append(span.text.replacingNewlines(), style: span.style)
        }
        return line.trimmed()
    }

    private static func bolded(_ line: StyledLine) -> StyledLine {
        if line.spans.count == 1 {
            let span = line.spans[0]
            var bold = StyledLine()
            bold.append(span.text, width: line.width, style: CellStyle(span.style.attributes.union(.bold), color: span.style.color))
            return bold
        }
        return StyledLine(line.spans.map { StyledSpan($0.text, style: CellStyle($0.style.attributes.union(.bold), color: $0.style.color)) })
    }
}

extension String {
    func replacingNewlines() -> String {
        utf8.contains(0x0A) ? String(decoding: utf8.map { $0 == 0x0A ? 0x20 : $0 }, as: UTF8.self) : self
    }
}

extension StyledLine {
    /// The line without leading and trailing spaces.
    func trimmed() -> StyledLine {
        guard spans.first?.text.utf8.first == 0x20 || spans.last?.text.utf8.last == 0x20 else { return self }
        var spans = self.spans
        while let first = spans.first, first.text.first == " " {
            spans[0].text = String(first.text.drop(while: { $0 == " " }))
            if spans[0].text.isEmpty { spans.removeFirst() }
        }
        while let last = spans.last, last.text.last == " " {
            spans[spans.count - 1].text = String(last.text.reversed().drop(while: { $0 == " " }).reversed())
            if spans[spans.count - 1].text.isEmpty { spans.removeLast() }
        }
        return StyledLine(spans)
    }
}
