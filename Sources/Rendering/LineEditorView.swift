import AppCore
import TextEngine

/// Shows a `LineEditor` in a field a fixed number of columns wide, scrolled sideways so the cursor is visible.
///
/// Measured in display columns (`TextWidth`), never splitting a grapheme:
/// - when the text (plus one blank cell for a cursor at its end) fits, it is shown whole from column 0;
/// - otherwise the field starts at the text's beginning if the cursor can be seen from there, else the text
///   scrolls left just enough that the cursor's grapheme is the last one shown (typing at the end keeps the
///   cursor at the right edge; moving left slides the text until its start is visible again);
/// - `‹` in the first column marks text cut off on the left, `…` right after the last shown grapheme marks
///   text cut off on the right; each takes one column. A wide grapheme that does not fit before the `…` is
///   left out whole (so the result may be one column narrower than the field);
/// - in a field too narrow for the markers around the cursor's grapheme the markers are dropped; a grapheme
///   wider than the whole field is not drawn at all (the text is empty and the cursor at column 0).
/// The returned text is never wider than `width`, and `cursorColumn` is always in `0..<width`
/// (0 when `width` is 0 or less, with an empty text).
public enum LineEditorView {
    /// Marks text hidden to the left of the field.
    public static let leftMarker = "‹"
    /// Marks text hidden to the right of the field.
    public static let rightMarker = "…"

    /// The part of `editor`'s text to draw in a field `width` columns wide, and the cursor's column in it.
    public static func visible(_ editor: LineEditor, width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let line = MeasuredLine(editor.text)
        let cursor = min(max(0, editor.cursor), line.count)
        let endCell = cursor == line.count ? 1 : 0
        // A cursor on a zero-width grapheme at the end of a text that fills the field would sit past it.
        if line.width(0..<line.count) + endCell <= width, line.width(0..<cursor) < width {
            return (editor.text, line.width(0..<cursor))
        }
        let cursorCell = cursor < line.count ? line.widths[cursor] : 1
        let rightReserve = cursor < line.count ? 1 : 0
        let first = (0...cursor).first { first in
            let leftReserve = first > 0 ? 1 : 0
            return leftReserve + line.width(first..<cursor) + cursorCell + rightReserve <= width
        }
        guard let first else {
            guard cursorCell <= width else { return ("", 0) }
            return (line.fill(from: cursor, width: width, endCell: endCell, markers: false), 0)
        }
        let leftReserve = first > 0 ? 1 : 0
        let shown = line.fill(from: first, width: width - leftReserve, endCell: endCell, markers: true)
        return ((first > 0 ? leftMarker : "") + shown, leftReserve + line.width(first..<cursor))
    }
}

/// A line's graphemes with their widths and running column offsets.
private struct MeasuredLine {
    let characters: [Character]
    let widths: [Int]
    /// `offsets[i]` is the column where grapheme `i` starts; the last entry is the whole width.
    let offsets: [Int]

    init(_ text: String) {
        characters = Array(text)
        widths = characters.map(TextWidth.of)
        var offsets = [0]
        offsets.reserveCapacity(widths.count + 1)
        for width in widths { offsets.append(offsets[offsets.count - 1] + width) }
        self.offsets = offsets
    }

    var count: Int { characters.count }

    /// Columns taken by the graphemes in `range`.
    func width(_ range: Range<Int>) -> Int {
        offsets[range.upperBound] - offsets[range.lowerBound]
    }

    /// The graphemes from `first` on that fit in `width` columns. With `markers`, when the rest (and the
    /// `endCell` a cursor after the text needs) does not fit, one column is kept for `…`, which follows the
    /// last whole grapheme shown.
    func fill(from first: Int, width: Int, endCell: Int, markers: Bool) -> String {
        let rest = self.width(first..<count) + endCell
        let cut = rest > width
        let available = cut && markers ? width - 1 : width
        var end = first
        while end < count, self.width(first..<end + 1) <= available { end += 1 }
        let shown = String(characters[first..<end])
        return cut && markers && end < count ? shown + LineEditorView.rightMarker : shown
    }
}
