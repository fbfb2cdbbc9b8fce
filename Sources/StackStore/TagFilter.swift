import GRDB

/// The SQL that keeps only questions carrying every one of some tags: one
/// ` AND <question> IN (the questions tagged ?)` per distinct tag, each answered from `question_tag`'s primary key,
/// so several tags are AND-ed in SQL whatever order they come in, before any `LIMIT`.
///
/// Tags travel as bound arguments; the only SQL spliced in is `question`, the caller's own expression for the row's
/// question key (never user text).
struct TagFilter {
    /// ` AND …` clauses to append to a `WHERE`; empty without tags.
    let sql: String
    let arguments: StatementArguments

    /// The filter on `question` (SQL naming the candidate row's question key) for `tags` of the site row `site`;
    /// case does not matter (tags are lower case on every site, and the API matches `tagged` so), and a repeated tag
    /// counts once.
    init(question: String, site: Int64, tags: [String]) {
        var seen = Set<String>()
        var sql = ""
        var arguments: StatementArguments = []
        for tag in tags.map({ $0.lowercased() }) where seen.insert(tag).inserted {
            sql += " AND \(question) IN (SELECT question FROM question_tag WHERE tag = (SELECT id FROM tag WHERE site = ? AND name = ?))"
            arguments += [site, tag]
        }
        self.sql = sql
        self.arguments = arguments
    }
}
