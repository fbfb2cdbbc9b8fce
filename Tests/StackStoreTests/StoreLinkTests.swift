import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// Every question and answer read from the store carries its link, imported ones included (a dump has none).
final class StoreLinkTests: StoreTestCase {
    func testImportedPostsGetTheirSitesShortLinks() throws {
        let store = try importedStore("cardano", "conlang.meta")
        let thread = try XCTUnwrap(try store.thread(site: "cardano", questionID: 4792), "the issue's thread")
        XCTAssertEqual(thread.thread.question.link, "https://cardano.stackexchange.com/q/4792")
        XCTAssertFalse(thread.thread.answers.isEmpty)
        for answer in thread.thread.answers {
            XCTAssertEqual(answer.link, "https://cardano.stackexchange.com/a/\(answer.answerID)")
        }
        for stored in try store.questions(site: "conlang.meta", sort: .votes, tags: [], limit: 5) {
            XCTAssertEqual(stored.question.link, "https://conlang.meta.stackexchange.com/q/\(stored.question.questionID)")
        }
        let byID = try store.questions(site: "cardano", ids: [4792])
        XCTAssertEqual(byID.first?.question.link, "https://cardano.stackexchange.com/q/4792")
    }

    func testAStoredSiteURLIsPreferredAndAnAPILinkIsKept() throws {
        let store = try openStore()
        var asked = question(3, "Asked", body: "<p>x</p>")
        asked.answers = [Answer(answerID: 4, questionID: 3, creationDate: date(5), body: "<p>y</p>")]
        var linked = question(9, "Linked")
        linked.link = "https://coffee.stackexchange.com/questions/9/linked"
        try store.save(questions: [asked, linked], site: "coffee")
        XCTAssertEqual(try store.thread(site: "coffee", questionID: 3)?.thread.question.link, "https://coffee.stackexchange.com/q/3")
        try store.save(sites: [Site(name: "Coffee", apiSiteParameter: "coffee", siteURL: "https://coffee.example.org/")])
        let thread = try XCTUnwrap(try store.thread(site: "coffee", questionID: 3))
        XCTAssertEqual(thread.thread.question.link, "https://coffee.example.org/q/3")
        XCTAssertEqual(thread.thread.answers.map(\.link), ["https://coffee.example.org/a/4"])
        XCTAssertEqual(try store.thread(site: "coffee", questionID: 9)?.thread.question.link,
                       "https://coffee.stackexchange.com/questions/9/linked")
    }
}
