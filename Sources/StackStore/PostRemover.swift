import Foundation
import GRDB

/// Deletes questions, answers and comments inside one write transaction, keeping `post_fts`, `title_fts` and
/// `question_tag` in step.
///
/// The full-text tables are contentless, so a post leaves them through the `delete` command with the very text it
/// was indexed with: its title (empty for an answer) and `IndexText` of its stored body, as `PostWriter` computed it.
/// Only rows of the given origin go (nil: any, bound as NULL); anything else under them (a saved answer under a
/// cached question) stays.
final class PostRemover {
    private let db: Database
    private let ftsDelete, titleDelete: Statement
    private var tagIDs: [String: Int64?] = [:]

    init(_ db: Database) throws {
        self.db = db
        ftsDelete = try db.cachedStatement(sql: "INSERT INTO post_fts (post_fts, rowid, title, body) VALUES ('delete', ?, ?, ?)")
        titleDelete = try db.cachedStatement(sql: "INSERT INTO title_fts (title_fts, rowid, title) VALUES ('delete', ?, ?)")
    }


    /// Removes a question of `origin` with its answers and comments of that origin; the bytes of text removed.
    func removeQuestion(_ key: Int64, origin: StoreOrigin?) throws -> (answers: Int, comments: Int, bytes: Int64) {
        guard let row = try Row.fetchOne(db, sql: "SELECT site, title, body, tags FROM question WHERE id = ?1 AND (?2 IS NULL OR origin = ?2)",
                                         arguments: [key, origin?.rawValue]) else { return (0, 0, 0) }
        var answers = 0, comments = 0
        var bytes: Int64 = 0
        for answer in try Int64.fetchAll(db, sql: "SELECT id FROM answer WHERE question = ?1 AND (?2 IS NULL OR origin = ?2)",
                                         arguments: [key, origin?.rawValue]) {
            let removed = try removeAnswer(answer, origin: origin)
            answers += 1
            comments += removed.comments
            bytes += removed.bytes
        }
        let site: Int64 = row["site"]
        let title: String = row["title"]
        let body: String? = row["body"]
        try ftsDelete.execute(arguments: [key, title, IndexText.body(ofHTML: body ?? "")])
        try titleDelete.execute(arguments: [TitleKey.rowid(questionKey: key, title: title), title])
        for name in PostWriter.splitTags(row["tags"]) {
            guard let tag = try tagID(site: site, name: name) else { continue }
            try db.execute(sql: "DELETE FROM question_tag WHERE tag = ? AND question = ?", arguments: [tag, key])
        }
        let removed = try removeComments(onPost: key, origin: origin)
        try db.execute(sql: "DELETE FROM question WHERE id = ?", arguments: [key])
        return (answers, comments + removed.count, bytes + removed.bytes + Int64(title.utf8.count + (body?.utf8.count ?? 0)))
    }

    /// Removes an answer of `origin` with its comments of that origin.
    func removeAnswer(_ key: Int64, origin: StoreOrigin?) throws -> (comments: Int, bytes: Int64) {
        guard let body = try Row.fetchOne(db, sql: "SELECT body FROM answer WHERE id = ?1 AND (?2 IS NULL OR origin = ?2)",
                                          arguments: [key, origin?.rawValue]).map({ $0[0] as String? }) else { return (0, 0) }
        try ftsDelete.execute(arguments: [key, "", IndexText.body(ofHTML: body ?? "")])
        let removed = try removeComments(onPost: key, origin: origin)
        try db.execute(sql: "DELETE FROM answer WHERE id = ?", arguments: [key])
        return (removed.count, removed.bytes + Int64(body?.utf8.count ?? 0))
    }

    /// Removes one comment of `origin`; the bytes of its body (0 when there was none such).
    func removeComment(_ key: Int64, origin: StoreOrigin?) throws -> Int64 {
        let only: StatementArguments = [key, origin?.rawValue]
        let bytes = try Int64.fetchOne(db, sql: "SELECT length(CAST(body AS BLOB)) FROM comment WHERE id = ?1 AND (?2 IS NULL OR origin = ?2)",
                                       arguments: only) ?? 0
        try db.execute(sql: "DELETE FROM comment WHERE id = ?1 AND (?2 IS NULL OR origin = ?2)", arguments: only)
        return bytes
    }

    private func removeComments(onPost post: Int64, origin: StoreOrigin?) throws -> (count: Int, bytes: Int64) {
        let only: StatementArguments = [post, origin?.rawValue]
        let row = try Row.fetchOne(db, sql: """
            SELECT count(*), coalesce(sum(length(CAST(body AS BLOB))), 0) FROM comment WHERE post = ?1 AND (?2 IS NULL OR origin = ?2)
            """, arguments: only)
        try db.execute(sql: "DELETE FROM comment WHERE post = ?1 AND (?2 IS NULL OR origin = ?2)", arguments: only)
        return (row?[0] ?? 0, row?[1] ?? 0)
    }

    private func tagID(site: Int64, name: String) throws -> Int64? {
        if let known = tagIDs[name] { return known }
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM tag WHERE site = ? AND name = ?", arguments: [site, name])
        tagIDs[name] = id
        return id
    }
}
