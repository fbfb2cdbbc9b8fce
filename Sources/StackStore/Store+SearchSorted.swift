import GRDB

extension Store {
    /// The page `offset..<offset + limit` of the questions matching every one of `terms` (`LocalQuery.matchTerms`, the
    /// phrases of the FTS5 match, in its order; in their own text or an answer's) and
    /// carrying every one of `tags`, in `sort` order (ties: higher id first), each as (question key, the post whose
    /// text is shown: the question when it matches, else its first matching answer).
    ///
    /// Two plans. A word in many posts (the commonest fills a page within its first few dozen questions) is answered
    /// by walking the sort's index and testing each question (`walkedMatches`); every question it walks is tested,
    /// so its page is exact. When the walk finds too few, the matching posts are read from `post_fts` newest first
    /// (rowid order, which FTS5 reads without scoring), at most `SortedWalk.postsRead(phrases:)` of them, into a set
    /// of question keys (an answer's question from `answer_parent`), and the page is read from them in the sort's order
    /// (up to `SortedWalk.rowsSorted` of them sorted, more found along the sort's index).
    /// When more posts match than that bound, the page is ordered among the questions of the newest posts only
    /// (`MatchedPage.cut`): an older question that would sort first is left out. That is what an AND of many common
    /// words costs: its matches are few, but finding them reads every word's postings (the 40 commonest words of
    /// 2,000,000 posts: half a second for all of them, ~20 ms for the newest 300). Both bounds shrink with the number
    /// of phrases (`terms.count`). `walkLimit` overrides how many questions the walk
    /// may test (0: read the matches at once), `postsRead` the bound on matching posts read, `rowsSorted` how many
    /// matched questions are sorted rather than found along the index.
    static func sortedMatches(
        _ db: Database, site: Int64, terms: [String], tags: [String], sort: StoreSort, offset: Int, limit: Int,
        walkLimit: Int? = nil, postsRead: Int? = nil, rowsSorted: Int = SortedWalk.rowsSorted
    ) throws -> MatchedPage {
        let wanted = offset + limit
        let tests = try PostMatcher(db, phrases: terms)
        let walkLimit = walkLimit ?? SortedWalk.limit(wanted: wanted, phrases: terms.count)
        if let walked = try walkedMatches(db, site: site, tags: tags, sort: sort, wanted: wanted, walkLimit: walkLimit, tests) {
            return MatchedPage(keys: Array(walked.dropFirst(offset)), cut: nil)
        }
        let (low, high) = StoreKey.range(site: site)
        let bound = postsRead ?? SortedWalk.postsRead(phrases: terms.count)
        let match = LocalQuery.matchExpression(of: terms)
        var posts = try SQLRequest<Int64>(literal: """
            SELECT f.rowid FROM post_fts f WHERE f.post_fts MATCH \(match) AND f.rowid >= \(low) AND f.rowid < \(high)
            ORDER BY f.rowid DESC LIMIT \(bound + 1)
            """).fetchAll(db)
        let cut = posts.count > bound ? bound : nil
        if cut != nil { posts.removeLast() }
        // Each matching post's question; a question is shown by its own text when it is among the posts read, else
        // by its first matching answer among them (as `PostMatcher` would when nothing is cut, without a test each).
        let list = "[" + posts.map(String.init).joined(separator: ",") + "]"
        let pairs = try Row.fetchAll(db, SQLRequest<Row>(literal: """
            SELECT p.value AS post, coalesce(a.question, p.value) AS question FROM json_each(\(list)) p
            LEFT JOIN answer a INDEXED BY answer_parent ON a.id = p.value
            """))
        var shown: [Int64: Int64] = [:]
        for row in pairs {
            let post: Int64 = row["post"], question: Int64 = row["question"]
            if post == question || shown[question].map({ $0 != question && post < $0 }) ?? true { shown[question] = post }
        }
        let questions = "[" + shown.keys.map(String.init).joined(separator: ",") + "]"
        let filter = TagFilter(.question, site: site, tags: tags).sql
        // A few hundred questions are read and sorted (CROSS JOIN keeps the set outer); a question row holds its body
        // before the sort's column, so more are found along the sort's index instead (`+` keeps SQLite from reading
        // the set's rows by id), which holds the column, probing the set, and reading stops when the page is full.
        let sql: SQL = shown.count <= rowsSorted
            ? "SELECT q.id FROM json_each(\(questions)) j CROSS JOIN question q ON q.id = j.value WHERE q.site = \(site)"
            : "SELECT q.id FROM question q WHERE q.site = \(site) AND +q.id IN (SELECT value FROM json_each(\(questions)))"
        let keys = try SQLRequest<Int64>(literal: sql + filter + " ORDER BY " + orderBy(sort)
                                         + " LIMIT \(limit) OFFSET \(offset)").fetchAll(db)
        return MatchedPage(keys: keys.map { ($0, shown[$0] ?? $0) }, cut: cut)
    }

