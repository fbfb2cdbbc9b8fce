/// Text from outside (an address's error description, a setting as typed) made safe to show on one terminal line.
enum ShownText {
    /// `text` with each control character (escape, line break, C1 control, bidirectional override or mark) made a space,
    /// cut to `limit` characters with `…`.
    static func clean(_ text: String, limit: Int = 200) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let control = value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
            kept.append(control ? " " : scalar)
        }
        let line = String(kept)
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }
}
