import Foundation
import Rendering

/// Colours code blocks: picks the language (`CodeLanguage`), highlights with libsource-highlight
/// (`SourceHighlight`) and turns the tokens into styled lines, remembering each block's result.
///
/// The cache is keyed by language, the text's hash and its length, holds at most `cacheBytes` of code (the
/// oldest blocks go first), and is guarded by a lock: layouts on the layout queue, benchmarks and tests may
/// call from any thread. Blocks over `maximumBytes` stay plain (highlighting is regular-expression work
/// whose time grows with the text, and nobody reads such a block for its colours), and so do lines over
/// `SourceHighlight.maximumLineBytes`.
public final class CodeHighlighter: CodeStyler, @unchecked Sendable {
    /// The largest block highlighted, in UTF-8 bytes (lines are also capped: `SourceHighlight.maximumLineBytes`).
    public static let maximumBytes = 64 * 1024

    private let library: SourceHighlight
    private let cacheBytes: Int
    private let lock = NSLock()
    private var cache: [Key: CodeStyling] = [:]
    private var order: [Key] = []
    private var heldBytes = 0
    private var hits = 0
    private var misses = 0

    private struct Key: Hashable {
        var language: String
        var textHash: Int
        var byteCount: Int
    }

    /// A highlighter using `library`, caching up to `cacheBytes` of code.
    public init(library: SourceHighlight = SourceHighlight(), cacheBytes: Int = 16 * 1024 * 1024) {
        self.library = library
        self.cacheBytes = cacheBytes
    }

    /// How many lookups the cache answered and how many it did not, since the start.
    public var cacheCounts: (hits: Int, misses: Int) { lock.withLock { (hits, misses) } }

    /// The look of a block: its language chosen by `CodeLanguage`, then `styling(_:language:cachedOnly:)`.
    public func styling(code: String, classes: String, tags: [String], cachedOnly: Bool) -> CodeStyling {
        guard let language = CodeLanguage.choose(classes: classes, tags: tags) else { return .plain }
        return styling(code, language: language, cachedOnly: cachedOnly)
    }

    /// The look of `code` in `language` (a source-highlight name): from the cache, else highlighted now —
    /// unless `cachedOnly`, which answers `.notReady` instead of doing the work.
    public func styling(_ code: String, language: String, cachedOnly: Bool = false) -> CodeStyling {
        let byteCount = code.utf8.count
        guard byteCount <= Self.maximumBytes, library.dataDirectory != nil else { return .plain }
        let key = Key(language: language, textHash: code.hashValue, byteCount: byteCount)
        if let cached = lookUp(key) { return cached }
        if cachedOnly { return .notReady }
        let result: CodeStyling
        switch library.highlight(code, language: language) {
        case .tokens(let tokens): result = .styled(Self.lines(of: code, tokens: tokens))
        case .plain: result = .plain
        }
        store(result, for: key, bytes: byteCount)
        return result
    }

    private func lookUp(_ key: Key) -> CodeStyling? {
        lock.withLock {
            let found = cache[key]
            if found == nil { misses += 1 } else { hits += 1 }
            return found
        }
    }

    private func store(_ styling: CodeStyling, for key: Key, bytes: Int) {
        lock.withLock {
            guard cache.updateValue(styling, forKey: key) == nil else { return }
            order.append(key)
            heldBytes += bytes
            while heldBytes > cacheBytes, order.count > 1 {
                let oldest = order.removeFirst()
                cache[oldest] = nil
                heldBytes -= oldest.byteCount
            }
        }
    }

    /// `code`'s lines (split like the renderer splits a block) with `tokens` in their classes' styles and the
    /// rest in the plain code style. Span boundaries fall between graphemes, so the renderer breaks a styled
    /// line exactly where it breaks the plain one.
    static func lines(of code: String, tokens: [SourceHighlight.Token]) -> [StyledLine] {
        var codeLines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if code.hasSuffix("\n") { codeLines.removeLast() }
        var result: [StyledLine] = []
        result.reserveCapacity(codeLines.count)
        var next = 0
        for (number, line) in codeLines.enumerated() {
            let first = next
            while next < tokens.count, tokens[next].line == number { next += 1 }
            result.append(styledLine(line, tokens: tokens[first..<next]))
            while next < tokens.count, tokens[next].line <= number { next += 1 }
        }
        return result
    }

    /// One line in styles: each grapheme takes the class of the token its first byte is in.
    private static func styledLine(_ line: Substring, tokens: ArraySlice<SourceHighlight.Token>) -> StyledLine {
        guard !tokens.isEmpty else { return StyledLine(String(line), style: TokenClass.plainStyle) }
        var spans: [StyledSpan] = []
        var tokenIndex = tokens.startIndex
        var offset = 0
        var runStart = line.startIndex
        var runStyle = TokenClass.plainStyle
        var index = line.startIndex
        while index < line.endIndex {
            // An ASCII byte other than CR followed by another ASCII byte (or the end) is a grapheme of its own.
            let byteAfter = line.utf8.index(after: index)
            let single = line.utf8[index] < 0x80 && line.utf8[index] != 0x0D && (byteAfter == line.endIndex || line.utf8[byteAfter] < 0x80)
            let next = single ? byteAfter : line.index(after: index)
            while tokenIndex < tokens.endIndex, tokens[tokenIndex].bytes.upperBound <= offset { tokenIndex += 1 }
            let style = tokenIndex < tokens.endIndex && tokens[tokenIndex].bytes.contains(offset)
                ? tokens[tokenIndex].tokenClass.style : TokenClass.plainStyle
            if style != runStyle {
                if runStart < index { spans.append(StyledSpan(String(line[runStart..<index]), style: runStyle)) }
                runStart = index
                runStyle = style
            }
            offset += line.utf8.distance(from: index, to: next)
            index = next
        }
        if runStart < line.endIndex { spans.append(StyledSpan(String(line[runStart..<line.endIndex]), style: runStyle)) }
        return StyledLine(spans)
    }
}
