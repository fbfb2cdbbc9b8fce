import Foundation
import GRDB
import StackAPI
import XCTest
@testable import StackStore

/// Issue 22 part 6: searches whose page comes from the body index are bounded by the posts they read, rank as FTS5's
/// bm25 does, and say when they cut; the 40 commonest words of a site answer with the questions a plain AND finds.
final class StoreSearchRankTests: StoreTestCase {
    /// The 40 commonest words of quantumcomputing's posts (title and body), commonest first.
    private let fortyCommonest = """
        the to of is and in that quantum for this it be can are as on with not an if by you or but which have there \
        one so what we from state how qubits at some do qubit about
        """

    /// quantumcomputing holds fewer than `BodyRank.exactCount` posts, so every word's rarity is counted exactly.
    func testTheBoundedRankScoresEveryMatchAsFTS5sBm25() throws {
        let store = try importedStore("quantumcomputing")
        for text in ["entanglement fidelity", "quantum state", "the of and", "circuit depth noise"] {
            let query = LocalQuery(text)
            let (ours, theirs) = try store.read { db in
                let idfs = try BodyRank.idfs(db, phrases: query.matchTerms)
                let arguments = idfs.map { _ in ", ?" }.joined()
                let sql = "SELECT rowid, \(BodyRank.functionName)(post_fts\(arguments)) FROM post_fts WHERE post_fts MATCH ?"
                let ours = try BodyRank.withFunction(db) {
                    try Row.fetchAll(db, sql: sql, arguments: StatementArguments(idfs + [query.matchExpression!]))
                }
                let theirs = try Row.fetchAll(db, sql: """
                    SELECT rowid, bm25(post_fts, 10.0, 1.0) FROM post_fts WHERE post_fts MATCH ?
                    """, arguments: [query.matchExpression])
                return (ours, theirs)
            }
            XCTAssertGreaterThan(theirs.count, 0, text)
            XCTAssertEqual(ours.map { $0[0] as Int64 }, theirs.map { $0[0] as Int64 }, text)
            for (mine, fts5) in zip(ours, theirs) {
                XCTAssertEqual(mine[1] as Double, fts5[1] as Double, accuracy: 1e-9, "\(text), row \(mine[0] as Int64)")
            }
        }
        XCTAssertEqual(try store.read { db in try BodyRank.indexedRows(db) },
                       try store.read { db in try Int64.fetchOne(db, sql: "SELECT count(*) FROM post_fts_docsize") })
    }

    /// A common word's rarity is estimated from posts of every site: a word of the second site imported only (before,
    /// the sample was the index's first posts, all of the first site's, and found it in none), of the first only, of
    /// both. The sample is a few hundred posts here, so the estimate is asked to be within a third of the count.
    func testACommonWordsCountIsEstimatedFromEverySitesPosts() throws {
        let store = try importedStore("beer", "quantumcomputing")
        try store.read { db in
            let exact = try Int.fetchOne(db, sql: "SELECT count(*) FROM post_fts_docsize") ?? 0
            XCTAssertEqual(Int64(exact), try BodyRank.indexedRows(db))
            for word in ["qubit", "beer", "the", "state"] {
                let holding = try Int.fetchOne(db, sql: "SELECT count(*) FROM post_fts WHERE post_fts MATCH ?", arguments: [word]) ?? 0
                XCTAssertGreaterThan(holding, 100, word)
                // Each site's posts counted, then (past 500) estimated from how densely the first 500 lie.
                for counted in [BodySample.countedPosts, 500] {
                    let estimated = try BodySample(db, rows: 400, indexedRows: Double(exact), countedPosts: counted)
                        .estimatedPosts(holding: word, db, indexedRows: Double(exact))
                    XCTAssertEqual(estimated, Double(holding), accuracy: Double(holding) / 3, "\(word), \(counted) counted")
                }
                let counted = try BodyRank.idfs(db, phrases: [word], exactCount: .max)[0]
                let sampled = try BodyRank.idfs(db, phrases: [word], exactCount: 20, sampleRows: 400)[0]
                XCTAssertEqual(sampled, counted, accuracy: 0.3, "\(word): the IDF from the sample is near the counted one")
            }
        }
    }

