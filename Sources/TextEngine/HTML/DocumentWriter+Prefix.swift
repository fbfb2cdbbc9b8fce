/// The prefix each line gets from the containers it is in.
extension DocumentWriter {
    private static let bar = "│ "
    private static let mutedStyle = CellStyle(color: .muted)

    /// The widest prefix allowed: content keeps at least 4 columns (or the whole width when narrower).
    private var prefixLimit: Int { width - min(width, 4) }

    /// Columns the prefix of the next line takes.
    var prefixWidth: Int {
        var total = 0
        for container in containers.prefix(RenderLimits.maximumDepth) {
            switch container {
            case .quote: total += 2
            case .list: break
            case .item(let marker, _): total += marker.count
            case .indent: total += 2
            }
        }
        return min(total, prefixLimit)
    }

    /// The prefix for the next content line; shows (and marks shown) the markers of new items.
    /// Containers past `RenderLimits.maximumDepth` add nothing.
    mutating func prefix() -> StyledLine {
        if let cachedPrefix { return cachedPrefix }
        var line = StyledLine()
        var markedItem = false
        for index in containers.indices.prefix(RenderLimits.maximumDepth) {
            switch containers[index] {
            case .quote:
                line.append(Self.bar, style: Self.mutedStyle)
            case .list:
                break
            case .item(let marker, let shown):
                line.append(shown ? String(repeating: " ", count: marker.count) : marker, style: .plain)
                if !shown {
                    markContainerShown(at: index)
                    markedItem = true
                }
            case .indent:
                line.append("  ", style: .plain)
            }
        }
        let result = capped(line)
        if !markedItem { cachedPrefix = result }
        return result
    }

    /// The prefix of a blank line between blocks: only the quote bars of the first `depth` containers.
    mutating func blankPrefix(depth: Int) -> StyledLine {
        if let cached = cachedBlankPrefix, cached.depth == depth { return cached.line }
        var text = ""
        for container in containers.prefix(min(depth, RenderLimits.maximumDepth)) {
            switch container {
            case .quote: text += Self.bar
            case .item(let marker, _): text += String(repeating: " ", count: marker.count)
            case .indent: text += "  "
            case .list: break
            }
        }
        while text.last == " " { text.removeLast() }
        let line = capped(StyledLine(text, style: Self.mutedStyle))
        cachedBlankPrefix = (depth, line)
        return line
    }

    /// A prefix cut to `prefixLimit` columns (deep nesting at narrow widths), with no ellipsis.
    private func capped(_ line: StyledLine) -> StyledLine {
        guard line.width > prefixLimit else { return line }
        var result = StyledLine()
        for span in line.spans {
            let piece = TextWidth.prefix(of: span.text, fitting: prefixLimit - result.width)
            result.append(String(piece.text), style: span.style)
            if piece.text.count < span.text.count { break }
        }
        return result
    }
}
