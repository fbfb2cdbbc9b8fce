/// The prefix each line gets from the containers it is in.
extension DocumentWriter {
    private static let bar = "│ "
    private static let mutedStyle = CellStyle(color: .muted)

    /// The widest prefix allowed: content keeps at least 4 columns (or the whole width when narrower).
    private var prefixLimit: Int { width - min(width, 4) }

    /// Columns the prefix of the next line takes.
    var prefixWidth: Int {
        var total = 0
        for container in containers {
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
    mutating func prefix() -> StyledLine {
        var line = StyledLine()
        for index in containers.indices {
            switch containers[index] {
            case .quote:
                line.append(Self.bar, style: Self.mutedStyle)
            case .list:
                break
            case .item(let marker, let shown):
                line.append(shown ? String(repeating: " ", count: marker.count) : marker, style: .plain)
                containers[index] = .item(marker: marker, shown: true)
            case .indent:
                line.append("  ", style: .plain)
            }
        }
        return capped(line)
    }

    /// The prefix of a blank line between blocks: only the quote bars of the first `depth` containers.
    func blankPrefix(depth: Int) -> StyledLine {
        var text = ""
        for container in containers.prefix(depth) {
            switch container {
            case .quote: text += Self.bar
            case .item(let marker, _): text += String(repeating: " ", count: marker.count)
            case .indent: text += "  "
            case .list: break
            }
        }
        while text.last == " " { text.removeLast() }
        return capped(StyledLine(text, style: Self.mutedStyle))
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
