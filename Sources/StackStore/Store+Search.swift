import Foundation
import GRDB
import StackAPI

/// One result of a local search: a question, and the post (the question or one of its answers) that matched.
public struct SearchHit: Sendable, Hashable {
    /// The question to open.
    public var questionID: Int
    /// The post that matched: the question itself, or an answer.
    public var postID: Int
    /// The question's title with the matched words marked.
    public var title: [SnippetPart]
    /// Some of the matching post's text around the first match, matched words marked.
    public var snippet: [SnippetPart]
    /// The question's score, answer count and tags, for the result line.
    public var score: Int?
    /// The question's answer count.
    public var answerCount: Int?
    /// The question's tags.
    public var tags: [String]
}

extension Store {
    /// Searches `site`'s questions and answers in the full-text index: every word must occur (title or body text),
    /// best first by bm25 with title matches weighted ten times body matches, `tag:` words filtering by tag.
    ///
    /// A question appears once, at the rank of its best-matching post (itself or an answer). With only `tag:`
    /// words the tagged questions come latest activity first, without snippets.
    public func search(_ text: String, site: String, offset: Int = 0, limit: Int = 20) throws(StoreError) -> [SearchHit] {
        let query = LocalQuery(text)
        guard let match = query.matchExpression else {
            guard !query.tags.isEmpty else { return [] }
            return try questions(site: site, sort: .activity, tag: query.tags[0], offset: offset, limit: limit)
                .filter { stored in query.tags.allSatisfy(stored.question.tags.contains) }
                .map { SearchHit(tagged: $0.question) }
        }
        return try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            let ranked = try Self.rankedQuestions(db, site: siteID, match: match, tags: query.tags, count: offset + limit)
            let snippets = Snippets(words: query.words)
            return try ranked.dropFirst(offset).compactMap { questionKey, postKey in
                try Self.hit(db, questionKey: questionKey, postKey: postKey, snippets)
            }
        }
    }

    /// Up to `count` (question key, best post key) pairs in rank order, one per question.
    private static func rankedQuestions(
        _ db: Database, site: Int64, match: String, tags: [String], count: Int
    ) throws -> [(Int64, Int64)] {
        let (low, high) = StoreKey.range(site: site)
        var tagFilter = ""
        var arguments: StatementArguments = [match, low, high]
        for tag in tags {
            tagFilter += " AND coalesce((SELECT question FROM answer WHERE id = f.rowid), f.rowid) IN "
                + "(SELECT question FROM question_tag WHERE tag = (SELECT id FROM tag WHERE site = ? AND name = ?))"
            arguments += [site, tag]
        }
        // Answers of one question may match too: read a few more rows than asked and keep each question's best.
        // Only the row id is selected: SQLite computes result columns for every match before sorting, so the
        // answer → question lookup is done afterwards, for the few rows kept.
        let parent = try db.cachedStatement(sql: "SELECT question FROM answer WHERE id = ?")
        var window = max(count * 3, 30)
        while true {
            let keys = try Int64.fetchAll(db, sql: """
                SELECT f.rowid FROM post_fts f WHERE f.post_fts MATCH ? AND f.rowid >= ? AND f.rowid < ?\(tagFilter)
                ORDER BY rank LIMIT ?
                """, arguments: arguments + [window])
            var seen = Set<Int64>()
            var result: [(Int64, Int64)] = []
            let rows = keys.count
            for key in keys {
                let question = try Int64.fetchOne(parent, arguments: [key]) ?? key
                if seen.insert(question).inserted { result.append((question, key)) }
                if result.count == count { return result }
            }
            if rows < window { return result }
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
