/// Collects the rows and cells of one `<table>` as the tokens arrive; tolerant of missing `<tr>`/`</td>`.
struct TableBuilder {
    /// One row: cell contents and whether it is a header row.
    struct Row {
        var cells: [[StyledSpan]] = []
        var isHeader = false
    }

    private(set) var rows: [Row] = []
    private var currentRow: Row?
    private var cell: InlineText?
    private var cellIsHeader = false
    private var rowHeaderCells = 0
    private var inHead = false

    /// True while a cell is open, so inline content goes into it.
    var hasOpenCell: Bool { cell != nil }

    /// `<thead>` opened or closed.
    mutating func setInHead(_ value: Bool) { inHead = value }

    /// `<tr>`: ends any open row.
    mutating func startRow() {
        endRow()
        currentRow = Row()
        rowHeaderCells = 0
    }

    /// `</tr>` (or an implicit end).
    mutating func endRow() {
        endCell()
        guard var row = currentRow else { return }
        row.isHeader = inHead || (!row.cells.isEmpty && rowHeaderCells == row.cells.count)
        if !row.cells.isEmpty { rows.append(row) }
        currentRow = nil
    }

    /// `<td>` or `<th>`: ends any open cell, opening a row if none is open.
    mutating func startCell(header: Bool) {
        endCell()
        if currentRow == nil { startRow() }
        cell = InlineText()
        cellIsHeader = header
    }

    /// `</td>` or `</th>` (or an implicit end).
    mutating func endCell() {
        guard var open = cell else { return }
        currentRow?.cells.append(open.take())
        if cellIsHeader { rowHeaderCells += 1 }
        cell = nil
    }

    /// Routes inline content to the open cell, opening one when text appears outside any cell.
    mutating func withCell(_ body: (inout InlineText) -> Void) {
        if cell == nil { startCell(header: false) }
        body(&cell!)
    }

    /// Ends everything and returns the rows.
    mutating func finish() -> [Row] {
        endRow()
        return rows
    }
}
