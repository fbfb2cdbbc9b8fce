/// Decodes HTML character references exactly once: `&amp;lt;` becomes `&lt;`, not `<`.
///
/// Numeric (`&#39;`, `&#x27;`), and named references from HTML 4 plus `&apos;`. The semicolon may be
/// left out only after `amp`, `lt`, `gt` and `quot` (as browsers accept). An unknown or malformed
/// reference stays as written. Numeric references to 0, surrogates or beyond U+10FFFF give U+FFFD;
/// 0x80–0x9F mean their Windows-1252 characters, as in browsers.
///
/// This is the renderer's own decoder, behind this one function, so it can be swapped for the API
/// layer's `HTMLEntities.decode` once both are on the same branch.
enum HTMLEntityDecoder {
    /// `text` with every character reference decoded once.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(ampersand) else { return text }
        let bytes = Array(text.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ampersand, let (scalar, length) = reference(in: bytes, at: index) {
                output.append(contentsOf: String(Character(scalar)).utf8)
                index += length
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let ampersand = UInt8(ascii: "&")
    private static let semicolon = UInt8(ascii: ";")

    /// The scalar a reference starting at `start` (an `&`) stands for, and the bytes it spans.
    private static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var radix: UInt32 = 10
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x") { radix = 16; index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.count, let digit = digitValue(bytes[index], radix: radix) {
                value = min(value &* radix &+ digit, 0x11_0000)
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < bytes.count, bytes[index] == semicolon { index += 1 }
            return (numericScalar(value), index - start)
        }
        let nameStart = index
        while index < bytes.count, index - nameStart < 10, isAlphanumeric(bytes[index]) { index += 1 }
        guard index > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard let value = HTMLEntityTable.named[name], let scalar = Unicode.Scalar(value) else { return nil }
        if index < bytes.count, bytes[index] == semicolon { return (scalar, index + 1 - start) }
        return ["amp", "lt", "gt", "quot"].contains(name) ? (scalar, index - start) : nil
    }

    private static func numericScalar(_ value: UInt32) -> Unicode.Scalar {
        if let mapped = HTMLEntityTable.windows1252[value] { return Unicode.Scalar(mapped) ?? "\u{FFFD}" }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }
}
