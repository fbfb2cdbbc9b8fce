import Foundation
import GRDB

/// What recovery from a damaged store did: where the file went, what was kept in the new one, and the sites to
/// import again.
public struct StoreRecovery: Sendable {
    /// What was copied into the new store.
    public struct Kept: Sendable, Equatable {
        public var saved = 0
        public var readMarks = 0
        public var searches = 0
        public var settings = 0
        /// Drafts of answers and comments.
        public var drafts = 0
    }

    /// An imported site of the damaged store, and the command that imports it again.
    public struct ImportedSite: Sendable, Equatable {
        public let site: String
        /// `stackterm import PATH --site SITE`, PATH the dump it was imported from (a placeholder when unknown).
        public let command: String
    }

    /// Where the damaged file (and its `-wal`) was moved: `NAME.damaged-<UTC time>`.
    public let movedTo: URL
    /// Why it was moved.
    public let reason: String
    public let kept: Kept
    public let importedSites: [ImportedSite]

    /// What happened, in lines: the move and what was kept, then one re-import command per line.
    public var lines: [String] {
        var first = "the local store was damaged and was moved aside to \(movedTo.path) (\(reason)); a new one was started"
        first += ", keeping " + [
            Self.count(kept.saved, "saved question") + (kept.saved > 0 ? " (with answers and comments)" : ""),
            Self.count(kept.readMarks, "read mark"), Self.count(kept.searches, "search", plural: "searches"), Self.count(kept.settings, "setting"),
        ].joined(separator: ", ") + (kept.drafts > 0 ? ", " + Self.count(kept.drafts, "draft") : "")
        guard !importedSites.isEmpty else { return [first] }
        return [first + "; its imported sites are to be imported again:"] + importedSites.map { "  " + $0.command }
    }

    /// `lines` as one line (a status line): the commands after the first, separated by semicolons.
    public var message: String {
        let commands = lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        return lines[0] + (commands.isEmpty ? "" : " " + commands.joined(separator: "; "))
    }

    private static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}

extension Store {
    /// Moves this damaged store aside (`NAME.damaged-<UTC time>`, named in the result), starts a new one at its path
    /// and copies into it what the user made: saved questions with their threads, read marks, search history, drafts and
    /// settings. Imported sites are listed with the command that imports each again. This store is closed first:
    /// use `StoreRecovery.store` afterwards.
    public func recoverFromDamage() throws(StoreError) -> StoreRecovery {
        let reason = knownDamage ?? "damage found"
        StoreDamage.note(reason, path: fileURL.path)
        try? pool.close()
        return try StoreSalvage.recover(fileURL, reason: reason, maxBytes: maxBytes)
    }
}

/// Row-by-row salvage from a damaged store into a new one. Each table is read in key order until the first page it
/// cannot read (what came before is kept); a saved question's thread is read row by row by key, so a damaged page
/// loses only the rows on it. Imported content is not copied: the import records stay behind, so importing the
/// dump again (the command is given) loads it whole.
enum StoreSalvage {
    /// The `app_setting` key holding the path `site`'s dump was imported from.
    static func sourceKey(_ site: String) -> String { "import/\(site)/source" }

    /// Recovers the damaged store at `url` (see `Store.recoverFromDamage`).
    static func recover(_ url: URL, reason: String, maxBytes: Int64?) throws(StoreError) -> StoreRecovery {
        let aside = try StoreFileCheck.moveAside(url, because: reason, as: "damaged")
        StoreDamage.clear(url.path)
        let fresh = try Store(fileURL: url, maxBytes: maxBytes)
        var salvage = Salvage()
        if let damaged = try? Self.openReadOnly(aside.path) {
            try? damaged.read { db in salvage.read(db) }
            try? damaged.close()
        }
        do { try fresh.pool.write { db in try salvage.write(db) } } catch { throw Store.wrap(error, url.path) }
        return StoreRecovery(movedTo: aside, reason: reason, kept: salvage.kept, importedSites: salvage.importedSites)
    }

    /// When a marker says an earlier run met damage in the store at `url`: a `quick_check`, then recovery when it
    /// confirms the damage (nil and the marker dropped when it finds none).
    static func recoverIfStillDamaged(_ url: URL, maxBytes: Int64?) throws(StoreError) -> StoreRecovery? {
        guard let seen = StoreDamage.seen(url.path) else { return nil }
        guard FileManager.default.fileExists(atPath: url.path) else {
            StoreDamage.clear(url.path)
            return nil
        }
        var report: StoreCheckReport?
        if let queue = try? openReadOnly(url.path) {
            report = try? queue.inDatabase { db in try StoreDamage.check(db, full: false) }
            try? queue.close()
        }
        // A file that cannot even be opened for the check is as damaged as the marker said.
        if let report, report.isIntact {
            StoreDamage.clear(url.path)
            return nil
        }
        return try recover(url, reason: report.map(StoreDamage.reason) ?? seen, maxBytes: maxBytes)
    }

