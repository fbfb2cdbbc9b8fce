import StackAPI

/// One piece of an HTML body.
enum HTMLToken: Equatable {
    /// Text with character references decoded once (by `StackAPI.HTMLEntities`) and line endings normalised to `\n`.
    case text(String)
    /// A start tag: the element, its attributes (lower-case names, values decoded), and whether it ended in `/>`.
    case startTag(HTMLElement, attributes: [String: String], selfClosing: Bool)
    case endTag(HTMLElement)
}

/// A tolerant HTML tokenizer for Stack Exchange bodies.
///
/// Tags of HTML elements (`HTMLElement`), with quoted or unquoted attributes; comments,
/// `<!DOCTYPE …>` and `<?…>` are skipped; `script` and `style` content is skipped. Anything else that
/// begins with `<` — `a < b`, `<socket: 11>`, `List<T>`, an unterminated tag or comment — is text.
///
/// Linear on hostile input: where the last `>`, `-->` and quotes are is found once, so a `<` that can never
/// be closed (a thousand `<!--` with no `-->`) is known to be text without scanning to the end each time.
struct HTMLTokenizer {
    private let bytes: [UInt8]
    private var position = 0
    private var pendingText: [UInt8] = []
    /// Indices of the last `>`, of the `>` of the last `-->`, and of the last `"` and `'` (-1: none).
    private let lastClose: Int
    private let lastCommentClose: Int
    private let lastQuotes: ByteCursor.LastQuotes

    /// A tokenizer over `html`, with `\r\n` and lone `\r` read as `\n` (as HTML parsers do).
    init(_ html: String) {
        var normalised = Array(html.utf8)
        if normalised.contains(0x0D) {
            var kept = 0
            var previousWasCR = false
            for byte in html.utf8 {
                if byte == 0x0D { normalised[kept] = 0x0A; kept += 1; previousWasCR = true; continue }
                if byte == 0x0A, previousWasCR { previousWasCR = false; continue }
                previousWasCR = false
                normalised[kept] = byte
                kept += 1
            }
            normalised.removeLast(normalised.count - kept)
        }
        bytes = normalised
        lastClose = normalised.lastIndex(of: Byte.greaterThan) ?? -1
        let comment = ByteCursor(bytes: normalised, index: 0)
        lastCommentClose = comment.findLast("-->").map { $0 + 2 } ?? -1
        lastQuotes = ByteCursor.LastQuotes(double: normalised.lastIndex(of: Byte.doubleQuote) ?? -1,
                                           single: normalised.lastIndex(of: Byte.singleQuote) ?? -1)
    }

    static func tokens(_ html: String) -> [HTMLToken] {
        var tokenizer = HTMLTokenizer(html)
        var tokens: [HTMLToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    mutating func next() -> HTMLToken? {
        if let pending = pendingToken {
            pendingToken = nil
            return pending
        }
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == Byte.lessThan, let markup = readMarkup(at: position) else {
                let end = nextLessThan(after: position)
                pendingText.append(contentsOf: bytes[position..<end])
                position = end
                continue
            }
            position = markup.end
            if case .startTag(let element, _, let selfClosing)? = markup.token, !selfClosing, element == .script || element == .style {
                skipRawText(until: element)
            }
            guard let token = markup.token else { continue } // a comment or declaration
            if let text = flushText() {
                pendingToken = token
                return text
            }
            return token
        }
        return flushText()
    }

    private var pendingToken: HTMLToken?

    private mutating func flushText() -> HTMLToken? {
        guard !pendingText.isEmpty else { return nil }
        defer { pendingText.removeAll(keepingCapacity: true) }
        let text = String(decoding: pendingText, as: UTF8.self)
        return .text(pendingText.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(text) : text) // no `&`: nothing to decode
    }

    private func nextLessThan(after start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != Byte.lessThan { index += 1 }
        return index
    }

    /// Reads a tag, comment or declaration at `start` (a `<`): its token (nil for comments) and end.
    /// Returns nil when the `<` is ordinary text.
    private func readMarkup(at start: Int) -> (token: HTMLToken?, end: Int)? {
        guard start < lastClose else { return nil } // no `>` after it: nothing here can close
        var cursor = ByteCursor(bytes: bytes, index: start + 1, lastQuotes: lastQuotes)
        switch cursor.peek {
        case Byte.exclamation:
            if cursor.hasPrefix("!--") {
                guard lastCommentClose >= start + 6, let end = cursor.find("-->", from: start + 4) else { return nil }
                return (nil, end + 3)
            }
            guard let end = cursor.find(">", from: start + 2) else { return nil }
            return (nil, end + 1)
        case Byte.question:
            guard let end = cursor.find(">", from: start + 2) else { return nil }
            return (nil, end + 1)
        case Byte.slash:
            cursor.index += 1
            guard let element = cursor.readElement(), let end = cursor.find(">", from: cursor.index) else { return nil }
            return (.endTag(element), end + 1)
        default:
            guard let element = cursor.readElement(), let (attributes, selfClosing) = cursor.readAttributes() else { return nil }
            return (.startTag(element, attributes: attributes, selfClosing: selfClosing), cursor.index)
        }
    }

    /// Skips the content of a raw-text element up to (not including) its end tag, or to the end of input.
    private mutating func skipRawText(until element: HTMLElement) {
        let cursor = ByteCursor(bytes: bytes, index: position)
        position = cursor.findCaseInsensitive("</" + element.rawValue, from: position) ?? bytes.count
    }
}

/// Byte constants the tokenizer compares against.
enum Byte {
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let exclamation = UInt8(ascii: "!")
    static let question = UInt8(ascii: "?")
    static let equals = UInt8(ascii: "=")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }
}
