import CNcursesw
import Rendering

/// How `CellStyle`s become curses attributes and colour pairs (pair n is `CellColor(rawValue: n)`).
public enum CursesStyle {
    /// The foreground colour each `CellColor` asks for; nil keeps the terminal's default foreground.
    public static func foreground(for color: CellColor, colorCount: Int) -> Int16? {
        switch color {
        case .normal: return nil
        case .accent: return Int16(COLOR_CYAN)
        case .muted: return colorCount >= 16 ? 8 : nil // bright black where it exists, else dim
        case .success: return Int16(COLOR_GREEN)
        case .warning: return Int16(COLOR_YELLOW)
        case .error: return Int16(COLOR_RED)
        case .code: return Int16(COLOR_MAGENTA)
        case .tag: return Int16(COLOR_BLUE)
        case .link: return Int16(COLOR_CYAN)
        }
    }

    /// The colour pair number for `color`, or 0 (default colours) when colours are off.
    public static func pair(for color: CellColor, colorsEnabled: Bool) -> Int16 {
        colorsEnabled ? Int16(color.rawValue) : 0
    }

    /// The curses attribute bits for `style` (without the colour pair).
    public static func attributes(for style: CellStyle, colorsEnabled: Bool, colorCount: Int) -> attr_t {
        var bits = stackterm_a_normal()
        let flags = style.attributes
        if flags.contains(.bold) { bits |= stackterm_a_bold() }
        if flags.contains(.reverse) { bits |= stackterm_a_reverse() }
        if flags.contains(.underline) { bits |= stackterm_a_underline() }
        if flags.contains(.dim) { bits |= stackterm_a_dim() }
        if flags.contains(.italic) { bits |= stackterm_a_italic() }
        let mutedWithoutColour = !colorsEnabled || foreground(for: .muted, colorCount: colorCount) == nil
        if style.color == .muted, mutedWithoutColour { bits |= stackterm_a_dim() }
        return bits
    }

    /// True when the user asked for no colour (`NO_COLOR` set and not empty, see no-color.org).
    public static func colorDisabled(by environment: [String: String]) -> Bool {
        if let value = environment["NO_COLOR"], !value.isEmpty { return true }
        return false
    }
}
