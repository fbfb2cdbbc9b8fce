/// A search as typed, split into words for the full-text index and `tag:` filters.
///
/// `tag:name` (any number, all must hold) filters by tag; every other word must occur in the title or body
/// (FTS5 AND); a word ending in `*` matches as a prefix. Words are quoted for FTS5, so its operators (`OR`, `NEAR`,
/// `-`, `:`, quotes) typed by a user are searched as text and never break the query.
public struct LocalQuery: Sendable, Hashable {
    /// Words to match, as typed (without a trailing `*`).
    public var words: [String]
    /// Which words were typed with a trailing `*` (prefix match), by index into `words`.
    public var prefixes: Set<Int>
    /// Tags every result must carry.
    public var tags: [String]

    /// Splits `text` on white space into words and `tag:` filters.
    public init(_ text: String) {
        words = []
        prefixes = []
        tags = []
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            if token.lowercased().hasPrefix("tag:") {
                let name = token.dropFirst(4)
                if !name.isEmpty { tags.append(name.lowercased()) }
                continue
            }
            var word = String(token)
            let isPrefix = word.hasSuffix("*")
            while word.hasSuffix("*") { word.removeLast() }
            guard word.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            if isPrefix { prefixes.insert(words.count) }
            words.append(word)
        }
    }

    /// The FTS5 MATCH expression: each word a quoted string (`"` doubled), AND-ed; nil when there are no words.
    var matchExpression: String? {
        guard !words.isEmpty else { return nil }
        return words.enumerated().map { index, word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (prefixes.contains(index) ? "*" : "")
        }.joined(separator: " ")
    }
}
