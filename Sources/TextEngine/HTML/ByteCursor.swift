import StackAPI

/// Reads tag names and attributes from the bytes of an HTML body, for `HTMLTokenizer`.
struct ByteCursor {
    /// Where the last `"` and `'` of the input are (-1: none), so an unterminated quote is seen at once.
    struct LastQuotes {
        var double: Int
        var single: Int
    }

    let bytes: [UInt8]
    var index: Int
    var lastQuotes = LastQuotes(double: Int.max, single: Int.max)

    init(bytes: [UInt8], index: Int, lastQuotes: LastQuotes = LastQuotes(double: Int.max, single: Int.max)) {
        self.bytes = bytes
        self.index = index
        self.lastQuotes = lastQuotes
    }

    /// The byte at the cursor, or 0 at the end.
    var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// True when the bytes at the cursor spell `prefix`.
    func hasPrefix(_ prefix: String) -> Bool {
        var at = index
        for byte in prefix.utf8 {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
        }
        return true
    }

    /// Index of the last occurrence of `needle` (ASCII), searching from the end.
    func findLast(_ needle: String) -> Int? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        var at = bytes.count - pattern.count
        while at >= 0 {
            if bytes[at] == pattern[0], bytes[at..<at + pattern.count].elementsEqual(pattern) { return at }
            at -= 1
        }
        return nil
    }

    /// Index of the first occurrence of `needle` at or after `start`.
    func find(_ needle: String, from start: Int) -> Int? {
        if needle.utf8.count == 1, let byte = needle.utf8.first {
            return start < bytes.count ? bytes[max(0, start)...].firstIndex(of: byte) : nil
        }
        return findCaseInsensitive(needle, from: start, foldCase: false)
    }

    /// Index of the first occurrence of `needle` (ASCII, matched case-insensitively) at or after `start`.
    func findCaseInsensitive(_ needle: String, from start: Int, foldCase: Bool = true) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        let fold: UInt8 = foldCase ? 0x20 : 0
        var at = max(0, start)
        while at <= bytes.count - pattern.count {
            if bytes[at] | fold == first | fold {
                var matched = 1
                while matched < pattern.count, bytes[at + matched] | fold == pattern[matched] | fold { matched += 1 }
                if matched == pattern.count { return at }
            }
            at += 1
        }
        return nil
    }

    /// The element named by a tag name (letters and digits) followed by a space, `/` or `>`; nil otherwise,
    /// or when the name is no HTML element.
    mutating func readElement() -> HTMLElement? {
        let start = index
        guard index < bytes.count, (bytes[index] | 0x20) >= 0x61, (bytes[index] | 0x20) <= 0x7A else { return nil }
        while index < bytes.count, Byte.isAlphanumeric(bytes[index]) { index += 1 }
        let next = peek
        guard Byte.isSpace(next) || next == Byte.slash || next == Byte.greaterThan else { return nil }
        return HTMLElement.named(bytes[start..<index])
    }

    /// Attributes up to and past the closing `>`; nil when the tag never closes or a quote is unterminated.
    mutating func readAttributes() -> (attributes: [String: String], selfClosing: Bool)? {
        var attributes: [String: String] = [:]
        while index < bytes.count {
            skipSpaces()
            switch peek {
            case Byte.greaterThan:
                index += 1
                return (attributes, false)
            case Byte.slash:
                index += 1
                if peek == Byte.greaterThan { index += 1; return (attributes, true) }
            case 0:
                return nil
            default:
                guard let (name, value) = readAttribute() else { return nil }
                if attributes[name] == nil { attributes[name] = value }
            }
        }
        return nil
    }

    private mutating func readAttribute() -> (String, String)? {
        let nameStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if Byte.isSpace(byte) || byte == Byte.equals || byte == Byte.greaterThan || byte == Byte.slash { break }
            index += 1
        }
        if index == nameStart { index += 1; return ("", "") } // a stray `=`: skip it
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        skipSpaces()
        guard peek == Byte.equals else { return (name, "") }
        index += 1
        skipSpaces()
        let quote = peek
        let valueStart: Int
        let valueEnd: Int
        if quote == Byte.doubleQuote || quote == Byte.singleQuote {
            valueStart = index + 1
            guard (quote == Byte.doubleQuote ? lastQuotes.double : lastQuotes.single) >= valueStart,
                  let close = bytes[valueStart...].firstIndex(of: quote) else { return nil }
            valueEnd = close
            index = close + 1
        } else {
            valueStart = index
            while index < bytes.count, !Byte.isSpace(bytes[index]), bytes[index] != Byte.greaterThan { index += 1 }
            valueEnd = index
        }
        let raw = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        return (name, HTMLEntities.decode(raw))
    }

    private mutating func skipSpaces() {
        while index < bytes.count, Byte.isSpace(bytes[index]) { index += 1 }
    }
}
