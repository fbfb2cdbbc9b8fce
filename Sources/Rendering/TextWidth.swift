import CSupport

/// Terminal column widths, as glibc's `wcwidth` (and so tmux and ncursesw) count them.
public enum TextWidth {
    /// Columns a grapheme occupies: 0, 1 or 2 (non-printables count 0).
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x80 {
            return first.value >= 0x20 && first.value != 0x7F ? 1 : 0
        }
        // Emoji presentation selector makes a narrow base wide.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        let w = Int(stackterm_wcwidth(first.value))
        return max(0, min(2, w))
    }

    /// Columns a string occupies.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Cuts `text` to at most `width` columns, ending with `…` when something was cut; never splits a grapheme.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }
}
