/// A search as typed, split into words for the full-text index and `tag:` filters.
///
/// `tag:name` (any number, all must hold) filters by tag; every other word must occur in the title or body
/// (FTS5 AND); a word ending in `*` matches as a prefix. Words are split where the tokenizer splits them
/// (`don't` → `don`, `t`: the indexes are given each body word once and `title_fts` keeps no positions, so each
/// piece must occur, anywhere) and each piece is
/// quoted for FTS5, so its operators (`OR`, `NEAR`, `-`, `:`, quotes) typed by a user are searched as text and
/// never break the query.
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
    /// with `*`); nil when there are no words.
    var matchExpression: String? {
        expression { IndexText.tokens(of: $0) }
    }

    /// The same with each word cut into its ASCII letters and digits only (non-ASCII characters dropped); nil when
    /// nothing is left. For a word the tokenizer splits where `IndexText.tokens` does not.
    var asciiMatchExpression: String? {
        expression { word in
            word.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        }
    }

    private func expression(_ split: (String) -> [String]) -> String? {
        let terms = words.enumerated().flatMap { index, word in
            let tokens = split(word)
            return tokens.enumerated().map { position, token in
                "\"" + token + "\"" + (prefixes.contains(index) && position == tokens.count - 1 ? "*" : "")
            }
        }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }
}
