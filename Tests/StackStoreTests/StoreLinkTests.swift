import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// Every question and answer read from the store carries its link as the API writes it, imported ones included (a
/// dump has none).
final class StoreLinkTests: StoreTestCase {
    func testImportedPostsGetTheLinksTheAPIWrites() throws {
        let store = try importedStore("cardano", "conlang.meta")
        let thread = try XCTUnwrap(try store.thread(site: "cardano", questionID: 4792), "the issue's thread")
        XCTAssertEqual(thread.thread.question.link, "https://cardano.stackexchange.com/questions/4792/how-can-i-get-access-to-the-epoch-nonce")
        XCTAssertFalse(thread.thread.answers.isEmpty)
        for answer in thread.thread.answers {
            XCTAssertEqual(answer.link, "https://cardano.stackexchange.com/a/\(answer.answerID)")
        }
        for stored in try store.questions(site: "conlang.meta", sort: .votes, tags: [], limit: 5) {
            XCTAssertEqual(stored.question.link,
                           "https://conlang.meta.stackexchange.com/questions/\(stored.question.questionID)/\(QuestionSlug.make(stored.question.title))")
        }
        // The slug drops what the sites drop (an apostrophe, a slash becomes a dash), as the API's links show.
        let byID = try store.questions(site: "cardano", ids: [185, 99])
        XCTAssertEqual(byID.map(\.question.link), [
            "https://cardano.stackexchange.com/questions/185/whats-the-point-of-new-incoming-addresses-with-the-daedalus-wallet",
            "https://cardano.stackexchange.com/questions/99/i-have-kudos-in-catalyst-ideascale-why-cant-i-give-it",
        ])
    }

    func testAnImportedQuestionsAcceptedAnswerIsAcceptedInItsThreadAndTheFeed() throws {
        let store = try importedStore("cardano")
        let thread = try XCTUnwrap(try store.thread(site: "cardano", questionID: 185))
        XCTAssertEqual(thread.thread.answers.filter(\.isAccepted).map(\.answerID), [199])
        let feed = try store.latestAnswers(site: "cardano", limit: 100)
        let accepted = feed.filter(\.isAccepted)
        XCTAssertFalse(accepted.isEmpty, "the newest 100 answers hold accepted ones")
        let questions = try store.questions(site: "cardano", ids: feed.map(\.questionID))
        let acceptedIDs = Set(questions.compactMap(\.question.acceptedAnswerID))
        XCTAssertEqual(Set(accepted.map(\.answerID)), acceptedIDs.intersection(feed.map(\.answerID)))
    }

    func testTheSlugIsTheSites() {
        XCTAssertEqual(QuestionSlug.make("What's the difference between \"on-chain\" and \"off-chain\"?"),
                       "whats-the-difference-between-on-chain-and-off-chain")
        XCTAssertEqual(QuestionSlug.make("cardano-cli: Network.Socket.connect: <socket: 11>!"), "cardano-cli-network-socket-connect-socket-11")
        XCTAssertEqual(QuestionSlug.make("Café  --  naïve (C#)"), "cafe-naive-c")
        XCTAssertEqual(QuestionSlug.make("日本語"), "question")
        XCTAssertEqual(QuestionSlug.make(String(repeating: "word ", count: 30)).count, 79, "80 at most, no dash at the end")
    }

    func testAStoredSiteURLIsPreferredAndAnAPILinkIsKept() throws {
        let store = try openStore()
        var asked = question(3, "Asked", body: "<p>x</p>")
        asked.answers = [Answer(answerID: 4, questionID: 3, creationDate: date(5), body: "<p>y</p>")]
        var linked = question(9, "Linked")
        linked.link = "https://coffee.stackexchange.com/questions/9/linked"
        try store.save(questions: [asked, linked], site: "coffee")
        XCTAssertEqual(try store.thread(site: "coffee", questionID: 3)?.thread.question.link, "https://coffee.stackexchange.com/questions/3/asked")
        try store.save(sites: [Site(name: "Coffee", apiSiteParameter: "coffee", siteURL: "https://coffee.example.org/")])
        let thread = try XCTUnwrap(try store.thread(site: "coffee", questionID: 3))
        XCTAssertEqual(thread.thread.question.link, "https://coffee.example.org/questions/3/asked")
        XCTAssertEqual(thread.thread.answers.map(\.link), ["https://coffee.example.org/a/4"])
        XCTAssertEqual(try store.thread(site: "coffee", questionID: 9)?.thread.question.link,
                       "https://coffee.stackexchange.com/questions/9/linked")
    }
}
