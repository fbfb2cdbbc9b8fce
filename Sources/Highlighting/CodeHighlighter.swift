import Foundation
import NIOConcurrencyHelpers
import TextEngine

/// Colours code blocks: picks the language (`CodeLanguage`), highlights with libsource-highlight
/// (`SourceHighlight`) and turns the tokens into styled lines, remembering each block's result.
///
/// The cache is keyed by language, the text's hash and its length, holds at most `cacheBytes` of code (the
/// oldest blocks go first), and is guarded by a lock: layouts on the layout queue, benchmarks and tests may
/// call from any thread. Blocks over `maximumBytes` stay plain (highlighting is regular-expression work
/// whose time grows with the text, and nobody reads such a block for its colours), and so do lines over
/// `SourceHighlight.maximumLineBytes`.
public final class CodeHighlighter: CodeStyler {
    /// The largest block highlighted, in UTF-8 bytes (lines are also capped: `SourceHighlight.maximumLineBytes`).
    public static let maximumBytes = 64 * 1024

    private let library: SourceHighlight
    private let cacheBytes: Int
    private let cache = NIOLockedValueBox(Cache())

    /// The results held, oldest first in `order`, and the lookups counted.
    private struct Cache {
        var results: [Key: CodeStyling] = [:]
        var order: [Key] = []
        var heldBytes = 0
        var hits = 0
        var misses = 0
    }

    private struct Key: Hashable {
        var language: String
        var textHash: Int
        var byteCount: Int
    }

    public init(library: SourceHighlight = SourceHighlight(), cacheBytes: Int = 16 * 1024 * 1024) {
        self.library = library
        self.cacheBytes = cacheBytes
    }

    /// How many lookups the cache answered and how many it did not, since the start.
    public var cacheCounts: (hits: Int, misses: Int) { cache.withLockedValue { ($0.hits, $0.misses) } }

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
        case .tokens(let tokens): result = .styled(TokenLines.lines(of: code, tokens: tokens))
        case .plain: result = .plain
        }
        store(result, for: key, bytes: byteCount)
        return result
    }

    private func lookUp(_ key: Key) -> CodeStyling? {
        cache.withLockedValue { cache in
            let found = cache.results[key]
            if found == nil { cache.misses += 1 } else { cache.hits += 1 }
            return found
        }
    }

    private func store(_ styling: CodeStyling, for key: Key, bytes: Int) {
        cache.withLockedValue { cache in
            guard cache.results.updateValue(styling, forKey: key) == nil else { return }
            cache.order.append(key)
            cache.heldBytes += bytes
            while cache.heldBytes > cacheBytes, cache.order.count > 1 {
                let oldest = cache.order.removeFirst()
                cache.results[oldest] = nil
                cache.heldBytes -= oldest.byteCount
            }
        }
    }
}
