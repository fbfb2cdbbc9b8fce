import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// The four sorts of a local search (the API's `/search/advanced`): the same matching questions whatever the sort,
/// ordered by the sort's column, ties by higher id.
final class StoreSearchSortTests: StoreTestCase {
    private func seeded() throws -> Store {
        let store = try openStore()
        var answered = question(5, "Brewing water", body: "<p>Which water?</p>", score: 9, created: 500, activity: 900)
        answered.answers = [Answer(answerID: 50, questionID: 5, creationDate: date(600), body: "<p>Soft water and hops.</p>")]
        try store.save(questions: [
            question(1, "Cooking with hops", body: "<p>hops in soup</p>", tags: ["hops"], score: 3, created: 100, activity: 700),
            question(2, "Dry hops", body: "<p>late hops</p>", tags: ["hops", "ipa"], score: 7, created: 300, activity: 300),
            question(3, "Malt only", body: "<p>no match here</p>", tags: ["malt"], score: 100, created: 900, activity: 950),
            question(4, "Hops and malt", body: "<p>both</p>", tags: ["hops", "malt"], score: 3, created: 200, activity: 800),
            answered,
        ], site: "beer")
        return store
    }

    func testEachSortOrdersTheSameMatchesByItsColumnTiesByHigherID() throws {
        let store = try seeded()
        let relevance = try store.search("hops", site: "beer", sort: .relevance)
        XCTAssertEqual(Set(relevance.map(\.questionID)), [1, 2, 4, 5])
        XCTAssertEqual(try store.search("hops", site: "beer", sort: .votes).map(\.questionID), [5, 2, 4, 1])
        XCTAssertEqual(try store.search("hops", site: "beer", sort: .creation).map(\.questionID), [5, 2, 4, 1])
        XCTAssertEqual(try store.search("hops", site: "beer", sort: .activity).map(\.questionID), [5, 4, 1, 2])
        XCTAssertEqual(relevance, try store.search("hops", site: "beer"), "the old signature is the relevance sort")
    }

    /// A phrase of several words (FTS5's `"soft water"`) is tested as one phrase by both plans of a sorted search:
    /// the tests take the query's phrases as they are, never re-split from the joined match.
    func testASortedSearchTestsAPhraseOfSeveralWordsAsOnePhrase() throws {
        let store = try seeded()
        for walkLimit in [Int.max, 0] {
            let page = try store.read { db in
                let site = try XCTUnwrap(try Store.existingSiteRowID(db, apiName: "beer"))
                return try Store.sortedMatches(db, site: site, terms: ["\"soft water\"", "\"hops\""], tags: [], sort: .votes,
                                               offset: 0, limit: 20, walkLimit: walkLimit)
            }
            XCTAssertEqual(page.keys.map { StoreKey.id($0.0) }, [5], "walk limit \(walkLimit): the question")
            XCTAssertEqual(page.keys.map { StoreKey.id($0.1) }, [50], "walk limit \(walkLimit): its answer holds the phrase")
        }
    }

    func testAQuestionFoundThroughAnAnswerShowsTheAnswersText() throws {
        let hit = try XCTUnwrap(try seeded().search("soft", site: "beer", sort: .votes).first)
        XCTAssertEqual(hit.questionID, 5)
        XCTAssertEqual(hit.postID, 50)
        XCTAssertEqual(hit.snippet.marked(), "[Soft] water and hops.")
        let own = try XCTUnwrap(try seeded().search("hops", site: "beer", sort: .votes).first { $0.questionID == 2 })
        XCTAssertEqual(own.postID, 2, "a question that matches shows its own text")
    }

    func testTagWordsAreAndedInSQLBeforeThePage() throws {
        let store = try seeded()
        XCTAssertEqual(try store.search("hops tag:malt", site: "beer", sort: .votes).map(\.questionID), [4])
        XCTAssertEqual(try store.search("tag:malt tag:hops", site: "beer", sort: .votes).map(\.questionID), [4])
        // Tags alone: 40 questions tagged a, every fourth also b; a page of 5 must be full whichever tag comes first.
        try store.save(questions: (100..<140).map { id in
            question(id, "Tagged \(id)", tags: id % 4 == 0 ? ["a", "b"] : ["a"], score: id % 7, created: 2_000 + id)
        }, site: "beer")
        for text in ["tag:a tag:b", "tag:b tag:a"] {
            XCTAssertEqual(try store.search(text, site: "beer", sort: .creation, limit: 5).map(\.questionID),
                           [136, 132, 128, 124, 120], text)
            XCTAssertEqual(try store.search(text, site: "beer", sort: .creation, offset: 5, limit: 5).map(\.questionID),
                           [116, 112, 108, 104, 100], text)
            XCTAssertEqual(try store.search(text, site: "beer", sort: .votes, limit: 3).map(\.questionID), [132, 104, 124], text)
        }
    }

