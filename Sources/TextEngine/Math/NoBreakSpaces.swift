/// Turning an inline formula's spaces into no-break spaces while a paragraph wraps, and back: scalar by scalar,
/// without Foundation's search (a third of a math thread's layout went to `replacingOccurrences`).
enum NoBreakSpaces {
    static let space: Unicode.Scalar = " "
    static let noBreak: Unicode.Scalar = "\u{A0}"

    /// `text` with every space a no-break space.
    static func joining(_ text: String) -> String { replacing(space, with: noBreak, in: text) }

    /// `text` with every no-break space a space again.
    static func released(_ text: String) -> String { replacing(noBreak, with: space, in: text) }

    private static func replacing(_ old: Unicode.Scalar, with new: Unicode.Scalar, in text: String) -> String {
        guard text.unicodeScalars.contains(old) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.map { $0 == old ? new : $0 })
        return String(scalars)
    }
}
