/// Terminal columns of text, counted like glibc's `wcwidth`: combining marks and format characters 0,
/// East Asian wide and fullwidth characters 2, everything else printable 1.
public enum TextColumns {
    /// Columns `text` occupies in a terminal.
    public static func width(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += width(scalar) }
        return total
    }

    /// Columns one scalar occupies (0 for controls, combining marks and zero-width characters).
    public static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        if hasNoMarks(value) { return isWide(value) ? 2 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    /// Blocks a formula's output draws from that hold no mark or format character (Greek, Cyrillic, punctuation
    /// after the joiners, scripts and currency, the mathematical and arrow blocks, CJK ideographs, mathematical
    /// alphanumerics), so no Unicode property lookup is needed: `ColumnsTests` checks every scalar of them.
    private static func hasNoMarks(_ value: UInt32) -> Bool {
        switch value {
        case 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205F, 0x2070...0x20CF, 0x2100...0x2BFF,
             0x4E00...0x9FFF, 0x1D400...0x1D7FF:
            return true
        default:
            return false
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