    /// A site of a few hundred questions fetched one by one, their ids spread over 80 million, weighs the posts it
    /// holds, not the ids it spans, beside a site imported whole.
    func testASiteFetchedPostByPostWeighsItsPostsNotItsIDs() throws {
        let store = try importedStore("beer")
        let fetched = (1...400).map { question($0 * 200_000, "Kubernetes pods \($0)", body: "<p>kubernetes pods restart</p>") }
        try store.save(questions: fetched, site: "stackoverflow")
        try store.read { db in
            let rows = Double(try BodyRank.indexedRows(db))
            let sample = try BodySample(db, rows: 400, indexedRows: rows)
            XCTAssertEqual(try sample.estimatedPosts(holding: "kubernetes", db, indexedRows: rows), 400, accuracy: 400 / 3)
            let beer = try Int.fetchOne(db, sql: "SELECT count(*) FROM post_fts WHERE post_fts MATCH 'beer'") ?? 0
            XCTAssertEqual(try sample.estimatedPosts(holding: "beer", db, indexedRows: rows), Double(beer), accuracy: Double(beer) / 3)
        }
    }

    /// The 40 commonest words were refused (more than 32 words); they now answer, in every sort, with the page a
    /// plain SQLite AND over the same store gives (fewer posts match than either plan's bound: nothing is cut).
    func testTheFortyCommonestWordsAnswerWithThePageOfAPlainAnd() throws {
        let store = try importedStore("quantumcomputing")
        let match = try XCTUnwrap(LocalQuery(fortyCommonest).matchExpression)
        XCTAssertEqual(LocalQuery(fortyCommonest).words.count, 40)
        let matched = """
            SELECT coalesce(a.question, f.rowid) FROM post_fts f LEFT JOIN answer a ON a.id = f.rowid
            WHERE f.post_fts MATCH ?
            """
        for sort in [StoreSearchSort.activity, .creation, .votes] {
            let order = switch sort {
            case .activity: "last_activity DESC, id DESC"
            case .creation: "created DESC, id DESC"
            default: "score DESC, id DESC"
            }
            let plain = try store.read { db in
                try Int64.fetchAll(db, sql: "SELECT id FROM question WHERE id IN (\(matched)) ORDER BY \(order) LIMIT 20",
                                   arguments: [match]).map(StoreKey.id)
            }
            XCTAssertGreaterThanOrEqual(plain.count, 10, "\(sort): the words match a dozen questions")
            let page = try store.searchPage(fortyCommonest, site: "quantumcomputing", sort: sort)
            XCTAssertEqual(page.hits.map(\.questionID), plain, "\(sort)")
            XCTAssertNil(page.cut, "\(sort)")
        }
        // Relevance: no title holds all 40 words; the questions in FTS5's bm25 order, each once at its best post.
        let ranked = try store.read { db in
            try Int64.fetchAll(db, sql: """
                SELECT coalesce(a.question, f.rowid) FROM post_fts f LEFT JOIN answer a ON a.id = f.rowid
                WHERE f.post_fts MATCH ? ORDER BY rank, f.rowid DESC
                """, arguments: [match]).map(StoreKey.id)
        }
        var seen = Set<Int>()
        let plain = Array(ranked.filter { seen.insert($0).inserted }.prefix(20))
        let page = try store.searchPage(fortyCommonest, site: "quantumcomputing", sort: .relevance)
        XCTAssertEqual(page.hits.map(\.questionID), plain)
        XCTAssertNil(page.cut)
    }

