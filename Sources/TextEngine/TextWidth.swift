import CSupport

/// Terminal column widths, as glibc's `wcwidth` counts them and tmux 3.3a lays them out.
///
/// Measured against tmux 3.3a (cursor position after printing):
/// - a grapheme's width is the sum of its scalars' `wcwidth`, except that the scalar right after a
///   zero-width joiner (U+200D) joins the previous cell and adds nothing: 👨‍👩‍👧 is 2 columns;
/// - combining marks, ZWJ, variation selectors and zero-width spaces are 0 (so `é` as `e` + U+0301 is 1);
/// - VS16 does **not** widen a narrow base (❤️ is 1), a skin-tone modifier is its own 2-column cell
///   (👍🏽 is 4), a flag (two regional indicators) is 2, CJK and emoji presentation characters are 2;
/// - Hebrew and Arabic letters are 1 each and are never reordered;
/// - a tab counts 1 column and is drawn as a blank (expand tabs before measuring when they matter);
///   other control characters count 0 and are never drawn.
/// The lookup does not depend on the process locale.
public enum TextWidth {
    /// Columns a grapheme occupies (0 for controls and lone combining marks; may exceed 2, e.g. 👍🏽).
    public static func of(_ character: Character) -> Int {
        if character.isASCII { return asciiWidth(character) }
        var width = 0
        var joinsPrevious = false
        for scalar in character.unicodeScalars {
            if joinsPrevious { joinsPrevious = false; continue }
            if scalar.value == zeroWidthJoiner { joinsPrevious = true; continue }
            width += of(scalar)
        }
        return width
    }

    /// Columns a string occupies.
    public static func of(_ text: String) -> Int {
        if let ascii = asciiWidth(text) { return ascii }
        if let width = loneScalarsWidth(text.unicodeScalars) { return width }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The width of text whose every scalar is a grapheme of its own (`LoneScalars`), scalar by scalar: what
    /// going grapheme by grapheme gives, without grapheme breaking; nil when some scalar is not one.
    static func loneScalarsWidth(_ scalars: String.UnicodeScalarView) -> Int? {
        var width = 0
        for scalar in scalars {
            guard LoneScalars.contains(scalar) else { return nil }
            width += of(scalar)
        }
        return width
    }

    /// The width of ASCII-only text counted from its bytes (the common case, without grapheme breaking);
    /// nil when the text holds anything else, or a `\r\n` pair (one grapheme, 0 columns).
    static func asciiWidth<Text: StringProtocol>(_ text: Text) -> Int? {
        if let width = text.utf8.withContiguousStorageIfAvailable({ asciiWidth(bytes: $0) }) { return width }
        return asciiWidth(bytes: Array(text.utf8))
    }

    private static func asciiWidth<Bytes: Collection<UInt8>>(bytes: Bytes) -> Int? {
        var width = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 || (byte == 0x0A && previous == 0x0D) { return nil }
            if byte >= 0x20 ? byte != 0x7F : byte == 0x09 { width += 1 }
            previous = byte
        }
        return width
    }