    /// The first `wanted` matching questions found by walking `site`'s questions (carrying `tags`) in `sort` order,
    /// at most `walkLimit` of them, each tested on its own; nil when the walk ran out before finding them (a rarer
    /// match: reading the matches at once is cheaper). Every question walked, the matches found are all there are.
    private static func walkedMatches(
        _ db: Database, site: Int64, tags: [String], sort: StoreSort, wanted: Int, walkLimit: Int, _ tests: PostMatcher
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

/// How far a sorted search walks the sort's index before it reads the matches instead, and how many of those it reads.
enum SortedWalk {
    /// Questions the walk may test for a page ending at `wanted`: for one or two words enough for a word in a quarter
    /// of the questions to fill it, and few enough that a rare word costs a few milliseconds before the other plan;
    /// fewer the more phrases there are (a test seeks each phrase's postings, ~15 µs each, in the question and in each
    /// of its answers), and none past ten phrases (the 40 commonest words: ~9 ms per top-voted question tested).
    static func limit(wanted: Int, phrases: Int = 1) -> Int {
        let walk = max(200, wanted * 4) * 2 / max(2, phrases)
        return walk >= 40 ? walk : 0
    }

    /// Matching posts the other plan reads, newest first, before it cuts: 12,000 for one word, 6,000 for two, 300
    /// from forty on (reading the matches of the 40 commonest words costs about 60 µs per match found).
    static func postsRead(phrases: Int) -> Int { max(300, 12_000 / max(1, phrases)) }

    /// Matched questions read by id and sorted; past this many the page is found along the sort's index instead.
    static let rowsSorted = 1_000
}

/// Whether one question matches a search, by itself or by one of its answers: each phrase of the match is asked of
/// `post_fts` at the post's row id on its own, which FTS5 answers by seeking that phrase's postings. (The whole AND
/// at a row id is not: FTS5 looks for the next row holding every phrase, past the one asked — to the end of the
/// postings when none does, ~1.3 ms a test for a rare word beside a common one at 2,000,000 posts.)
struct PostMatcher {
    private let phraseTest: Statement
    private let answers: Statement
    private let phrases: [String]

    /// Tests for `phrases`, the query's FTS5 phrases (`LocalQuery.matchTerms`), each asked on its own.
    init(_ db: Database, phrases: [String]) throws {
        phraseTest = try db.cachedStatement(sql: "SELECT 1 FROM post_fts WHERE post_fts MATCH ? AND rowid = ?")
        answers = try db.cachedStatement(sql: "SELECT id FROM answer WHERE question = ? ORDER BY id")
        self.phrases = phrases
    }

    /// The question `key` when its own text matches, else its first matching answer; nil when neither does.
    func matchingPost(_ key: Int64) throws -> Int64? {
        if try matches(key) { return key }
        for answer in try Int64.fetchAll(answers, arguments: [key]) {
            if try matches(answer) { return answer }
        }
        return nil
    }

    /// Whether the post holds every phrase (the first one missing ends the test).
    private func matches(_ post: Int64) throws -> Bool {
        for phrase in phrases {
            if try Int.fetchOne(phraseTest, arguments: [phrase, post]) == nil { return false }
        }
        return true
    }
}
