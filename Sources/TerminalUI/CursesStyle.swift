import CNcursesw
import TextEngine

/// How `CellStyle`s become curses attributes and colour pairs (pair n is `CellColor(rawValue: n)`), under a `ColorTheme`.
public enum CursesStyle {
    /// The curses foreground for `color` under `theme`, or nil for the terminal's default foreground.
    ///
    /// A palette colour the terminal lacks degrades: a bright colour (9–15) becomes its basic form on an
    /// 8-colour terminal; bright black and anything else out of range become the default (muted text is then dim).
    public static func foreground(for color: CellColor, theme: ColorTheme = .standard, colorCount: Int) -> Int16? {
        guard case .palette(let index) = theme.foreground(for: color) else { return nil }
        if index < colorCount { return Int16(index) }
        if (9..<16).contains(index), colorCount >= 8 { return Int16(index - 8) }
        return nil
    }

    /// The colour pair number for `color`, or 0 (default colours) when colours are off.
    public static func pair(for color: CellColor, colorsEnabled: Bool) -> Int16 {
        colorsEnabled ? Int16(color.rawValue) : 0
    }

    /// The curses attribute bits for `style` (without the colour pair).
    public static func attributes(for style: CellStyle, colorsEnabled: Bool, theme: ColorTheme = .standard,
                                  colorCount: Int) -> attr_t {
        var bits = stackterm_a_normal()
        let flags = style.attributes
        if flags.contains(.bold) { bits |= stackterm_a_bold() }
        if flags.contains(.reverse) { bits |= stackterm_a_reverse() }
        if flags.contains(.underline) { bits |= stackterm_a_underline() }
        if flags.contains(.dim) { bits |= stackterm_a_dim() }
        if flags.contains(.italic) { bits |= stackterm_a_italic() }
        let mutedWithoutColour = !colorsEnabled || foreground(for: .muted, theme: theme, colorCount: colorCount) == nil
        if style.color == .muted, mutedWithoutColour { bits |= stackterm_a_dim() }
        return bits
    }

    /// True when the user asked for no colour (`NO_COLOR` set and not empty, see no-color.org).
    public static func colorDisabled(by environment: [String: String]) -> Bool {
        if let value = environment["NO_COLOR"], !value.isEmpty { return true }
        return false
    }
}