    /// Columns one Unicode scalar takes on its own (0 for non-printables).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x09: return 1
        case 0x20..<0x7F, 0xA0...0x2FF: return 1
        case 0..<0x20, 0x7F..<0xA0: return 0
        case 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2
        default:
            let width = Int(stackterm_wcwidth(value))
            if width == -2 { return fallbackWidth(scalar) }
            return max(0, min(2, width))
        }
    }

    /// Cuts `text` to at most `width` columns, ending with `…` when something was cut; never splits a grapheme.
    /// A wide character that would not fit before the `…` is dropped; `width` 1 gives just `…`.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII: one column per byte, cut from the bytes.
            guard text.utf8.count > width else { return text }
            return String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        var used = 0
        var cutIndex: String.Index?
        for index in text.indices {
            let w = of(text[index])
            if cutIndex == nil, used + w > width - 1 { cutIndex = index }
            used += w
            if used > width { return String(text[..<(cutIndex ?? index)]) + "…" }
        }
        return text
    }

    /// The longest leading run of whole graphemes of `text` that fits in `maxWidth` columns, and its width.
    public static func prefix(of text: String, fitting maxWidth: Int) -> (text: Substring, width: Int) {
        var used = 0
        for index in text.indices {
            let w = of(text[index])
            if used + w > maxWidth { return (text[..<index], used) }
            used += w
        }
        return (text[...], used)
    }

    /// `text` followed by spaces up to `width` columns (unchanged when already that wide or wider).
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// `text` truncated or padded with spaces to exactly `width` columns.
    public static func fit(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        return pad(truncate(text, to: width), to: width)
    }

    /// `text` with each tab replaced by spaces up to the next multiple of `tabWidth` columns.
    public static func expandTabs(_ text: String, tabWidth: Int = 4) -> String {
        guard text.utf8.contains(0x09) else { return text }
        return expandTabs([StyledSpan(text)], tabWidth: tabWidth).map(\.text).joined()
    }

    /// Styled text with each tab replaced like `expandTabs(_:tabWidth:)`; the spaces keep the tab's style.
    public static func expandTabs(_ spans: [StyledSpan], tabWidth: Int = 4) -> [StyledSpan] {
        guard spans.contains(where: { $0.text.utf8.contains(0x09) }) else { return spans }
        var result: [StyledSpan] = []
        var column = 0
        for span in spans {
            var text = ""
            for character in span.text {
                if character == "\t" {
                    let spaces = tabWidth - column % max(1, tabWidth)
                    text += String(repeating: " ", count: spaces)
                    column += spaces
                } else if character == "\n" {
                    text.append(character)
                    column = 0
                } else {
                    text.append(character)
                    column += of(character)
                }
            }
            result.append(StyledSpan(text, style: span.style))
        }
        return result
    }

    /// The terminal cells a grapheme occupies, as tmux splits it: each cell's text and width (1 or 2).
    /// Control scalars are dropped, a tab becomes one blank; zero-width scalars stay with their cell.
    static func cells(of character: Character) -> [(text: String, width: Int)] {
        if character.isASCII {
            let width = asciiWidth(character)
            if width == 0 { return [] }
            return [(character == "\t" ? " " : String(character), width)]
        }
        var cells: [(text: String, width: Int)] = []
        var joinsPrevious = false
        for scalar in character.unicodeScalars {
            let width = joinsPrevious ? 0 : of(scalar)
            joinsPrevious = scalar.value == zeroWidthJoiner
            if isControl(scalar) { continue }
            if width > 0 || cells.isEmpty {
                cells.append((String(scalar), width))
            } else {
                cells[cells.count - 1].text.unicodeScalars.append(scalar)
            }
        }
        return cells
    }

    /// The cell of a scalar that is a grapheme of its own (`LoneScalars`), as `cells(of:)` gives its one-scalar
    /// grapheme; nil for a control, which is never drawn.
    static func cell(ofLone scalar: Unicode.Scalar) -> (text: String, width: Int)? {
        if scalar.isASCII {
            let value = scalar.value
            if value == 0x09 { return (" ", 1) }
            return value >= 0x20 && value != 0x7F ? (String(scalar), 1) : nil
        }
        return isControl(scalar) ? nil : (String(scalar), of(scalar))
    }

    static let zeroWidthJoiner: UInt32 = 0x200D

    /// True for C0, DEL and C1 controls (never drawn).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    private static func asciiWidth(_ character: Character) -> Int {
        guard let value = character.asciiValue else { return 0 } // "\r\n"
        return value == 0x09 || (value >= 0x20 && value != 0x7F) ? 1 : 0
    }

    /// An estimate from Unicode properties, used only when no UTF-8 locale is installed.
    private static func fallbackWidth(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0xA000...0xA4CF,
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
