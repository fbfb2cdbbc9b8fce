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
    /// is full. A question appears once, at the rank of its best-matching post (itself or an answer).
    /// `.activity`, `.creation`, `.votes`: the same questions ordered by that column (ties: higher id first), each
    /// with its own text as the snippet when it matches, else an answer's. With only `tag:` words the tagged
    /// questions come in that column's order (latest activity first for `.relevance`), without snippets.
    ///
    /// A query past `LocalQueryLimits` is refused (`.queryTooLong`, naming the limit); one still running after
    /// `budget` is stopped in SQLite (`.searchCut`), and so is one whose caller cancels its `StoreInterrupt`
    /// (`.interrupted`).
    public func search(
        _ text: String, site: String, sort: StoreSearchSort, offset: Int = 0, limit: Int = 20,
        budget: Duration = LocalQueryLimits.budget
    ) throws(StoreError) -> [SearchHit] {
        let query = LocalQuery(text)
        try LocalQuery.checkLimits(text, query)
        guard let match = query.matchExpression else {
            guard !query.tags.isEmpty else { return [] }
            return try questions(site: site, sort: sort.listSort ?? .activity, tags: query.tags, offset: offset, limit: limit)
                .map { SearchHit(tagged: $0.question) }
        }
        return try read(budget: budget) { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            let snippets = Snippets(words: query.words)
            let found: [(Int64, Int64)]
            if let column = sort.listSort {
                found = try Self.sortedMatches(db, site: siteID, match: match, tags: query.tags, sort: column,
                                               offset: offset, limit: limit)
            } else {
                found = Array(try Self.matches(db, site: siteID, query: query, count: offset + limit).dropFirst(offset))
            }
            return try found.compactMap { questionKey, postKey in
                try Self.hit(db, questionKey: questionKey, postKey: postKey, snippets)
            }
        }
    }

    /// Up to `count` (question key, matching post key) pairs: title matches, then the rest by rank.
    private static func matches(_ db: Database, site: Int64, query: LocalQuery, count: Int) throws -> [(Int64, Int64)] {
        let match = query.matchExpression ?? ""
        let titled = try titleMatches(db, site: site, match: match, tags: query.tags, count: count)
        guard titled.count < count else { return titled }
        let ranked = try rankedQuestions(db, site: site, match: match, tags: query.tags, count: count - titled.count,
                                         excluding: Set(titled.map(\.0)))
        return titled + ranked
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

    /// Up to `count` (question key, best post key) pairs in rank order, one per question, none of `excluded`.
    private static func rankedQuestions(
        _ db: Database, site: Int64, match: String, tags: [String], count: Int, excluding excluded: Set<Int64>
    ) throws -> [(Int64, Int64)] {
        let (low, high) = StoreKey.range(site: site)
        let filter = TagFilter(.postRow, site: site, tags: tags).sql
        // Answers of one question may match too: read a few more rows than asked and keep each question's best.
        // Only the row id is selected: SQLite computes result columns for every match before sorting, so the
        // answer → question lookup is done afterwards, for the few rows kept.
        let parent = try db.cachedStatement(sql: "SELECT question FROM answer INDEXED BY answer_parent WHERE id = ?")
        var window = max((count + excluded.count) * 3, 30)
        while true {
            let keys = try SQLRequest<Int64>(literal: """
                SELECT f.rowid FROM post_fts f WHERE f.post_fts MATCH \(match) AND f.rowid >= \(low) AND f.rowid < \(high)\(filter)
                ORDER BY rank LIMIT \(window)
                """).fetchAll(db)
            var seen = excluded
            var result: [(Int64, Int64)] = []
            for key in keys {
                let question = try Int64.fetchOne(parent, arguments: [key]) ?? key
                if seen.insert(question).inserted { result.append((question, key)) }
                if result.count == count { return result }
            }
            if keys.count < window { return result }
            window *= 4
        }
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
