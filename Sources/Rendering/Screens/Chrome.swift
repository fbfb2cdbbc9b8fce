import AppCore
import TextEngine

/// The header and status lines every screen shares, and the too-small notice.
public enum Chrome {
    /// Smallest terminal the layout works in.
    public static let minimumColumns = 30
    public static let minimumRows = 6

    public static func isTooSmall(_ viewport: Viewport) -> Bool {
        viewport.columns < minimumColumns || viewport.rows < minimumRows
    }

    /// One line telling the user the terminal is too small, and what it needs.
    public static func drawTooSmall(into buffer: inout ScreenBuffer) {
        let notice = "Terminal too small (\(buffer.width)×\(buffer.height)): need \(minimumColumns)×\(minimumRows)"
        buffer.write(TextWidth.truncate(notice, to: buffer.width), x: 0, y: 0, style: CellStyle(.bold, color: .warning))
    }

    /// The header: left text in reverse video across the whole first row, right text at the right edge.
    public static func drawHeader(left: String, right: String, into buffer: inout ScreenBuffer) {
        let style = CellStyle(.reverse)
        buffer.fillRow(0, style: style)
        drawSplitRow(0, left: left, right: fitting(TerminalSafety.sanitize(right), into: max(0, buffer.width / 2)), style: style,
                     into: &buffer)
    }

    /// The most rows a long message takes above the status line: a third of the screen, at most 4.
    static func messageRows(height: Int) -> Int { max(0, min(4, height / 3)) }

    /// The status line on the last row: the message (or loaded count) left, quota and key hints right. A message
    /// wider than its room is shown whole: wrapped, its first lines over the rows above the status line (a
    /// third of the screen at most; only what is still longer ends in `…`), so its beginning — the advice — is read first.
    public static func drawStatus(left: String, mark: StatusLine.Mark? = nil, right: String, isError: Bool,
                                  into buffer: inout ScreenBuffer) {
        let y = buffer.height - 1
        let style = isError ? CellStyle(.bold, color: .error) : CellStyle(color: .muted)
        buffer.fillRow(y, style: .plain)
        let safeLeft = TerminalSafety.sanitize(left)
        let leftWidth = TextWidth.of(safeLeft)
        let rightText = rightSide(mark: mark, right: right, width: buffer.width, leftWidth: leftWidth)
        let rightWidth = TextWidth.of(TextWidth.truncate(rightText, to: max(0, buffer.width / 2)))
        let leftRoom = max(0, buffer.width - 2 - rightWidth - (rightWidth > 0 ? 1 : 0))
        guard leftWidth > leftRoom, messageRows(height: buffer.height) > 0 else {
            return drawSplitRow(y, left: safeLeft, right: rightText, style: style, into: &buffer)
        }
        var above = TextWrap.wrap(safeLeft, width: max(1, buffer.width - 2)).map(\.text)
        // The last line shares the status row with the right side when it fits there; else it gets a row of its own.
        var onStatusRow = above.count > 1 && TextWidth.of(above[above.count - 1]) <= leftRoom ? above.removeLast() : ""
        let rows = messageRows(height: buffer.height)
        if above.count > rows {
            above = Array(above.prefix(rows))
            above[rows - 1] = TextWidth.truncate(above[rows - 1] + " …", to: max(1, buffer.width - 2))
            onStatusRow = ""
        }
        for (index, line) in above.enumerated() {
            let row = y - above.count + index
            buffer.fillRow(row, style: .plain)
            buffer.write(" " + line, x: 0, y: row, style: style)
        }
        drawSplitRow(y, left: onStatusRow, right: rightText, style: style, into: &buffer)
    }

    /// The right side, at most half the row and no more than the `leftWidth` columns of the left text leave (the
    /// message comes first): the mark kept first (its short form when the full one would take over a quarter of the
    /// row or not fit), then as much of `right` as fits beside it (`fitting` drops its leading parts, the quota first).
    public static func rightSide(mark: StatusLine.Mark?, right: String, width: Int, leftWidth: Int = 0) -> String {
        let room = max(0, min(width / 2, width - 3 - leftWidth))
        guard let mark else { return fitting(TerminalSafety.sanitize(right), into: room) }
        let fullFits = TextWidth.of(mark.full) * 4 <= width && TextWidth.of(mark.full) <= room
        let shown = fullFits ? mark.full : mark.short
        let rest = fitting(TerminalSafety.sanitize(right), into: max(0, room - TextWidth.of(shown) - 3))
        return rest.isEmpty || TextWidth.of(rest) > room - TextWidth.of(shown) - 3 ? shown : shown + " · " + rest
    }

    private static func drawSplitRow(_ y: Int, left: String, right: String, style: CellStyle, into buffer: inout ScreenBuffer) {
        let width = buffer.width
        let rightText = TextWidth.truncate(right, to: max(0, width / 2))
        let rightWidth = TextWidth.of(rightText)
        let leftRoom = max(0, width - 2 - rightWidth - (rightWidth > 0 ? 1 : 0))
        buffer.write(" " + TextWidth.truncate(TerminalSafety.sanitize(left), to: leftRoom), x: 0, y: y, style: style)
        buffer.write(rightText, x: width - rightWidth - 1, y: y, style: style)
    }

    /// Drops leading " · "-separated parts of `text` until it fits `width` (the last part is kept whole if possible).
    static func fitting(_ text: String, into width: Int) -> String {
        var parts = text.components(separatedBy: " · ")
        while parts.count > 1, TextWidth.of(parts.joined(separator: " · ")) > width { parts.removeFirst() }
        return parts.joined(separator: " · ")
    }

    /// "quota 287/300" or "" when unknown.
    public static func quotaText(_ status: StatusState) -> String {
        guard let remaining = status.quotaRemaining else { return "" }
        return status.quotaMax.map { "quota \(remaining)/\($0)" } ?? "quota \(remaining)"
    }
}
