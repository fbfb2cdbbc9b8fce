import GRDB

/// The SQL that keeps only questions carrying every one of some tags: one
/// ` AND <question> IN (the questions tagged ?)` per distinct tag, each answered from `question_tag`'s primary key,
/// so several tags are AND-ed in SQL whatever order they come in, before any `LIMIT`.
///
/// A GRDB `SQL` literal: each clause is fixed text for its `Subject`, and tags, the site and keys travel as bound
/// arguments.
struct TagFilter {
    /// What names the candidate row's question key.
    enum Subject {
        /// A row of `question q`.
        case question
        /// A row of `title_fts f`: the question key from its `TitleKey` rowid (the site's key bits, the low bits).
        case titleRow
        /// A row of `post_fts f`: a question's key, or an answer's, whose question `answer_parent` gives.
        case postRow
    }

    /// ` AND …` clauses to append to a `WHERE`; empty without tags.
    let sql: SQL

    /// The filter on `subject` for `tags` of the site row `site`; case does not matter (tags are lower case on every
    /// site, and the API matches `tagged` so), and a repeated tag counts once.
    init(_ subject: Subject, site: Int64, tags: [String]) {
        var seen = Set<String>()
        var sql: SQL = ""
        for tag in tags.map({ $0.lowercased() }) where seen.insert(tag).inserted {
            sql += Self.clause(subject, site: site, tag: tag)
        }
        self.sql = sql
    }

    private static func clause(_ subject: Subject, site: Int64, tag: String) -> SQL {
        switch subject {
        case .question:
            " AND q.id IN (SELECT question FROM question_tag WHERE tag = (SELECT id FROM tag WHERE site = \(site) AND name = \(tag)))"
        case .titleRow:
            " AND (\(StoreKey.make(site: site, id: 0)) | (f.rowid & \(StoreKey.idMask))) IN (SELECT question FROM question_tag WHERE tag = (SELECT id FROM tag WHERE site = \(site) AND name = \(tag)))"
        case .postRow:
            " AND coalesce((SELECT question FROM answer INDEXED BY answer_parent WHERE id = f.rowid), f.rowid) IN (SELECT question FROM question_tag WHERE tag = (SELECT id FROM tag WHERE site = \(site) AND name = \(tag)))"
        }
    }
}
