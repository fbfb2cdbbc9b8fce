import Foundation
import GRDB
import StackAPI

/// One result of a local search: a question, and the post (the question or one of its answers) that matched.
public struct SearchHit: Sendable, Hashable {
    public var questionID: Int
    /// The post that matched: the question itself, or an answer.
    public var postID: Int
    /// The question's title with the matched words marked.
    public var title: [SnippetPart]
    /// Some of the matching post's text around the first match, matched words marked.
    public var snippet: [SnippetPart]
    /// The question's score, answer count and tags, for the result line.
    public var score: Int?
    public var answerCount: Int?
    public var tags: [String]
}

extension Store {
    /// Searches `site`'s questions and answers in the full-text indexes, best match first (`sort: .relevance`).
    public func search(_ text: String, site: String, offset: Int = 0, limit: Int = 20) throws(StoreError) -> [SearchHit] {
        try search(text, site: site, sort: .relevance, offset: offset, limit: limit)
    }

    /// Searches `site`'s questions and answers in the full-text indexes, in `sort` order: a question matches when
    /// every word occurs in its title or body, or in one of its answers, and it carries every `tag:` word's tag.
    ///
    /// `.relevance`: questions whose title holds every word first, then the others by bm25 over title and body
    /// (title words weighted ten times). Title matches come shortest title first (`TitleKey`: bm25's order among
    /// them when each word occurs once in the title) and are read only as far as the page asked for, so a common
    /// word costs no more than a rare one; the others are ranked only when the title matches run out before the page
    /// is full. That ranking is bounded, so relevance order there means: bm25 (`BodyRank`: FTS5's formula, each
    /// word's rarity counted exactly when it is in fewer than 2,000 posts, else estimated from a sample) among the
    /// newest `BodyRank.rankedPosts` matching posts (600 for two words, 100 from twelve on); when more match, the
    /// older ones are not ranked at all (`searchPage`'s `cut` says so), however well they would score. A question
    /// appears once, at the rank of its best-matching post (itself or an answer).
    /// `.activity`, `.creation`, `.votes`: the same questions ordered by that column (ties: higher id first), each
    /// with its own text as the snippet when it matches, else an answer's; exact when the questions along the sort's
    /// index fill the page, else ordered among the questions of the newest `SortedWalk.postsRead` matching posts
    /// (`sortedMatches`; `cut` set when more match). With only `tag:` words the tagged questions come in that column's
    /// order (latest activity first for `.relevance`), without snippets.
    ///
    /// A query past `LocalQueryLimits` is refused (`.queryTooLong`, naming the limit); one still running after
    /// `budget` is stopped in SQLite (`.searchCut`), and so is one whose caller cancels its `StoreInterrupt`
    /// (`.interrupted`).
    public func search(
        _ text: String, site: String, sort: StoreSearchSort, offset: Int = 0, limit: Int = 20,
        budget: Duration = LocalQueryLimits.budget
    ) throws(StoreError) -> [SearchHit] {
        try searchPage(text, site: site, sort: sort, offset: offset, limit: limit, budget: budget).hits
    }

