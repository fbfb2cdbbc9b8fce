import GRDB

/// The schema, created and upgraded by one `DatabaseMigrator`; each migration is named once and never edited.
///
/// Keys: a question, answer or comment is stored under `StoreKey` (site in the high bits, its id on the site in
/// the low 40), so one integer primary key serves as the full-text row id and needs no second index. Times are unix
/// seconds. Text columns hold what the API or dump gave: titles decoded, bodies HTML.
/// `post_fts` is contentless (`content=''`): it keeps only the index of title and body *text*, since the HTML is
/// already stored once in `question`/`answer` (size: the issue allows 1.5× the dump's XML). So rows are removed from
/// it with the `delete` command and the text they were indexed with, and snippets are made in Swift (`Snippets`).
/// Since v3 it is given each body word once (`IndexText`: bm25 sees whether a word occurs, not how often), and
/// `title_fts` indexes question titles alone under `TitleKey` rowids, so a search reads title matches shortest first
/// and stops early instead of ranking every match.
enum StoreSchema {
    /// `PRAGMA application_id` of a stackterm store ("STKT"), so a foreign SQLite file is recognised.
    static let applicationID: Int32 = 0x5354_4B54

    /// Whether `db` is a stackterm store of this version's schema (nothing to create or upgrade).
    static func isCurrent(_ db: Database) throws -> Bool {
        try Int32.fetchOne(db, sql: "PRAGMA application_id") == applicationID
            && migrator.hasCompletedMigrations(db) && !migrator.hasBeenSuperseded(db)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = 1398033236") // `applicationID`, 0x5354_4B54
            for statement in v1 { try db.execute(sql: statement) }
        }
        migrator.registerMigration("v2-eviction") { db in
            // Eviction takes the oldest network-cached rows first: origin then age, without reading the tables.
            try db.execute(sql: "CREATE INDEX question_eviction ON question(origin, fetched_at)")
            try db.execute(sql: "CREATE INDEX answer_eviction ON answer(origin, fetched_at)")
            try db.execute(sql: "CREATE INDEX comment_eviction ON comment(origin, fetched_at)")
        }
        registerAppState(&migrator)
        migrator.registerMigration("v4-import-speed") { db in
            // post_fts is rebuilt with each body word once; title_fts is new. Both are filled from the stored rows.
            try db.execute(sql: "DROP TABLE post_fts")
            for statement in v3 { try db.execute(sql: statement) }
            try reindex(db)
        }
        migrator.registerMigration("v5-answer-feed") { db in
            // The newest answers of one site (`latestAnswers`) read along an index instead of sorting every answer
            // row: the site is the key's high bits (`StoreKey`), as the query writes it.
            try db.execute(sql: "CREATE INDEX answer_site_created ON answer((id >> 40), created DESC, id DESC)")
        }
        migrator.registerMigration("v6-answer-parent") { db in
            // An answer's question by the answer's key without reading its row (bodies make the table large and its
            // rows far apart): a search maps every matching answer to its question (2-5x faster at 100,000 posts).
            // Queries name it (`INDEXED BY`): SQLite would otherwise take the primary key.
            try db.execute(sql: "CREATE INDEX answer_parent ON answer(id, question)")
        }
        registerDrafts(&migrator)
        return migrator
    }

    private static let v3 = [
        """
        CREATE VIRTUAL TABLE post_fts USING fts5(title, body, content='', tokenize='porter unicode61')
        """,
        // Title matches weigh ten times body matches in `ORDER BY rank`.
        "INSERT INTO post_fts(post_fts, rank) VALUES('rank', 'bm25(10.0, 1.0)')",
        "CREATE VIRTUAL TABLE title_fts USING fts5(title, content='', tokenize='porter unicode61')",
    ]

    /// Indexes every stored question and answer into the (empty) full-text tables, tuned as an import is.
    static func reindex(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = -49152")
        try Store.setFullTextBulkLoading(true, db)
        let post = try db.makeStatement(sql: "INSERT INTO post_fts (rowid, title, body) VALUES (?, ?, ?)")
        let title = try db.makeStatement(sql: "INSERT INTO title_fts (rowid, title) VALUES (?, ?)")
        let questions = try Row.fetchCursor(db, sql: "SELECT id, title, body FROM question")
        while let row = try questions.next() {
            let key: Int64 = row[0]
            let text: String = row[1]
            try post.execute(arguments: [key, text, IndexText.body(ofHTML: row[2] ?? "")])
            try title.execute(arguments: [TitleKey.rowid(questionKey: key, title: text), text])
        }
        let answers = try Row.fetchCursor(db, sql: "SELECT id, body FROM answer")
        while let row = try answers.next() {
            try post.execute(arguments: [row[0] as Int64, "", IndexText.body(ofHTML: row[1] ?? "")])
        }
        try Store.optimizeFullText(db)
        try Store.setFullTextBulkLoading(false, db)
        try db.execute(sql: "PRAGMA cache_size = -2000")
    }

    private static let v1 = [
        """
        CREATE TABLE site (
          id INTEGER PRIMARY KEY, api_name TEXT NOT NULL UNIQUE, name TEXT, site_url TEXT,
          quota_remaining INTEGER, quota_max INTEGER, fetched_at INTEGER)
        """,
        // origin: 0 fetched from the network, 1 imported from a dump, 2 saved by the user (see StoreOrigin).
        """
        CREATE TABLE question (
          id INTEGER PRIMARY KEY, site INTEGER NOT NULL, title TEXT NOT NULL, body TEXT, tags TEXT NOT NULL DEFAULT '',
          score INTEGER, view_count INTEGER, answer_count INTEGER, comment_count INTEGER,
          accepted_answer_id INTEGER, is_answered INTEGER NOT NULL DEFAULT 0,
          created INTEGER, last_activity INTEGER, closed INTEGER, closed_reason TEXT,
          owner_id INTEGER, owner_name TEXT, link TEXT, license TEXT,
          origin INTEGER NOT NULL, fetched_at INTEGER NOT NULL)
        """,
        "CREATE INDEX question_activity ON question(site, last_activity DESC, id DESC)",
        "CREATE INDEX question_creation ON question(site, created DESC, id DESC)",
        "CREATE INDEX question_votes ON question(site, score DESC, id DESC)",
        """
        CREATE TABLE answer (
          id INTEGER PRIMARY KEY, question INTEGER NOT NULL, body TEXT, score INTEGER, is_accepted INTEGER NOT NULL DEFAULT 0,
          comment_count INTEGER, created INTEGER, last_activity INTEGER, owner_id INTEGER, owner_name TEXT,
          link TEXT, license TEXT, origin INTEGER NOT NULL, fetched_at INTEGER NOT NULL)
        """,
        "CREATE INDEX answer_question ON answer(question)",
        """
        CREATE TABLE comment (
          id INTEGER PRIMARY KEY, post INTEGER NOT NULL, body TEXT NOT NULL, score INTEGER, created INTEGER,
          owner_id INTEGER, owner_name TEXT, edited INTEGER NOT NULL DEFAULT 0, license TEXT,
          origin INTEGER NOT NULL, fetched_at INTEGER NOT NULL)
        """,
        "CREATE INDEX comment_post ON comment(post)",
        "CREATE TABLE user (site INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (site, id)) WITHOUT ROWID",
        """
        CREATE TABLE tag (id INTEGER PRIMARY KEY, site INTEGER NOT NULL, name TEXT NOT NULL, count INTEGER,
          UNIQUE (site, name))
        """,
        "CREATE TABLE question_tag (tag INTEGER NOT NULL, question INTEGER NOT NULL, PRIMARY KEY (tag, question)) WITHOUT ROWID",
        """
        CREATE TABLE post_link (site INTEGER NOT NULL, post INTEGER NOT NULL, related INTEGER NOT NULL,
          type INTEGER NOT NULL, PRIMARY KEY (site, post, related, type)) WITHOUT ROWID
        """,
        """
        CREATE TABLE read_mark (question INTEGER PRIMARY KEY, answer_count INTEGER, last_activity INTEGER,
          read_at INTEGER NOT NULL)
        """,
        "CREATE TABLE saved (question INTEGER PRIMARY KEY, saved_at INTEGER NOT NULL)",
        """
        CREATE TABLE search_history (site INTEGER NOT NULL, query TEXT NOT NULL, searched_at INTEGER NOT NULL,
          PRIMARY KEY (site, query)) WITHOUT ROWID
        """,
        // When a list (site, sort, tag, page…) was last fetched, under a key the data managers choose.
        "CREATE TABLE fetch_log (key TEXT PRIMARY KEY, fetched_at INTEGER NOT NULL) WITHOUT ROWID",
        // How far an import of one file got: rows already written, whether it is done, and the file's size and
        // modification time (a different file starts over).
        """
        CREATE TABLE import_progress (site INTEGER NOT NULL, file TEXT NOT NULL, signature TEXT NOT NULL,
          rows_done INTEGER NOT NULL, finished INTEGER NOT NULL, PRIMARY KEY (site, file)) WITHOUT ROWID
        """,
        "CREATE VIRTUAL TABLE post_fts USING fts5(title, body, content='', tokenize='porter unicode61')",
        // Title matches weigh ten times body matches in `ORDER BY rank`.
        "INSERT INTO post_fts(post_fts, rank) VALUES('rank', 'bm25(10.0, 1.0)')",
    ]
}

/// Where a stored question, answer or comment came from; eviction may only drop `.network`.
public enum StoreOrigin: Int, Sendable, Hashable {
    /// Fetched from the API; may be evicted.
    case network = 0
    case imported = 1
    case saved = 2
}

/// The integer key of a post or comment: the site's row id in the high bits, the id on the site in the low 40 bits.
enum StoreKey {
    static let idBits = 40
    static let idMask: Int64 = (1 << 40) - 1

    static func make(site: Int64, id: Int) -> Int64 { site << Int64(idBits) | (Int64(id) & idMask) }
    static func id(_ key: Int64) -> Int { Int(key & idMask) }
    static func site(_ key: Int64) -> Int64 { key >> Int64(idBits) }
    /// The first and one-past-last keys of `site`, for range scans.
    static func range(site: Int64) -> (Int64, Int64) { (site << Int64(idBits), (site + 1) << Int64(idBits)) }
}
