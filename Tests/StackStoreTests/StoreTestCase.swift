import Foundation
import GRDB
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// A fresh directory per test, removed afterwards.
class StoreTestCase: XCTestCase {
    private var temporary: TemporaryDirectory!
    var directory: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryDirectory("stackstore")
    }

    override func tearDownWithError() throws {
        temporary?.remove()
    }

    var storeFile: URL { directory.appendingPathComponent(StoreLocation.fileName) }

    func openStore() throws -> Store { try Store(fileURL: storeFile) }

    /// A store holding the shared dumps of `sites` (folder names under `dumps/`, each imported under that name);
    /// skips the test, with a visible message, when the shared data is absent.
    func importedStore(_ sites: String...) throws -> Store {
        let folders = try sites.map { site in
            guard let folder = SharedData.path("dumps/\(site)") else { throw XCTSkip("SKIPPED: no shared data") }
            return (site, folder)
        }
        let store = try openStore()
        for (site, folder) in folders { try store.importDump(folder: folder, site: site) }
        return store
    }

    /// A folder `name` under the test's directory holding a Posts.xml of `rows` questions.
    func postsFolder(_ name: String, rows: Int) throws -> URL {
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lines = (1...rows).map { id in
            "<row Id=\"\(id)\" PostTypeId=\"1\" Title=\"Question \(id)\" Body=\"&lt;p&gt;body \(id) of \(name)&lt;/p&gt;\" "
                + "CreationDate=\"2020-01-01T00:00:00.000\" Score=\"1\" />"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<posts>\n" + lines.joined(separator: "\n") + "\n</posts>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("Posts.xml"))
        return folder
    }

    func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    func question(
        _ id: Int, _ title: String, body: String? = nil, tags: [String] = [], score: Int = 0, created: Int = 1_000,
        activity: Int? = nil, answers: Int = 0
    ) -> Question {
        Question(
            questionID: id, title: title, tags: tags, owner: ShallowUser(userID: 7, displayName: "Ada"),
            answerCount: answers, score: score, creationDate: date(created), lastActivityDate: date(activity ?? created),
            body: body)
    }

    /// Fails unless `post_fts` and `title_fts` hold exactly what the stored questions and answers put in them,
    /// compared term by term (documents and occurrences) with indexes built afresh from the rows. A contentless index
    /// given other text on a delete than on the insert keeps stray terms: this finds them, FTS5's integrity-check
    /// does not.
    func assertIndexesMatchRows(_ store: Store, file: StaticString = #filePath, line: UInt = #line) throws {
        let (stored, fresh) = try store.pool.write { db -> ([[String]], [[String]]) in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE temp.fresh_post USING fts5(title, body, content='', tokenize='porter unicode61');
                CREATE VIRTUAL TABLE temp.fresh_title USING fts5(title, content='', tokenize='porter unicode61');
                CREATE VIRTUAL TABLE temp.vocab_post USING fts5vocab(main, 'post_fts', 'row');
                CREATE VIRTUAL TABLE temp.vocab_title USING fts5vocab(main, 'title_fts', 'row');
                CREATE VIRTUAL TABLE temp.vocab_fresh_post USING fts5vocab(temp, 'fresh_post', 'row');
                CREATE VIRTUAL TABLE temp.vocab_fresh_title USING fts5vocab(temp, 'fresh_title', 'row');
                """)
            for row in try Row.fetchAll(db, sql: "SELECT id, title, body FROM question") {
                let key: Int64 = row[0]
                let title: String = row[1]
                try db.execute(sql: "INSERT INTO temp.fresh_post (rowid, title, body) VALUES (?, ?, ?)",
                               arguments: [key, title, IndexText.body(ofHTML: row[2] ?? "")])
                try db.execute(sql: "INSERT INTO temp.fresh_title (rowid, title) VALUES (?, ?)",
                               arguments: [TitleKey.rowid(questionKey: key, title: title), title])
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, body FROM answer") {
                try db.execute(sql: "INSERT INTO temp.fresh_post (rowid, title, body) VALUES (?, '', ?)",
                               arguments: [row[0] as Int64, IndexText.body(ofHTML: row[1] ?? "")])
            }
            func terms(_ vocab: String) throws -> [String] {
                try Row.fetchAll(db, sql: "SELECT term, doc, cnt FROM temp.\(vocab) ORDER BY term").map { row in
                    "\(row[0] as String) \(row[1] as Int) \(row[2] as Int)"
                }
            }
            let result = ([try terms("vocab_post"), try terms("vocab_title")],
                          [try terms("vocab_fresh_post"), try terms("vocab_fresh_title")])
            for table in ["vocab_post", "vocab_title", "vocab_fresh_post", "vocab_fresh_title", "fresh_post", "fresh_title"] {
                try db.execute(sql: "DROP TABLE temp.\(table)")
            }
            return result
        }
        XCTAssertEqual(stored[0], fresh[0], "post_fts against the rows", file: file, line: line)
        XCTAssertEqual(stored[1], fresh[1], "title_fts against the rows", file: file, line: line)
    }
}
