import Foundation
import StackAPI
import XCTest
@testable import StackStore

final class StoreSearchTests: StoreTestCase {
    private func seeded() throws -> Store {
        let store = try openStore()
        try store.save(questions: [
            question(1, "Cooking with hops", body: "<p>A question about <b>entanglement</b> in passing.</p>", tags: ["hops"]),
            question(2, "Entanglement of qubits", body: "<p>Nothing else here.</p>", tags: ["qubits"]),
            question(3, "Unrelated", body: "<p>Words about malt and barley.</p>", tags: ["malt"]),
            question(4, "Tagged but body match", body: "<p>entangled gates and entanglement</p>", tags: ["qubits", "gates"]),
        ], site: "beer")
        return store
    }

    func testATitleMatchRanksAboveABodyMatch() throws {
        let hits = try seeded().search("entanglement", site: "beer")
        XCTAssertEqual(hits.first?.questionID, 2, "title match first: \(hits.map(\.questionID))")
        XCTAssertEqual(Set(hits.map(\.questionID)), [1, 2, 4])
    }

    func testTheTagFilterKeepsOnlyTaggedQuestions() throws {
        let store = try seeded()
        XCTAssertEqual(try store.search("entanglement tag:qubits", site: "beer").map(\.questionID).sorted(), [2, 4])
        XCTAssertEqual(try store.search("entanglement tag:qubits tag:gates", site: "beer").map(\.questionID), [4])
        XCTAssertEqual(try store.search("entanglement tag:malt", site: "beer"), [])
        XCTAssertEqual(try store.search("tag:malt", site: "beer").map(\.questionID), [3], "tags alone list the tagged")
    }

    func testSnippetsMarkTheMatchesInTextNotMarkup() throws {
        let hits = try seeded().search("entanglement", site: "beer")
        let bodyHit = try XCTUnwrap(hits.first { $0.questionID == 1 })
        XCTAssertEqual(bodyHit.snippet.marked(), "A question about [entanglement] in passing.")
        XCTAssertEqual(bodyHit.title.marked(), "Cooking with hops")
        let titleHit = try XCTUnwrap(hits.first { $0.questionID == 2 })
        XCTAssertEqual(titleHit.title.marked(), "[Entanglement] of qubits")
        XCTAssertEqual(try seeded().search("b", site: "beer"), [], "markup is not indexed")
    }

    func testStemmingFindsOtherFormsAndMarksThem() throws {
        let hits = try seeded().search("entangle", site: "beer")
        let hit = try XCTUnwrap(hits.first { $0.questionID == 4 })
        XCTAssertEqual(hit.snippet.marked(), "[entangled] gates and [entanglement]")
    }

    func testAMatchInAnAnswerFindsItsQuestionOnce() throws {
        let store = try seeded()
        var asked = question(5, "Brewing water", body: "<p>Which water?</p>")
        asked.answers = [
            Answer(answerID: 6, questionID: 5, creationDate: date(1), body: "<p>Use soft water for pilsner.</p>"),
            Answer(answerID: 7, questionID: 5, creationDate: date(2), body: "<p>pilsner likes soft water</p>"),
        ]
        try store.save(questions: [asked], site: "beer")
        let hits = try store.search("pilsner", site: "beer")
        XCTAssertEqual(hits.map(\.questionID), [5])
        XCTAssertTrue([6, 7].contains(hits[0].postID))
        XCTAssertEqual(hits[0].title.marked(), "Brewing water")
    }

    func testAnEditedBodyIsReindexedAndTheOldTextForgotten() throws {
        let store = try seeded()
        try store.save(questions: [question(3, "Unrelated", body: "<p>Now about yeast.</p>")], site: "beer")
        XCTAssertEqual(try store.search("barley", site: "beer"), [])
        XCTAssertEqual(try store.search("yeast", site: "beer").map(\.questionID), [3])
        try store.pool.write { db in
            try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('integrity-check', 0)")
        }
    }

    func testOperatorsTypedByTheUserAreSearchedAsText() throws {
        let store = try seeded()
        for text in ["\"", "NEAR(", "hops OR", "-malt", "a:b", "*", "((", ""] {
            XCTAssertNoThrow(try store.search(text, site: "beer"), text)
        }
        XCTAssertEqual(try store.search("hop*", site: "beer").map(\.questionID), [1])
    }

    func testHTMLTextDropsTagsAndDecodesEntitiesOnce() {
        XCTAssertEqual(HTMLText.text(ofHTML: "<p>A &amp;amp; <b>B</b></p><p>C</p>"), "A &amp; B C")
        XCTAssertEqual(HTMLText.text(ofHTML: "<pre><code>x &lt; y\n  z</code></pre>"), "x < y z")
        XCTAssertEqual(HTMLText.text(ofHTML: "a <socket: 11> b < c"), "a b < c")
        XCTAssertEqual(HTMLText.text(ofHTML: "in<code>line</code>d"), "inlined")
        XCTAssertEqual(HTMLText.text(ofHTML: "量子<br>計算"), "量子 計算")
    }
}
