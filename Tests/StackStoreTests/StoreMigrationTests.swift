import Foundation
import GRDB
import StackDump
import TestSupport
import XCTest
@testable import StackStore

/// A store written by the previous schema (v2: one full-text table given every word of each body, no title index)
/// opens upgraded, searchable, and keeps its indexes in step with its rows afterwards.
final class StoreMigrationTests: StoreTestCase {
    /// Writes a v2 store of beer's first `count` posts the way v2 wrote them (rows, and `post_fts` given the whole
    /// body text); returns the questions' ids and titles.
    private func makeV2Store(posts count: Int) throws -> [(id: Int, title: String)] {
        guard let folder = SharedData.path("dumps/beer") else { throw XCTSkip("SKIPPED: no shared data") }
        var posts: [DumpPost] = []
        try DumpReader.forEachPost(in: folder.appendingPathComponent("Posts.xml")) { post in
            if posts.count < count, post.isQuestion || post.isAnswer { posts.append(post) }
        }
        let queue = try DatabaseQueue(path: storeFile.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v2-eviction")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO site (api_name) VALUES ('beer')")
            let site = db.lastInsertedRowID
            for post in posts {
                let key = StoreKey.make(site: site, id: post.id)
                if post.isQuestion {
                    try db.execute(sql: """
                        INSERT INTO question (id, site, title, body, tags, origin, fetched_at) VALUES (?, ?, ?, ?, ?, 1, 0)
                        """, arguments: [key, site, post.title ?? "", post.body, post.tags.joined(separator: " ")])
                } else {
                    try db.execute(sql: "INSERT INTO answer (id, question, body, origin, fetched_at) VALUES (?, ?, ?, 1, 0)",
                                   arguments: [key, StoreKey.make(site: site, id: post.parentID ?? 0), post.body])
                }
                try db.execute(sql: "INSERT INTO post_fts (rowid, title, body) VALUES (?, ?, ?)",
                               arguments: [key, post.isQuestion ? post.title ?? "" : "", HTMLText.text(ofHTML: post.body)])
            }
        }
        return posts.filter(\.isQuestion).map { ($0.id, $0.title ?? "") }
    }

    func testAV2StoreIsUpgradedWithItsRowsIndexedAnew() throws {
        let questions = try makeV2Store(posts: 300)
        let store = try openStore()
        let (migrations, pageSize) = try store.pool.read { db in
            (try StoreSchema.migrator.appliedIdentifiers(db), try Int.fetchOne(db, sql: "PRAGMA page_size"))
        }
        XCTAssertTrue(migrations.contains("v4-import-speed"))
        XCTAssertEqual(pageSize, 4_096, "an existing file keeps its pages")
        try assertIndexesMatchRows(store)
        // Every question is found by the words of its title, as a title match.
        for question in questions.prefix(40) {
            let words = question.title.split(whereSeparator: { !$0.isLetter }).filter { $0.count > 3 }.prefix(2).map(String.init)
            guard !words.isEmpty else { continue }
            let hits = try store.search(words.joined(separator: " "), site: "beer", limit: 100).map(\.questionID)
            XCTAssertTrue(hits.contains(question.id), "\(question.title): \(hits)")
        }
    }

    func testOpeningAnOlderStoreSaysItIsUpgradingOnceAndANewStoreSaysNothing() throws {
        _ = try makeV2Store(posts: 20)
        var said: [String] = []
        _ = try Store(fileURL: storeFile, announceUpgrade: { said.append($0) })
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertTrue(said.first?.contains("upgrading the local store \(storeFile.path)") ?? false, "\(said)")
        _ = try Store(fileURL: storeFile, announceUpgrade: { said.append($0) })
        XCTAssertEqual(said.count, 1, "an upgraded store opens without a word: \(said)")

        let fresh = storeFile.deletingLastPathComponent().appendingPathComponent("fresh.sqlite")
        _ = try Store(fileURL: fresh, announceUpgrade: { said.append($0) })
        XCTAssertEqual(said.count, 1, "a new store is created, not upgraded: \(said)")
    }

    func testAnUpgradedStoreRewritesAndForgetsRowsWithoutStrayTerms() throws {
        let questions = try makeV2Store(posts: 300)
        let store = try openStore()
        let first = try XCTUnwrap(questions.first)
        try store.save(questions: [question(first.id, "Hopless zymurgy", body: "<p>Rewritten by the network.</p>")],
                       site: "beer")
        XCTAssertEqual(try store.search("zymurgy", site: "beer").map(\.questionID), [first.id])
        try assertIndexesMatchRows(store)
        try store.save(questions: [question(1_000_001, "Another site's question", body: "<p>kept</p>")], site: "coffee")
        XCTAssertNotNil(try store.forget(site: "beer"))
        try assertIndexesMatchRows(store)
        XCTAssertEqual(try store.search("kept", site: "coffee").count, 1)
    }
}
