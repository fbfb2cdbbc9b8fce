import AppCore
import TextEngine

/// Marks the in-page find's matches on the question view's lines: every match in reverse video, the one gone to
/// last also bold in the warning colour (so it stands out under `NO_COLOR` too).
public enum FindHighlight {
    public static let match = CellStyle(.reverse)
    public static let current = CellStyle([.reverse, .bold], color: .warning)

    /// `line` (document line `number`) with `find`'s matches restyled.
    public static func apply(_ find: ThreadFind, to line: StyledLine, number: Int) -> StyledLine {
        let ranges = find.pattern.occurrences(in: line.spans.map(\.text).joined())
        guard !ranges.isEmpty else { return line }
        let currentOccurrence = find.currentMatch.flatMap { $0.line == number ? $0.occurrence : nil }
        var result = StyledLine()
        var offset = 0
        var range = 0
        for span in line.spans {
            var chunk = ""
            var chunkStyle = span.style
            for character in span.text {
                while range < ranges.count, ranges[range].upperBound <= offset { range += 1 }
                var style = span.style
                if range < ranges.count, ranges[range].contains(offset) { style = range == currentOccurrence ? current : match }
                if style != chunkStyle, !chunk.isEmpty {
                    result.append(chunk, style: chunkStyle)
                    chunk = ""
                }
                chunkStyle = style
                chunk.append(character)
                offset += 1
            }
            if !chunk.isEmpty { result.append(chunk, style: chunkStyle) }
        }
        return result
    }
}
