import GRDB

extension Store {
    /// The page `offset..<offset + limit` of the questions matching `match` (in their own text or an answer's) and
    /// carrying every one of `tags`, in `sort` order (ties: higher id first), each as (question key, the post whose
    /// text is shown: the question when it matches, else its first matching answer).
    ///
    /// Two plans, the same rows. A word in many posts (the commonest fills a page within its first few dozen
    /// questions) is answered by walking the sort's index and testing each question (`walkedMatches`); when the walk
    /// finds too few, the matching posts are read from `post_fts` once into a temporary set of question keys (an
    /// answer's question from `answer_parent`, not its row) and the page read along the sort's index on `question`,
    /// which holds the column, so no question row (nor its body) is read to sort, and reading stops when the page
    /// is full. `walkLimit` overrides how many questions the walk may test (0: read the matches at once).
    static func sortedMatches(
        _ db: Database, site: Int64, match: String, tags: [String], sort: StoreSort, offset: Int, limit: Int,
        walkLimit: Int? = nil
    ) throws -> [(Int64, Int64)] {
        let wanted = offset + limit
        let tests = try MatchTests(db, match: match)
        if let walked = try walkedMatches(db, site: site, tags: tags, sort: sort, wanted: wanted,
                                          walkLimit: walkLimit ?? SortedWalk.limit(wanted: wanted), tests) {
            return Array(walked.dropFirst(offset))
        }
        let (low, high) = StoreKey.range(site: site)
        let filter = TagFilter(.question, site: site, tags: tags).sql
        let sql: SQL = """
            SELECT q.id FROM question q
            WHERE q.site = \(site) AND q.id IN (
              SELECT coalesce(a.question, f.rowid) FROM post_fts f LEFT JOIN answer a INDEXED BY answer_parent ON a.id = f.rowid
              WHERE f.post_fts MATCH \(match) AND f.rowid >= \(low) AND f.rowid < \(high))\(filter)
            """ + " ORDER BY " + orderBy(sort) + " LIMIT \(limit) OFFSET \(offset)"
        let keys = try SQLRequest<Int64>(literal: sql).fetchAll(db)
        return try keys.map { key in (key, try tests.matchingPost(key) ?? key) }
    }

    /// The first `wanted` matching questions found by walking `site`'s questions (carrying `tags`) in `sort` order,
    /// at most `walkLimit` of them, each tested on its own; nil when the walk ran out before finding them (a rarer
    /// match: reading every match at once is cheaper). Every question walked, the matches found are all there are.
    private static func walkedMatches(
        _ db: Database, site: Int64, tags: [String], sort: StoreSort, wanted: Int, walkLimit: Int, _ tests: MatchTests
    ) throws -> [(Int64, Int64)]? {
        guard walkLimit > 0 else { return nil }
        let filter = TagFilter(.question, site: site, tags: tags).sql
        let sql: SQL = "SELECT q.id FROM question q WHERE q.site = \(site)\(filter)"
            + " ORDER BY " + orderBy(sort) + " LIMIT \(walkLimit)"
        let keys = try SQLRequest<Int64>(literal: sql).fetchCursor(db)
        var found: [(Int64, Int64)] = []
        var walked = 0
        while let key = try keys.next() {
            walked += 1
            guard let post = try tests.matchingPost(key) else { continue }
            found.append((key, post))
            if found.count == wanted { return found }
        }
        return walked < walkLimit ? found : nil
    }
}

/// How far a sorted search walks the sort's index before it reads every match instead.
enum SortedWalk {
    /// Questions the walk may test for a page ending at `wanted`: enough for a word in a quarter of the questions to
    /// fill it, and few enough that a rare word costs a few milliseconds before the other plan.
    static func limit(wanted: Int) -> Int { max(200, wanted * 4) }
}

/// Whether one question matches a search, by itself or by one of its answers (`post_fts` asked with the row's id,
/// which FTS5 answers by seeking each word's postings, not by reading them).
struct MatchTests {
    private let itself: Statement
    private let answer: Statement
    private let match: String

    init(_ db: Database, match: String) throws {
        itself = try db.cachedStatement(sql: "SELECT rowid FROM post_fts WHERE post_fts MATCH ? AND rowid = ?")
        answer = try db.cachedStatement(sql: """
            SELECT a.id FROM answer a WHERE a.question = ?
              AND EXISTS (SELECT 1 FROM post_fts f WHERE f.post_fts MATCH ? AND f.rowid = a.id)
            ORDER BY a.id LIMIT 1
            """)
        self.match = match
    }

    /// The question `key` when its own text matches, else its first matching answer; nil when neither does.
    func matchingPost(_ key: Int64) throws -> Int64? {
        if try Int64.fetchOne(itself, arguments: [match, key]) != nil { return key }
        return try Int64.fetchOne(answer, arguments: [key, match])
    }
}
