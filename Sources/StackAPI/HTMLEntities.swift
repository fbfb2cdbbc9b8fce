/// Decodes and escapes HTML character references in the short texts the API escapes
/// (titles, display names, tags, site names, error messages). Bodies stay HTML and are not decoded here.
public enum HTMLEntities {
    /// Decodes every well-formed character reference exactly once: `&#39;`, `&#x27;`, `&amp;`, `&hellip;`…
    ///
    /// Malformed or unknown references (`&foo;`, `&#xZZ;`, a lone `&`, a reference without `;`) stay as written.
    /// Numeric references to NUL, surrogates or values past U+10FFFF become U+FFFD.
    /// `&amp;#39;` becomes `&#39;`: the result is never decoded a second time.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(ampersand) else { return text }
        // Works on UTF-8 bytes: every byte of a reference is ASCII, and no byte of a multi-byte character is.
        let bytes = Array(text.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ampersand, let (decoded, next) = reference(in: bytes, at: index) {
                output.append(contentsOf: String(decoded).utf8)
                index = next
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` the way the API does, so `decode(escape(s)) == s` for every `s`.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The longest numeric reference body we parse (`#x10FFFF` is 8); longer runs of digits are out of range.
    private static let maximumDigits = 16

    private static let ampersand = UInt8(ascii: "&")

    /// Parses the reference starting at the `&` at `start`; nil when it is not a well-formed reference.
    private static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        let bodyStart = start + 1
        guard bodyStart < bytes.count else { return nil }
        let limit = bytes[bodyStart] == UInt8(ascii: "#") ? maximumDigits + 2 : HTMLEntityTable.longestName + 1
        var end = bodyStart
        while end < bytes.count, bytes[end] != UInt8(ascii: ";") {
            // Names and digits are ASCII: anything else cannot be part of a reference.
            guard end - bodyStart < limit, bytes[end] < 0x80 else { return nil }
            end += 1
        }
        guard end < bytes.count, end > bodyStart else { return nil }
        let decoded = bytes[bodyStart] == UInt8(ascii: "#")
            ? numericScalar(bytes[(bodyStart + 1)..<end])
            : HTMLEntityTable.scalar(named: String(decoding: bytes[bodyStart..<end], as: UTF8.self)[...])
        guard let decoded else { return nil }
        return (decoded, end + 1)
    }

    /// Decodes the digits of `#123` or `#x7B` (without `#`); nil when they are not digits.
    private static func numericScalar(_ digits: ArraySlice<UInt8>) -> Unicode.Scalar? {
        var radix: UInt64 = 10
        var text = digits
        if let marker = text.first, marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X") {
            radix = 16
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in text {
            guard let digit = digitValue(byte), digit < radix else { return nil }
            // At most `maximumDigits` digits: no overflow; anything past U+10FFFF is refused below.
            value = value &* radix &+ digit
        }
        guard value != 0, value <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(value)) else { return replacementCharacter }
        return scalar
    }

    /// The value of an ASCII hexadecimal digit, or nil.
    private static func digitValue(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"
}
