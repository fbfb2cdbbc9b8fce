/// Scalars that are always a grapheme of their own, whatever surrounds them: no combining mark, joiner, variation
/// selector, regional indicator, skin-tone modifier, prepended or spacing mark, conjoining jamo, nor CR.
///
/// Text made only of them can be measured and cut scalar by scalar, each scalar's width from `TextWidth.of(_:)`,
/// with the same result as going grapheme by grapheme. The ranges are a conservative choice (Latin, Greek,
/// Cyrillic, punctuation, the mathematical, arrow and box-drawing blocks, CJK, Hangul syllables, emoji bases);
/// anything else sends the text down the grapheme path. `LoneScalarsTests` checks every scalar of the ranges
/// against the standard library's grapheme breaking.
enum LoneScalars {
    /// True when `scalar` breaks from whatever comes before and after it.
    @inline(__always)
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return value != 0x0D }
        return containsAbove0300(value)
    }

    private static func containsAbove0300(_ value: UInt32) -> Bool {
        switch value {
        case 0x370...0x482, 0x48A...0x52F, // Greek, Cyrillic
             0x2010...0x206F, 0x2070...0x20CF, // punctuation (no ZWNJ, ZWJ), scripts, currency
             0x2100...0x2BFF, // letterlike, arrows, operators, technical, box drawing, shapes, symbols
             0x2E80...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, // CJK
             0xAC00...0xD7A3, // Hangul syllables (never joined to one another)
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFEE, // compatibility, fullwidth
             0x1D400...0x1D7FF, // mathematical alphanumerics
             0x1F000...0x1F1E5, 0x1F200...0x1F3FA, 0x1F400...0x1FAFF, // emoji and pictographs, no flags or tones
             0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// True when every scalar of `bytes` (valid UTF-8, as a `String` holds it) is one of them.
    static func containsAll(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let (scalar, next) = decode(bytes, at: index)
            guard contains(scalar) else { return false }
            index = next
        }
        return true
    }

    /// The scalar whose UTF-8 encoding starts at `index` of `bytes` (valid UTF-8), and the index after it.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, next: Int) {
        let lead = UInt32(bytes[index])
        let value: UInt32, length: Int
        switch lead {
        case ..<0x80: (value, length) = (lead, 1)
        case ..<0xE0: (value, length) = ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        case ..<0xF0:
            (value, length) = ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        default:
            (value, length) = ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F), 4)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", index + length)
    }
}
