import Foundation

/// A piece of a snippet: text, and whether it matched a search word (the UI highlights those).
public struct SnippetPart: Sendable, Hashable {
    public var text: String
    public var isMatch: Bool

    public init(_ text: String, isMatch: Bool = false) {
        self.text = text
        self.isMatch = isMatch
    }
}

extension Array where Element == SnippetPart {
    /// The snippet as one string with each match between `open` and `close`, e.g. `[` and `]`.
    public func marked(open: String = "[", close: String = "]") -> String {
        map { $0.isMatch ? open + $0.text + close : $0.text }.joined()
    }
}

/// Finds and marks the search words in a title or body text, in Swift (the index is contentless, so FTS5's
/// `snippet()` has no text to work on).
///
/// Matching approximates the index's `porter unicode61` tokenizer: case and diacritics folded, and a word matches
/// when it starts with the search word's stem, taken crudely (common English endings dropped: `-s`, `-es`, `-ed`,
/// `-ing`, `-ly`). So `gates` finds `gate`, `gated`, `gates`; a rare porter rule the index applies may match a word
/// the snippet does not mark — the result is still right, only less highlighted.
struct Snippets {
    private let stems: [[Unicode.Scalar]]

    init(words: [String]) {
        stems = words.map { Array(Self.stem(Self.fold($0)).unicodeScalars) }.filter { !$0.isEmpty }
    }

    /// The whole text, matches marked (for titles).
    func mark(_ text: String) -> [SnippetPart] {
        let scalars = Array(text.unicodeScalars)
        return parts(scalars, words(in: scalars, upTo: scalars.count).filter(\.isMatch), from: 0, to: scalars.count)
    }

    /// About `length` characters of `text` around its first match (the start when none), matches marked,
    /// with `…` where the text was cut.
    func excerpt(_ text: String, length: Int = 160) -> [SnippetPart] {
        let scalars = Array(text.unicodeScalars)
        let firstMatch = firstMatch(in: scalars)
        var start = max(0, (firstMatch ?? 0) - length / 4)
        while start > 0 && isWordScalar(scalars[start - 1]) { start -= 1 }
        var end = min(scalars.count, start + length)
        while end < scalars.count && isWordScalar(scalars[end]) && end - start < length + 20 { end += 1 }
        let matches = words(in: scalars, upTo: end).filter { $0.isMatch && $0.range.lowerBound >= start }
        var result = parts(scalars, matches, from: start, to: end)
        if start > 0 { result.insert(SnippetPart("…"), at: 0) }
        if end < scalars.count { result.append(SnippetPart("…")) }
        return result
    }

    private func firstMatch(in scalars: [Unicode.Scalar]) -> Int? {
        var index = 0
        while index < scalars.count {
            guard isWordScalar(scalars[index]) else { index += 1; continue }
            var end = index
            while end < scalars.count && isWordScalar(scalars[end]) { end += 1 }
            if matches(scalars[index..<end]) { return index }
            index = end
        }
        return nil
    }

    private func words(in scalars: [Unicode.Scalar], upTo limit: Int) -> [(range: Range<Int>, isMatch: Bool)] {
        var result: [(Range<Int>, Bool)] = []
        var index = 0
        while index < limit {
            guard isWordScalar(scalars[index]) else { index += 1; continue }
            var end = index
            while end < scalars.count && isWordScalar(scalars[end]) { end += 1 }
            result.append((index..<end, matches(scalars[index..<end])))
            index = end
        }
        return result
    }

    private func parts(_ scalars: [Unicode.Scalar], _ matches: [(range: Range<Int>, isMatch: Bool)], from start: Int, to end: Int) -> [SnippetPart] {
        var result: [SnippetPart] = []
        var position = start
        for match in matches where match.range.upperBound <= end {
            if match.range.lowerBound > position { result.append(SnippetPart(string(scalars[position..<match.range.lowerBound]))) }
            result.append(SnippetPart(string(scalars[match.range]), isMatch: true))
            position = match.range.upperBound
        }
        if position < end { result.append(SnippetPart(string(scalars[position..<end]))) }
        return result
    }

    private func matches(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        guard !stems.isEmpty else { return false }
        let folded: [Unicode.Scalar]
        if word.allSatisfy(\.isASCII) {
            folded = word.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }
        } else {
            folded = Array(Self.fold(string(word)).unicodeScalars)
        }
        return stems.contains { stem in folded.count >= stem.count && folded.starts(with: stem) }
    }

    private func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        Self.isWordScalar(scalar)
    }

    /// A letter or a digit. ASCII (most of any post) is answered by ranges: looking up Unicode's properties for each
    /// character of a post was most of a search page's cost (27 of 28 ms for two words at 2,000,000 posts).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
            default: return false
            }
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    static func stem(_ word: String) -> String {
        for ending in ["ing", "ed", "es", "ly", "s"] where word.count > ending.count + 2 && word.hasSuffix(ending) {
            return String(word.dropLast(ending.count))
        }
        return word
    }
}
