import CNcursesw
import CSupport
import TextEngine

/// One cell as curses holds it, read back for tests and debugging.
public struct CursesCell: Equatable, Sendable {
    /// The character(s) in the cell.
    public var text: String
    public var attributes: CellStyle.Attributes
    /// The curses colour pair (0 is the default colours).
    public var colorPair: Int
}

extension Terminal {
    /// The cell curses holds at column `x` of row `y`, or nil outside the screen.
    public func screenCell(x: Int, y: Int) -> CursesCell? {
        guard isStarted, let window = stackterm_stdscr(), x >= 0, y >= 0, x < size.columns, y < size.rows
        else { return nil }
        var scalars = [UInt32](repeating: 0, count: Int(stackterm_ccharw_max()))
        var bits = attr_t(0)
        var pair: Int16 = 0
        let count = stackterm_read_cell(window, Int32(y), Int32(x), &scalars, Int32(scalars.count), &bits, &pair)
        guard count >= 0 else { return nil }
        var text = String.UnicodeScalarView()
        for value in scalars.prefix(Int(count)) { if let scalar = Unicode.Scalar(value) { text.append(scalar) } }
        return CursesCell(text: String(text), attributes: Self.attributes(from: bits), colorPair: Int(pair))
    }

    /// The text curses holds for each row; a wide character appears once (its right half is skipped).
    public func screenLines() -> [String] {
        let screen = size
        return (0..<screen.rows).map { y in
            var line = ""
            var x = 0
            while x < screen.columns {
                let text = screenCell(x: x, y: y)?.text ?? ""
                line += text
                let base = text.unicodeScalars.first.map { Int(stackterm_wcwidth($0.value)) } ?? 1
                x += max(1, base)
            }
            return line
        }
    }

    private static func attributes(from bits: attr_t) -> CellStyle.Attributes {
        var attributes: CellStyle.Attributes = []
        let table: [(attr_t, CellStyle.Attributes)] = [
            (stackterm_a_bold(), .bold), (stackterm_a_reverse(), .reverse), (stackterm_a_underline(), .underline),
            (stackterm_a_dim(), .dim), (stackterm_a_italic(), .italic),
        ]
        for (bit, attribute) in table where bits & bit != 0 { attributes.insert(attribute) }
        return attributes
    }
}