    /// The damaged file, opened for reading only (its `-wal`, moved with it, read too).
    private static func openReadOnly(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: path, configuration: config)
    }

    /// `stackterm import PATH --site SITE`, the path quoted for a shell when it needs it.
    static func importCommand(site: String, source: String?) -> String {
        guard let source else { return "stackterm import <the \(site) dump> --site \(site)" }
        let plain = source.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@,".contains($0) }
        let path = plain ? source : "'" + source.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "stackterm import \(path) --site \(site)"
    }
}

/// The rows read from the damaged file, then written into the new one.
private struct Salvage {
    var kept = StoreRecovery.Kept()
    var importedSites: [StoreRecovery.ImportedSite] = []

    /// One table's rows as read from the damaged file and written into the new one: complete statements, the columns
    /// as this version creates them.
    private struct Copy {
        let name: String
        /// Reads the rows (a `?` where a key picks them).
        let select: String
        /// Writes one row; a row the new store holds already is left as it is.
        let insert: String
    }

    /// The tables copied whole.
    private static let wholeTables = [
        Copy(name: "site", select: "SELECT id, api_name, name, site_url, quota_remaining, quota_max, fetched_at FROM site",
             insert: "INSERT OR IGNORE INTO site (id, api_name, name, site_url, quota_remaining, quota_max, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)"),
        Copy(name: "app_setting", select: "SELECT key, value FROM app_setting",
             insert: "INSERT OR IGNORE INTO app_setting (key, value) VALUES (?, ?)"),
        Copy(name: "search_history", select: "SELECT site, query, searched_at FROM search_history",
             insert: "INSERT OR IGNORE INTO search_history (site, query, searched_at) VALUES (?, ?, ?)"),
        Copy(name: "read_mark", select: "SELECT question, answer_count, last_activity, read_at FROM read_mark",
             insert: "INSERT OR IGNORE INTO read_mark (question, answer_count, last_activity, read_at) VALUES (?, ?, ?, ?)"),
        Copy(name: "saved", select: "SELECT question, saved_at FROM saved",
             insert: "INSERT OR IGNORE INTO saved (question, saved_at) VALUES (?, ?)"),
        // Read in key order like the others (a damaged page loses only what follows); none in a file before v7.
        Copy(name: "drafts", select: "SELECT site, kind, post, text, updated_at FROM drafts ORDER BY site, kind, post",
             insert: "INSERT OR IGNORE INTO drafts (site, kind, post, text, updated_at) VALUES (?, ?, ?, ?, ?)"),
    ]

