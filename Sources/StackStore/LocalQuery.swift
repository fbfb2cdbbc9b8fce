/// A search as typed, split into words for the full-text index and `tag:` filters.
///
/// `tag:name` (any number, all must hold) filters by tag; every other word must occur in the title or body
/// (FTS5 AND); a word ending in `*` matches as a prefix. Words are split where the tokenizer splits them
/// (`don't` → `don`, `t`: a body is indexed with each word once, so its positions say little, and each piece
/// must occur, anywhere) and each piece is quoted for FTS5, so its operators (`OR`, `NEAR`, `-`, `:`, quotes)
/// typed by a user are searched as text and never break the query.
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

    /// The FTS5 MATCH expression: each token of each word a quoted string, AND-ed (a prefix word's last token
    /// with `*`); nil when there are no words. Should the tokenizer split a token further (a mark it does not fold,
    /// say), the quoted pieces are matched as a phrase, which both indexes answer.
    var matchExpression: String? {
        let terms = matchTerms
        return terms.isEmpty ? nil : Self.matchExpression(of: terms)
    }

    /// The FTS5 MATCH expression of `terms` (phrases as `matchTerms` makes them): AND-ed, in their order. The one
    /// place a search's phrases are joined; whoever needs them one by one keeps the terms, never splits this.
    static func matchExpression(of terms: [String]) -> String {
        terms.joined(separator: " ")
    }

    /// The phrases of `matchExpression`, in its order (FTS5 numbers them so for its auxiliary functions).
    var matchTerms: [String] {
        words.enumerated().flatMap { index, word in
            let tokens = IndexText.tokens(of: word)
            return tokens.enumerated().map { position, token in
                "\"" + token + "\"" + (prefixes.contains(index) && position == tokens.count - 1 ? "*" : "")
            }
        }
    }
}