    /// `search(_:site:sort:offset:limit:budget:)`'s hits and whether its plan left matching posts out (`SearchPage.cut`);
    /// `tagged` filters by these tags as well as any `tag:` word typed (a list's tag filter passed as a value, never
    /// written into the text and parsed again).
    public func searchPage(
        _ text: String, tagged: [String] = [], site: String, sort: StoreSearchSort, offset: Int = 0, limit: Int = 20,
        budget: Duration = LocalQueryLimits.budget
    ) throws(StoreError) -> SearchPage {
        var query = LocalQuery(text)
        for tag in tagged.map({ $0.lowercased() }) where !query.tags.contains(tag) { query.tags.append(tag) }
        try LocalQuery.checkLimits(text, query)
        let terms = query.matchTerms
        guard !terms.isEmpty else {
            guard !query.tags.isEmpty else { return SearchPage(hits: []) }
            return SearchPage(hits: try questions(site: site, sort: sort.listSort ?? .activity, tags: query.tags,
                                                  offset: offset, limit: limit).map { SearchHit(tagged: $0.question) })
        }
        return try read(budget: budget) { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return SearchPage(hits: []) }
            let snippets = Snippets(words: query.words)
            let found: MatchedPage
            if let column = sort.listSort {
                found = try Self.sortedMatches(db, site: siteID, terms: terms, tags: query.tags, sort: column,
                                               offset: offset, limit: limit)
            } else {
                let all = try Self.matches(db, site: siteID, terms: terms, tags: query.tags, count: offset + limit)
                found = MatchedPage(keys: Array(all.keys.dropFirst(offset)), cut: all.cut)
            }
            return SearchPage(hits: try found.keys.compactMap { questionKey, postKey in
                try Self.hit(db, questionKey: questionKey, postKey: postKey, snippets)
            }, cut: found.cut)
        }
    }

    /// Up to `count` (question key, matching post key) pairs of the posts holding every one of `terms`
    /// (`LocalQuery.matchTerms`) and carrying `tags`: title matches, then the rest by rank.
    private static func matches(_ db: Database, site: Int64, terms: [String], tags: [String], count: Int) throws -> MatchedPage {
        let titled = try titleMatches(db, site: site, match: LocalQuery.matchExpression(of: terms), tags: tags, count: count)
        guard titled.count < count else { return MatchedPage(keys: titled, cut: nil) }
        let ranked = try rankedQuestions(db, site: site, phrases: terms, tags: tags, count: count - titled.count,
                                         excluding: Set(titled.map(\.0)))
        return MatchedPage(keys: titled + ranked.keys, cut: ranked.cut)
    }

    /// The first `count` questions whose title holds every word, in `title_fts` rowid order (shortest title first).
    private static func titleMatches(
        _ db: Database, site: Int64, match: String, tags: [String], count: Int
    ) throws -> [(Int64, Int64)] {
        let (low, high) = TitleKey.range(site: site)
        let filter = TagFilter(.titleRow, site: site, tags: tags).sql
        let rowids = try SQLRequest<Int64>(literal: """
            SELECT f.rowid FROM title_fts f WHERE f.title_fts MATCH \(match) AND f.rowid >= \(low) AND f.rowid < \(high)\(filter)
            ORDER BY f.rowid LIMIT \(count)
            """).fetchAll(db)
        return rowids.map { rowid in
            let key = TitleKey.questionKey(rowid)
            return (key, key)
        }
    }

    /// Up to `count` (question key, best post key) pairs in rank order, one per question, none of `excluded`: the
    /// newest `BodyRank.rankedPosts` matching posts (rowid order, which FTS5 reads without scoring) ranked by
    /// `stackterm_bm25`, so the work is bounded by the posts ranked, not by the matches nor by how common the words are.
    private static func rankedQuestions(
        _ db: Database, site: Int64, phrases: [String], tags: [String], count: Int, excluding excluded: Set<Int64>
    ) throws -> MatchedPage {
        let (low, high) = StoreKey.range(site: site)
        let filter = TagFilter(.postRow, site: site, tags: tags).sql
        let idfs = try BodyRank.idfs(db, phrases: phrases)
        var scoreArguments: SQL = ""
        for idf in idfs { scoreArguments += ", \(idf)" }
        // Only the row id and score are selected: the answer → question lookup is done afterwards, for the rows kept.
        // One row past the bound says whether it cut.
        let bound = BodyRank.rankedPosts(phrases: phrases.count)
        let sql: SQL = "SELECT f.rowid AS key, \(sql: BodyRank.functionName)(f.post_fts" + scoreArguments
            + ") AS score FROM post_fts f WHERE f.post_fts MATCH \(LocalQuery.matchExpression(of: phrases))"
            + " AND f.rowid >= \(low) AND f.rowid < \(high)" + filter + " ORDER BY f.rowid DESC LIMIT \(bound + 1)"
        var scored = try BodyRank.withFunction(db) {
            try Row.fetchAll(db, SQLRequest<Row>(literal: sql)).map { (key: $0["key"] as Int64, score: $0["score"] as Double) }
        }
        let cut = scored.count > bound ? bound : nil
        if cut != nil { scored.removeLast() }
        // Best first; equal scores, newer post first.
        let keys = scored.sorted { $0.score != $1.score ? $0.score < $1.score : $0.key > $1.key }.map(\.key)
        let parent = try db.cachedStatement(sql: "SELECT question FROM answer INDEXED BY answer_parent WHERE id = ?")
        var seen = excluded
        var result: [(Int64, Int64)] = []
        for key in keys {
            let question = try Int64.fetchOne(parent, arguments: [key]) ?? key
            if seen.insert(question).inserted { result.append((question, key)) }
            if result.count == count { break }
        }
        return MatchedPage(keys: result, cut: cut)
    }

    private static func hit(_ db: Database, questionKey: Int64, postKey: Int64, _ snippets: Snippets) throws -> SearchHit? {
        guard let question = try Row.fetchOne(db, sql: """
            SELECT title, body, score, answer_count, tags FROM question WHERE id = ?
            """, arguments: [questionKey]) else { return nil }
        let body: String? = postKey == questionKey
            ? question["body"]
            : try String.fetchOne(db, sql: "SELECT body FROM answer WHERE id = ?", arguments: [postKey])
        return SearchHit(
            questionID: StoreKey.id(questionKey), postID: StoreKey.id(postKey),
            title: snippets.mark(question["title"]), snippet: snippets.excerpt(HTMLText.text(ofHTML: body ?? "")),
            score: question["score"], answerCount: question["answer_count"], tags: PostWriter.splitTags(question["tags"]))
    }
}

extension SearchHit {
    init(tagged question: Question) {
        self.init(
            questionID: question.questionID, postID: question.questionID, title: [SnippetPart(question.title)],
            snippet: [], score: question.score, answerCount: question.answerCount, tags: question.tags)
    }
}