    /// The posts and tags of a saved question, each looked up by key.
    private static let question = Copy(
        name: "question",
        select: """
            SELECT id, site, title, body, tags, score, view_count, answer_count, comment_count, accepted_answer_id, is_answered,
              created, last_activity, closed, closed_reason, owner_id, owner_name, link, license, origin, fetched_at
            FROM question WHERE id = ?
            """,
        insert: """
            INSERT OR IGNORE INTO question (id, site, title, body, tags, score, view_count, answer_count, comment_count,
              accepted_answer_id, is_answered, created, last_activity, closed, closed_reason, owner_id, owner_name, link, license,
              origin, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    private static let answer = Copy(
        name: "answer",
        select: """
            SELECT id, question, body, score, is_accepted, comment_count, created, last_activity, owner_id, owner_name, link,
              license, origin, fetched_at FROM answer WHERE question = ?
            """,
        insert: """
            INSERT OR IGNORE INTO answer (id, question, body, score, is_accepted, comment_count, created, last_activity, owner_id,
              owner_name, link, license, origin, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    private static let comment = Copy(
        name: "comment",
        select: "SELECT id, post, body, score, created, owner_id, owner_name, edited, license, origin, fetched_at FROM comment WHERE post = ?",
        insert: """
            INSERT OR IGNORE INTO comment (id, post, body, score, created, owner_id, owner_name, edited, license, origin, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    private static let tag = Copy(name: "tag", select: "SELECT id, site, name, count FROM tag WHERE id = ?",
                                  insert: "INSERT OR IGNORE INTO tag (id, site, name, count) VALUES (?, ?, ?, ?)")
    private static let questionTag = Copy(name: "question_tag", select: "SELECT tag, question FROM question_tag WHERE question = ?",
                                          insert: "INSERT OR IGNORE INTO question_tag (tag, question) VALUES (?, ?)")

    /// Rows per table, in the order they are written.
    private var copied: [(copy: Copy, rows: [[DatabaseValue]])] = []

    mutating func read(_ db: Database) {
        for copy in Self.wholeTables { copied.append((copy, Self.rows(db, copy.select))) }
        readSavedThreads(db)
        readImportedSites(db)
    }

    /// The saved questions' rows, their answers, the comments on either, and their tags, each looked up by key.
    private mutating func readSavedThreads(_ db: Database) {
        let savedKeys = rows(of: "saved").compactMap { Int64.fromDatabaseValue($0[0]) }
        var questions: [[DatabaseValue]] = [], answers: [[DatabaseValue]] = [], comments: [[DatabaseValue]] = []
        var questionTags: [[DatabaseValue]] = [], tags: [[DatabaseValue]] = []
        for key in savedKeys {
            questions += Self.rows(db, Self.question.select, [key])
            let answerRows = Self.rows(db, Self.answer.select, [key])
            answers += answerRows
            for post in [key] + answerRows.compactMap({ Int64.fromDatabaseValue($0[0]) }) {
                comments += Self.rows(db, Self.comment.select, [post])
            }
            let tagged = Self.rows(db, Self.questionTag.select, [key])
            questionTags += tagged
            for tag in tagged.compactMap({ Int64.fromDatabaseValue($0[0]) }) {
                tags += Self.rows(db, Self.tag.select, [tag])
            }
        }
        copied += [(Self.question, questions), (Self.answer, answers), (Self.comment, comments), (Self.tag, tags),
                   (Self.questionTag, questionTags)]
    }

    /// The sites an import wrote (its records, else the sources remembered), with the path each came from.
    private mutating func readImportedSites(_ db: Database) {
        let names = Dictionary(rows(of: "site").compactMap { row -> (Int64, String)? in
            guard let id = Int64.fromDatabaseValue(row[0]), let name = String.fromDatabaseValue(row[1]) else { return nil }
            return (id, name)
        }, uniquingKeysWith: { first, _ in first })
        var sources: [String: String] = [:]
        for row in rows(of: "app_setting") {
            guard let key = String.fromDatabaseValue(row[0]), key.hasPrefix("import/"), key.hasSuffix("/source"),
                  let value = String.fromDatabaseValue(row[1]) else { continue }
            sources[String(key.dropFirst("import/".count).dropLast("/source".count))] = value
        }
        let recorded = Self.rows(db, "SELECT DISTINCT site FROM import_progress")
            .compactMap { Int64.fromDatabaseValue($0[0]).flatMap { names[$0] } }
        let sites = recorded.isEmpty ? Array(sources.keys) : recorded
        importedSites = Set(sites).sorted().map { site in
            StoreRecovery.ImportedSite(site: site, command: StoreSalvage.importCommand(site: site, source: sources[site]))
        }
    }

    /// Writes every table read (rows the new store holds already are left as they are), then indexes the posts.
    mutating func write(_ db: Database) throws {
        for (copy, rows) in copied where !rows.isEmpty {
            let statement = try db.makeStatement(sql: copy.insert)
            let width = copy.insert.filter { $0 == "?" }.count
            var written = 0
            for row in rows where row.count == width {
                try statement.execute(arguments: StatementArguments(row))
                written += db.changesCount
            }
            switch copy.name {
            case "saved": kept.saved = written
            case "read_mark": kept.readMarks = written
            case "search_history": kept.searches = written
            case "app_setting": kept.settings = written
            case "drafts": kept.drafts = written
            default: break
            }
        }
        try StoreSchema.reindex(db)
    }

    private func rows(of table: String) -> [[DatabaseValue]] { copied.first { $0.copy.name == table }?.rows ?? [] }

    /// The rows `sql` returns up to the first it cannot read.
    private static func rows(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) -> [[DatabaseValue]] {
        var rows: [[DatabaseValue]] = []
        guard let cursor = try? Row.fetchCursor(db, sql: sql, arguments: arguments) else { return rows }
        while let row = try? cursor.next() { rows.append(Array(row.databaseValues)) }
        return rows
    }
}