    /// A common word on a real site: each sort pages through the same questions as relevance, in its order.
    func testOnCardanoEverySortPagesThroughTheRelevanceSet() throws {
        let store = try importedStore("cardano")
        let all = try store.search("plutus script", site: "cardano", sort: .relevance, limit: 10_000)
        XCTAssertGreaterThan(all.count, 30)
        let stored = Dictionary(uniqueKeysWithValues: try store.questions(site: "cardano", ids: all.map(\.questionID))
            .map { ($0.question.questionID, $0.question) })
        for sort in [StoreSearchSort.activity, .creation, .votes] {
            var paged: [Int] = []
            while true {
                let page = try store.search("plutus script", site: "cardano", sort: sort, offset: paged.count, limit: 7)
                paged += page.map(\.questionID)
                if page.count < 7 { break }
            }
            XCTAssertEqual(Set(paged), Set(all.map(\.questionID)), "\(sort)")
            XCTAssertEqual(paged.count, all.count, "each question once: \(sort)")
            func key(_ id: Int) -> (Double, Int) {
                let question = stored[id]!
                let value: Double = switch sort {
                case .activity: question.lastActivityDate?.timeIntervalSince1970 ?? 0
                case .creation: question.creationDate?.timeIntervalSince1970 ?? 0
                default: Double(question.score ?? 0)
                }
                return (value, id)
            }
            XCTAssertEqual(paged, paged.sorted { key($0) > key($1) }, "\(sort) order, ties by higher id")
        }
    }

    /// A common word of quantumcomputing fills a page in each sort, each question once.
    func testEachSortFillsAPageOfACommonWord() throws {
        let store = try importedStore("quantumcomputing")
        for sort in StoreSearchSort.allCases {
            let page = try store.search("state", site: "quantumcomputing", sort: sort, limit: 30)
            XCTAssertEqual(page.count, 30, "\(sort)")
            XCTAssertEqual(Set(page.map(\.questionID)).count, 30, "each question once, \(sort)")
        }
        // The figures of this search (SQL keys 1.0-1.3 ms, whole search 7.5-35 ms in a debug build) were measured
        // once by hand; timings belong in stackterm-bench, never in a test.
    }

    /// The two plans of a sorted search give the same page: walking the sort's index and testing each question (as a
    /// common word is answered) and reading every match first (as a rare one is) — common, middling and rare words,
    /// two words, a tag, every sort, three pages.
    func testWalkingTheSortIndexFindsWhatReadingEveryMatchFinds() throws {
        let store = try importedStore("cardano")
        let queries = ["the", "wallet", "marlowe", "stake pool", "token tag:plutus", "zzzunmatched"]
        var walkedSomething = false
        for text in queries {
            let terms = LocalQuery(text).matchTerms
            let tags = LocalQuery(text).tags
            for sort in [StoreSort.activity, .creation, .votes] {
                for offset in [0, 20, 100] {
                    let (walked, read) = try store.read { db in
                        let site = try XCTUnwrap(try Store.existingSiteRowID(db, apiName: "cardano"))
                        return (try Store.sortedMatches(db, site: site, terms: terms, tags: tags, sort: sort, offset: offset,
                                                        limit: 20, walkLimit: .max).keys,
                                try Store.sortedMatches(db, site: site, terms: terms, tags: tags, sort: sort, offset: offset,
                                                        limit: 20, walkLimit: 0).keys)
                    }
                    XCTAssertEqual(walked.map(\.0), read.map(\.0), "\(text), \(sort), offset \(offset): questions")
                    XCTAssertEqual(walked.map(\.1), read.map(\.1), "\(text), \(sort), offset \(offset): posts shown")
                    walkedSomething = walkedSomething || !walked.isEmpty
                }
            }
        }
        XCTAssertTrue(walkedSomething)
        // The default limit: "the" (in most questions) fills its first page within the walk, "marlowe" does not and
        // is read the other way; both as before.
        XCTAssertEqual(try store.search("the", site: "cardano", sort: .votes, limit: 30).count, 30)
        XCTAssertEqual(SortedWalk.limit(wanted: 30), 200)
    }
}
