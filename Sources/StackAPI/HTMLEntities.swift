/// Decodes and escapes HTML character references in the short texts the API escapes
/// (titles, display names, tags, site names, error messages). Bodies stay HTML and are not decoded here.
public enum HTMLEntities {
    /// Decodes every well-formed character reference exactly once: `&#39;`, `&#x27;`, `&amp;`, `&hellip;`…
    ///
    /// Malformed or unknown references (`&foo;`, `&#xZZ;`, a lone `&`, a reference without `;`) stay as written.
    /// Numeric references to NUL, surrogates or values past U+10FFFF become U+FFFD.
    /// `&amp;#39;` becomes `&#39;`: the result is never decoded a second time.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let scalars = text.unicodeScalars
        var output = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "&", let (decoded, next) = reference(in: scalars, at: index) {
                output.append(decoded)
                index = next
            } else {
                output.append(scalar)
                index = scalars.index(after: index)
            }
        }
        return String(output)
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

    /// Parses the reference starting at the `&` at `start`; nil when it is not a well-formed reference.
    private static func reference(
        in scalars: String.UnicodeScalarView, at start: String.UnicodeScalarView.Index
    ) -> (Unicode.Scalar, String.UnicodeScalarView.Index)? {
        let bodyStart = scalars.index(after: start)
        guard bodyStart < scalars.endIndex else { return nil }
        let limit = scalars[bodyStart] == "#" ? maximumDigits + 2 : HTMLEntityTable.longestName + 1
        var end = bodyStart
        var length = 0
        while end < scalars.endIndex, scalars[end] != ";" {
            guard length < limit else { return nil }
            end = scalars.index(after: end)
            length += 1
        }
        guard end < scalars.endIndex, length > 0 else { return nil }
        let body = Substring(scalars[bodyStart..<end])
        guard let decoded = body.first == "#" ? numericScalar(body.dropFirst()) : HTMLEntityTable.scalar(named: body)
        else { return nil }
        return (decoded, scalars.index(after: end))
    }

    /// Decodes the digits of `#123` or `#x7B` (without `#`); nil when they are not digits.
    private static func numericScalar(_ digits: Substring) -> Unicode.Scalar? {
        var radix = 10
        var text = digits
        if let marker = text.first, marker == "x" || marker == "X" {
            radix = 16
            text = text.dropFirst()
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) })
        else { return nil }
        guard let value = UInt64(text, radix: radix), value != 0, value <= 0x10FFFF,
              let scalar = Unicode.Scalar(UInt32(value))
        else { return replacementCharacter }
        return scalar
    }

    private static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"
}