    /// More matching posts than the relevance bound: only the newest are ranked, the page says so, and the best post
    /// of all (the shortest, and oldest) is not on it; with fewer matches nothing is cut.
    func testARelevancePageRankingOnlyTheNewestMatchesSaysItCut() throws {
        let store = try openStore()
        let words = (0..<20).map { "w\(UnicodeScalar(UInt8(97 + $0)))ord" }
        let bound = BodyRank.rankedPosts(phrases: words.count)
        XCTAssertEqual(bound, 100)
        // Question 1 holds the words and nothing else: bm25's best. The others hold them among many more words.
        let filler = (0..<200).map { "filler\($0)" }.joined(separator: " ")
        try store.save(questions: (1...(bound + 30)).map { id in
            question(id, "Question \(id)", body: "<p>\(words.joined(separator: " "))\(id == 1 ? "" : " " + filler)</p>",
                     created: 1_000 + id)
        }, site: "beer")
        let text = words.joined(separator: " ")
        let page = try store.searchPage(text, site: "beer", sort: .relevance)
        XCTAssertEqual(page.cut, bound)
        XCTAssertEqual(page.hits.count, 20)
        XCTAssertTrue(page.hits.allSatisfy { $0.questionID > 30 }, "\(page.hits.map(\.questionID))")
        // A question whose title holds every word is never cut.
        try store.save(questions: [question(2, text, body: "<p>\(text) \(filler)</p>", created: 1_002)], site: "beer")
        XCTAssertEqual(try store.searchPage(text, site: "beer", sort: .relevance).hits.first?.questionID, 2)
        // Under the bound (one more word that only the 50 newest hold): every match ranked, question 1's kind first.
        try store.save(questions: [question(200, "Short", body: "<p>\(text) zzrare</p>", created: 900)]
            + ((bound - 19)...(bound + 30)).map { id in
                question(id, "Question \(id)", body: "<p>\(text) zzrare \(filler)</p>", created: 1_000 + id)
            }, site: "beer")
        let rare = try store.searchPage(text + " zzrare", site: "beer", sort: .relevance)
        XCTAssertNil(rare.cut)
        XCTAssertEqual(rare.hits.first?.questionID, 200, "the shortest body ranks first when nothing is cut")
    }

    /// The list sorts' read of the matches, bounded: the page is ordered among the questions of the newest posts read,
    /// and says so; unbounded, the same questions as the walk along the sort's index.
    func testASortedPageOrderedAmongTheNewestMatchesSaysItCut() throws {
        let store = try importedStore("cardano")
        let terms = LocalQuery("wallet").matchTerms
        let match = try XCTUnwrap(LocalQuery("wallet").matchExpression)
        let (cut, whole, walked) = try store.read { db in
            let site = try XCTUnwrap(try Store.existingSiteRowID(db, apiName: "cardano"))
            return (try Store.sortedMatches(db, site: site, terms: terms, tags: [], sort: .votes, offset: 0, limit: 20,
                                            walkLimit: 0, postsRead: 30),
                    try Store.sortedMatches(db, site: site, terms: terms, tags: [], sort: .votes, offset: 0, limit: 20,
                                            walkLimit: 0, postsRead: 100_000),
                    try Store.sortedMatches(db, site: site, terms: terms, tags: [], sort: .votes, offset: 0, limit: 20,
                                            walkLimit: .max))
        }
        XCTAssertEqual(cut.cut, 30)
        XCTAssertNil(whole.cut)
        XCTAssertNil(walked.cut)
        XCTAssertEqual(whole.keys.map(\.0), walked.keys.map(\.0))
        XCTAssertEqual(whole.keys.map(\.1), walked.keys.map(\.1))
        XCTAssertNotEqual(cut.keys.map(\.0), whole.keys.map(\.0), "30 posts of many do not give the whole page")
        // What the cut page holds comes from the newest 30 matching posts.
        let newest = try store.read { db in
            try Int64.fetchAll(db, sql: """
                SELECT coalesce(a.question, f.rowid) FROM (SELECT rowid FROM post_fts WHERE post_fts MATCH ?
                  ORDER BY rowid DESC LIMIT 30) f LEFT JOIN answer a ON a.id = f.rowid
                """, arguments: [match])
        }
        XCTAssertTrue(Set(cut.keys.map(\.0)).isSubset(of: Set(newest)))
        // The matched questions sorted, or found along the sort's index: the same pages.
        for text in ["wallet", "the", "stake pool"] {
            let terms = LocalQuery(text).matchTerms
            for sort in [StoreSort.activity, .creation, .votes] {
                for offset in [0, 40] {
                    let (sorted, along) = try store.read { db in
                        let site = try XCTUnwrap(try Store.existingSiteRowID(db, apiName: "cardano"))
                        return (try Store.sortedMatches(db, site: site, terms: terms, tags: [], sort: sort, offset: offset,
                                                        limit: 20, walkLimit: 0, rowsSorted: .max),
                                try Store.sortedMatches(db, site: site, terms: terms, tags: [], sort: sort, offset: offset,
                                                        limit: 20, walkLimit: 0, rowsSorted: 0))
                    }
                    XCTAssertEqual(sorted.keys.map(\.0), along.keys.map(\.0), "\(text), \(sort), \(offset)")
                    XCTAssertEqual(sorted.keys.map(\.1), along.keys.map(\.1), "\(text), \(sort), \(offset)")
                }
            }
        }
    }
}
