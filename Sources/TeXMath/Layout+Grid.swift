/// Matrices, cases, aligned equations and arrays: columns aligned, rows stacked, delimiters as tall as the rows.
extension Layout {
    func grid(_ grid: Grid, _ context: Context) throws -> Box {
        guard context.twoDimensional else { return Box(try linearGrid(grid, context)) }
        let cellBoxes = try grid.rows.map { row in try row.map { try box($0, context) } }
        let columns = cellBoxes.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in cellBoxes { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.width) } }
        var rowBoxes: [Box] = []
        for row in cellBoxes {
            let above = row.map(\.height).max() ?? 0, below = row.map(\.depth).max() ?? 0
            var parts: [Box] = []
            for index in 0..<columns {
                let cell = index < row.count ? row[index] : Box.empty
                let separator = separatorWidth(grid.kind, before: index)
                if separator > 0 { parts.append(Box.blank(separator)) }
                parts.append(cell.extended(above: above, below: below).padded(to: widths[index], alignment(grid, index)))
            }
            rowBoxes.append(Box.row(parts).extended(above: above, below: below))
        }
        let tall = rowBoxes.contains { !$0.isSingleLine }
        var stacked: [Box] = []
        for (index, row) in rowBoxes.enumerated() {
            if tall && index > 0 { stacked.append(Box.empty) }
            stacked.append(row)
        }
        let lineCount = stacked.reduce(0) { $0 + $1.lineCount }
        let baseline = rowBoxes.count == 1 ? rowBoxes[0].baseline : (lineCount - 1) / 2
        let body = Box.stack(stacked, alignment: .left, baseline: baseline)
        try Layout.checkSize(body)
        let height = body.lineCount
        var parts = [Fences.box(grid.open, height: height, baseline: body.baseline, ascii: ascii)]
        if grid.kind == .cases && !grid.open.isEmpty { parts.append(Box(" ")) }
        parts.append(body)
        if grid.kind == .cases && !grid.close.isEmpty { parts.append(Box(" ")) }
        parts.append(Fences.box(grid.close, height: height, baseline: body.baseline, ascii: ascii))
        return Box.row(parts)
    }

    private func separatorWidth(_ kind: Grid.Kind, before column: Int) -> Int {
        guard column > 0 else { return 0 }
        switch kind {
        case .aligned: return column % 2 == 0 ? 2 : 0
        default: return 2
        }
    }

    private func alignment(_ grid: Grid, _ column: Int) -> Grid.Alignment {
        switch grid.kind {
        case .matrix, .gather: return .center
        case .cases: return .left
        case .aligned: return column % 2 == 0 ? .right : .left
        case .array: return column < grid.alignments.count ? grid.alignments[column] : .center
        }
    }

    /// A grid on one line: `(a, b; c, d)`, `{x, x > 0; 0, otherwise`, `a = b; c = d`.
    private func linearGrid(_ grid: Grid, _ context: Context) throws -> String {
        var rows: [String] = []
        for row in grid.rows {
            switch grid.kind {
            case .aligned, .gather:
                var nodes: [Node] = []
                for (index, cell) in row.enumerated() {
                    if index > 0 && index % 2 == 0 { nodes.append(.space(2)) }
                    nodes.append(cell)
                }
                rows.append(MathRenderer.trimmed(try self.row(nodes, context).text))
            default:
                rows.append(try row.map { try linear($0, script: context.script) }.joined(separator: ", "))
            }
        }
        let open = ascii ? Fences.ascii(grid.open) : grid.open
        let close = ascii ? Fences.ascii(grid.close) : grid.close
        return open + rows.joined(separator: "; ") + close
    }
}
