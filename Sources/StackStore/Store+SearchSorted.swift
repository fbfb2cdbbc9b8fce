import GRDB

extension Store {
    /// The page `offset..<offset + limit` of the questions matching `match` (in their own text or an answer's) and
    /// carrying every one of `tags`, in `sort` order (ties: higher id first), each as (question key, the post whose
    /// text is shown: the question when it matches, else its first matching answer).
    ///
    /// The matching posts are read from `post_fts` once into a temporary set of question keys (an answer's question
    /// from `answer_parent`, not its row); the page is then read along the sort's index on `question`, which holds the
    /// column, so no question row (nor its body) is read to sort, and reading stops when the page is full.
    static func sortedMatches(
        _ db: Database, site: Int64, match: String, tags: [String], sort: StoreSort, offset: Int, limit: Int
    ) throws -> [(Int64, Int64)] {
        let (low, high) = StoreKey.range(site: site)
        let filter = TagFilter(.question, site: site, tags: tags).sql
        let sql: SQL = """
            SELECT q.id FROM question q
            WHERE q.site = \(site) AND q.id IN (
              SELECT coalesce(a.question, f.rowid) FROM post_fts f LEFT JOIN answer a INDEXED BY answer_parent ON a.id = f.rowid
              WHERE f.post_fts MATCH \(match) AND f.rowid >= \(low) AND f.rowid < \(high))\(filter)
            """ + " ORDER BY " + orderBy(sort) + " LIMIT \(limit) OFFSET \(offset)"
        let keys = try SQLRequest<Int64>(literal: sql).fetchAll(db)
        let itself = try db.cachedStatement(sql: "SELECT rowid FROM post_fts WHERE post_fts MATCH ? AND rowid = ?")
        let answer = try db.cachedStatement(sql: """
            SELECT a.id FROM answer a WHERE a.question = ?
              AND EXISTS (SELECT 1 FROM post_fts f WHERE f.post_fts MATCH ? AND f.rowid = a.id)
            ORDER BY a.id LIMIT 1
            """)
        return try keys.map { key in
            if try Int64.fetchOne(itself, arguments: [match, key]) != nil { return (key, key) }
            return (key, try Int64.fetchOne(answer, arguments: [key, match]) ?? key)
        }
    }
}
