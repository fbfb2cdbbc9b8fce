import Foundation
import GRDB

/// One question or answer as the store writes it, whether it came from the API or a dump.
struct PostRecord: Sendable {
    var key: Int64
    var site: Int64
    /// The question's key for an answer; nil for a question.
    var questionKey: Int64?
    var title: String
    /// Body HTML; nil keeps the body already stored (list responses come without bodies).
    var body: String?
    var tags: [String]
    var score: Int?
    var viewCount: Int?
    var answerCount: Int?
    var commentCount: Int?
    var acceptedAnswerID: Int?
    /// For a question, whether it counts as answered; for an answer, whether it was accepted.
    var isAnswered: Bool
    var created: Date?
    var lastActivity: Date?
    var closed: Date?
    var closedReason: String?
    var ownerID: Int?
    var ownerName: String?
    var link: String?
    var license: String?
    var origin: StoreOrigin
    var fetchedAt: Int64
    /// The body's `IndexText` when already computed (an import does it on the reading thread).
    var bodyText: String?

    var isQuestion: Bool { questionKey == nil }
}

/// Writes posts, comments, users and tags inside one write transaction, keeping `post_fts` and `title_fts` in step.
///
/// The full-text tables are contentless, so before a row changes the text it was indexed with is removed with the
/// `delete` command (recomputed from the stored title and body: `IndexText` is deterministic); a row whose title and
/// body did not change is not re-indexed, which keeps a re-import cheap. An origin only rises (network < imported
/// < saved), so refreshing an imported question from the API never makes it evictable. Statements come from the
/// connection's cache, so a writer per transaction costs nothing to make.
final class PostWriter {
    private let db: Database
    private var tagIDs: [String: Int64] = [:]
    private let lookupQuestion, lookupAnswer, upsertQuestion, upsertAnswer, insertQuestion, insertAnswer: Statement
    private let ftsInsert, ftsDelete, titleInsert, titleDelete: Statement
    private let tagInsert, tagSelect, questionTagInsert, questionTagDelete, userUpsert, commentUpsert: Statement

