/// The state of one `MathSpans.split`: bytes (every delimiter is ASCII, so cutting there keeps UTF-8 whole).
struct SpanScanner {
    let bytes: [UInt8]
    typealias Start = (open: [UInt8], close: [UInt8], display: Bool)
    let starts: [Start]
    let delimiters: MathDelimiters
    var segments: [MathSegment] = []
    private var text: [UInt8] = []

    private static let dollar = UInt8(ascii: "$"), backslash = UInt8(ascii: "\\")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let begin = Array("\\begin{".utf8)

    init(bytes: [UInt8], delimiters: MathDelimiters) {
        self.bytes = bytes
        self.delimiters = delimiters
        starts = Self.builtIn.first { $0.delimiters == delimiters }?.starts ?? Self.starts(of: delimiters)
    }

    /// The opening delimiters as bytes, longest first, with their closing ones (empty ones left out).
    static func starts(of delimiters: MathDelimiters) -> [Start] {
        let all = delimiters.display.map { (Array($0.open.utf8), Array($0.close.utf8), true) }
            + delimiters.inline.map { (Array($0.open.utf8), Array($0.close.utf8), false) }
        return all.filter { !$0.0.isEmpty && !$0.1.isEmpty }.sorted { $0.0.count > $1.0.count }
    }

    /// The starts of the sites' delimiter sets, made once (every text run of a body is split).
    private static let builtIn = [MathDelimiters.standard, .electronics].map { (delimiters: $0, starts: starts(of: $0)) }

    mutating func run() {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte != Self.dollar && byte != Self.backslash { // every delimiter and escape starts with one of them
                var end = index + 1
                while end < bytes.count, bytes[end] != Self.dollar, bytes[end] != Self.backslash { end += 1 }
                text += bytes[index..<end]
                index = end
                continue
            }
            if delimiters.processEscapes, byte == Self.backslash, let next = escape(at: index) {
                index = next
                continue
            }
            if let (open, close, display) = start(at: index) {
                guard let (end, closeLength, fallback) = findEnd(close, from: index + open.count) else {
                    text += bytes[index...]
                    break
                }
                let tex = open == Self.begin ? Array(bytes[index..<(end + closeLength)]) : Array(bytes[(index + open.count)..<end])
                flushText()
                let source = String(decoding: tex, as: UTF8.self)
                segments.append(display ? .display(source) : .inline(source))
                index = end + closeLength
                if fallback {
                    text += bytes[index...]
                    break
                }
                continue
            }
            text.append(byte)
            index += 1
        }
        flushText()
    }

    private mutating func flushText() {
        if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
        text = []
    }

    /// A run of backslashes before `$`: an odd run is a literal dollar, an even run leaves the `$` to open math.
    private mutating func escape(at index: Int) -> Int? {
        var end = index
        while end < bytes.count, bytes[end] == Self.backslash { end += 1 }
        guard end < bytes.count, bytes[end] == Self.dollar else { return nil }
        let count = end - index
        text += Array(repeating: Self.backslash, count: count / 2)
        if count % 2 == 1 {
            text.append(Self.dollar)
            return end + 1
        }
        return end
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    /// The opening delimiter at `index`: the open bytes, the closing bytes to look for, and display or not.
    private func start(at index: Int) -> ([UInt8], [UInt8], Bool)? {
        let byte = bytes[index]
        guard byte == Self.dollar || byte == Self.backslash else { return nil }
        for start in starts where matches(start.open, at: index) { return (start.open, start.close, start.display) }
        guard delimiters.processEnvironments, matches(Self.begin, at: index) else { return nil }
        var end = index + Self.begin.count
        while end < bytes.count, bytes[end] != Self.closeBrace { end += 1 }
        guard end < bytes.count else { return nil }
        let name = bytes[(index + Self.begin.count)..<end]
        return (Self.begin, Array("\\end{".utf8) + name + [Self.closeBrace], true)
    }

    /// Where `close` ends the math that starts at `from` (brace depth 0, `\x` skipped), its length, and whether
    /// it is the fallback: the first `close` seen inside unbalanced braces.
    private func findEnd(_ close: [UInt8], from: Int) -> (Int, Int, Bool)? {
        var index = from
        var depth = 0
        var candidate: Int?
        while index < bytes.count {
            if matches(close, at: index) {
                if depth == 0 { return (index, close.count, false) }
                if candidate == nil { candidate = index }
                index += close.count
                continue
            }
            switch bytes[index] {
            case Self.backslash: index += 2
            case Self.openBrace: depth += 1; index += 1
            case Self.closeBrace: if depth > 0 { depth -= 1 }; index += 1
            default: index += 1
            }
        }
        return candidate.map { ($0, close.count, true) }
    }
}