    private static let questionInsert = """
        INSERT INTO question (id, site, title, body, tags, score, view_count, answer_count, comment_count,
          accepted_answer_id, is_answered, created, last_activity, closed, closed_reason, owner_id, owner_name,
          link, license, origin, fetched_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    private static let answerInsert = """
        INSERT INTO answer (id, question, body, score, is_accepted, comment_count, created, last_activity,
          owner_id, owner_name, link, license, origin, fetched_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    init(_ db: Database) throws {
        self.db = db
        lookupQuestion = try db.cachedStatement(sql: "SELECT title, body, tags FROM question WHERE id = ?")
        lookupAnswer = try db.cachedStatement(sql: "SELECT '', body, '' FROM answer WHERE id = ?")
        upsertQuestion = try db.cachedStatement(sql: Self.questionInsert + """

            ON CONFLICT (id) DO UPDATE SET title = excluded.title, body = coalesce(excluded.body, body),
              tags = excluded.tags, score = excluded.score, view_count = excluded.view_count,
              answer_count = excluded.answer_count, comment_count = coalesce(excluded.comment_count, comment_count),
              accepted_answer_id = excluded.accepted_answer_id, is_answered = excluded.is_answered,
              created = excluded.created, last_activity = excluded.last_activity, closed = excluded.closed,
              closed_reason = excluded.closed_reason, owner_id = excluded.owner_id, owner_name = excluded.owner_name,
              link = coalesce(excluded.link, link), license = coalesce(excluded.license, license),
              origin = max(origin, excluded.origin), fetched_at = excluded.fetched_at
            """)
        upsertAnswer = try db.cachedStatement(sql: Self.answerInsert + """

            ON CONFLICT (id) DO UPDATE SET question = excluded.question, body = coalesce(excluded.body, body),
              score = excluded.score, is_accepted = excluded.is_accepted,
              comment_count = coalesce(excluded.comment_count, comment_count), created = excluded.created,
              last_activity = excluded.last_activity, owner_id = excluded.owner_id, owner_name = excluded.owner_name,
              link = coalesce(excluded.link, link), license = coalesce(excluded.license, license),
              origin = max(origin, excluded.origin), fetched_at = excluded.fetched_at
            """)
        insertQuestion = try db.cachedStatement(sql: Self.questionInsert + " ON CONFLICT (id) DO NOTHING")
        insertAnswer = try db.cachedStatement(sql: Self.answerInsert + " ON CONFLICT (id) DO NOTHING")
        ftsInsert = try db.cachedStatement(sql: "INSERT INTO post_fts (rowid, title, body) VALUES (?, ?, ?)")
        ftsDelete = try db.cachedStatement(sql: "INSERT INTO post_fts (post_fts, rowid, title, body) VALUES ('delete', ?, ?, ?)")
        titleInsert = try db.cachedStatement(sql: "INSERT INTO title_fts (rowid, title) VALUES (?, ?)")
        titleDelete = try db.cachedStatement(sql: "INSERT INTO title_fts (title_fts, rowid, title) VALUES ('delete', ?, ?)")
        tagInsert = try db.cachedStatement(sql: "INSERT INTO tag (site, name) VALUES (?, ?) ON CONFLICT DO NOTHING")
        tagSelect = try db.cachedStatement(sql: "SELECT id FROM tag WHERE site = ? AND name = ?")
        questionTagInsert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO question_tag (tag, question) VALUES (?, ?)")
        questionTagDelete = try db.cachedStatement(sql: "DELETE FROM question_tag WHERE tag = ? AND question = ?")
        userUpsert = try db.cachedStatement(sql: """
            INSERT INTO user (site, id, name) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET name = excluded.name
            """)
        commentUpsert = try db.cachedStatement(sql: """
            INSERT INTO comment (id, post, body, score, created, owner_id, owner_name, edited, license, origin, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET post = excluded.post, body = excluded.body, score = excluded.score,
              created = excluded.created, owner_id = excluded.owner_id, owner_name = excluded.owner_name,
              edited = excluded.edited, license = coalesce(excluded.license, license),
              origin = max(origin, excluded.origin), fetched_at = excluded.fetched_at
            """)
    }

    /// Inserts or updates one question or answer and its index entries (and, for a question, its tags).
    func write(_ post: PostRecord) throws {
        let lookup = post.isQuestion ? lookupQuestion : lookupAnswer
        let old = try Row.fetchOne(lookup, arguments: [post.key])
        let oldTitle: String? = old.flatMap { $0[0] }
        let oldBody: String? = old.flatMap { $0[1] }
        let newBody = post.body ?? oldBody
        try DirectBinding.run(post.isQuestion ? upsertQuestion : upsertAnswer, db) { Self.bindValues(post, &$0) }
        if post.isQuestion { try writeTags(post, old: old.map { Self.splitTags($0[2]) } ?? []) }
        let title = post.isQuestion ? post.title : ""
        if old != nil {
            guard (oldTitle ?? "") != title || oldBody != newBody else { return }
            try ftsDelete.execute(arguments: [post.key, oldTitle ?? "", IndexText.body(ofHTML: oldBody ?? "")])
            if post.isQuestion, let oldTitle, oldTitle != title {
                try titleDelete.execute(arguments: [TitleKey.rowid(questionKey: post.key, title: oldTitle), oldTitle])
                try indexTitle(post.key, title)
            }
        } else if post.isQuestion {
            try indexTitle(post.key, title)
        }
        let text = post.body != nil ? post.bodyText : nil
        try indexPost(post.key, title: title, text: text ?? IndexText.body(ofHTML: newBody ?? ""))
    }

    /// Inserts a question or answer the store does not hold yet, with its tags and index entries, without reading
    /// anything first (an import's rows are nearly all new); false, with nothing written, when the store holds it
    /// already — `write` then updates it.
    func insertNew(_ post: PostRecord) throws -> Bool {
        try DirectBinding.run(post.isQuestion ? insertQuestion : insertAnswer, db) { Self.bindValues(post, &$0) }
        guard db.changesCount > 0 else { return false }
        let title = post.isQuestion ? post.title : ""
        if post.isQuestion {
            for name in post.tags {
                let tag = try tagID(site: post.site, name: name)
                try DirectBinding.run(questionTagInsert, db) { $0.add(tag, post.key) }
            }
            try indexTitle(post.key, title)
        }
        try indexPost(post.key, title: title, text: post.bodyText ?? IndexText.body(ofHTML: post.body ?? ""))
        return true
    }

    /// Adds a question's title to `title_fts`.
    private func indexTitle(_ questionKey: Int64, _ title: String) throws {
        try DirectBinding.run(titleInsert, db) { $0.add(TitleKey.rowid(questionKey: questionKey, title: title), title) }
    }

    /// Adds a post's title (a question's; "" for an answer) and body text (`IndexText`) to `post_fts`.
    private func indexPost(_ key: Int64, title: String, text: String) throws {
        try DirectBinding.run(ftsInsert, db) { $0.add(key, title, text) }
    }

    /// Binds a question's columns as `questionInsert` lists them, or an answer's as `answerInsert` does.
    private static func bindValues(_ post: PostRecord, _ values: inout DirectBinding) {
        values.add(post.key)
        if post.isQuestion {
            values.add(post.site, post.title, post.body, joinTags(post.tags), post.score, post.viewCount, post.answerCount,
                       post.commentCount, post.acceptedAnswerID, post.isAnswered, seconds(post.created),
                       seconds(post.lastActivity), seconds(post.closed), post.closedReason)
        } else {
            values.add(post.questionKey, post.body, post.score, post.isAnswered, post.commentCount, seconds(post.created),
                       seconds(post.lastActivity))
        }
        values.add(post.ownerID, post.ownerName, post.link, post.license, post.origin.rawValue, post.fetchedAt)
    }

    func writeComment(
        key: Int64, postKey: Int64, body: String, score: Int?, created: Date?, ownerID: Int?, ownerName: String?,
        edited: Bool, license: String?, origin: StoreOrigin, fetchedAt: Int64
    ) throws {
        try commentUpsert.execute(arguments: [
            key, postKey, body, score, Self.seconds(created), ownerID, ownerName, edited, license, origin.rawValue, fetchedAt,
        ])
    }

    func writeUser(site: Int64, id: Int, name: String) throws {
        try userUpsert.execute(arguments: [site, id, name])
    }

    /// The tag's row id on `site`, creating the tag when new.
    func tagID(site: Int64, name: String) throws -> Int64 {
        if let id = tagIDs[name] { return id }
        try tagInsert.execute(arguments: [site, name])
        guard let id = try Int64.fetchOne(tagSelect, arguments: [site, name]) else {
            throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "tag \(name) vanished after insert")
        }
        tagIDs[name] = id
        return id
    }

    private func writeTags(_ post: PostRecord, old: [String]) throws {
        guard old != post.tags else { return }
        for name in old where !post.tags.contains(name) {
            try questionTagDelete.execute(arguments: [try tagID(site: post.site, name: name), post.key])
        }
        for name in post.tags where !old.contains(name) {
            try questionTagInsert.execute(arguments: [try tagID(site: post.site, name: name), post.key])
        }
    }

    /// Tags as stored in `question.tags`: space-separated (tag names never hold a space).
    static func joinTags(_ tags: [String]) -> String { tags.joined(separator: " ") }
    static func splitTags(_ text: String?) -> [String] { (text ?? "").split(separator: " ").map(String.init) }

    static func seconds(_ date: Date?) -> Int64? { date.map { Int64($0.timeIntervalSince1970.rounded(.down)) } }
}
