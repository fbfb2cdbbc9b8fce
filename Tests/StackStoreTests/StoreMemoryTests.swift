import Foundation
import GRDB
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// What the store remembers for the app between runs (migration `v3-app-state`): settings, the site, sort and tags
/// last browsed, list pages as the network sent them (the freshness rule), saved ids, the last quota, and the
/// questions linked with a question in both directions.
final class StoreMemoryTests: StoreTestCase {
    func testTheBrowseSettingsOfEachSiteOutliveTheStore() throws {
        var store = try openStore()
        XCTAssertNil(try store.lastSite())
        XCTAssertEqual(try store.browseMemory(site: "beer"), SiteBrowseMemory())
        try store.rememberBrowse(site: "beer", sort: .votes, tagged: ["ipa", "stout"])
        try store.rememberBrowse(site: "coffee", sort: .creation, tagged: [])
        store = try openStore()
        XCTAssertEqual(try store.lastSite(), "coffee")
        XCTAssertEqual(try store.browseMemory(site: "beer"), SiteBrowseMemory(sort: .votes, tagged: ["ipa", "stout"]))
        XCTAssertEqual(try store.browseMemory(site: "coffee"), SiteBrowseMemory(sort: .creation, tagged: []))
        try store.setSettings(["browse/beer/sort": "sideways"])
        XCTAssertNil(try store.browseMemory(site: "beer").sort, "a sort this build does not know is not restored")
        try store.setSettings(["browse/last_site": nil])
        XCTAssertNil(try store.lastSite())
    }

    func testAListPageComesBackInTheNetworksOrderOnlyWhileFreshAndWhole() throws {
        let store = try openStore()
        try store.save(questions: [question(3, "Three", body: "<p>3</p>"), question(1, "One"), question(2, "Two")], site: "beer")
        try store.recordQuota(site: "beer", remaining: 280, max: 300)
        try store.recordListPage(key: "beer/questions/hot//30/1", ids: [2, 3, 1], hasMore: true, at: date(1_000))
        let page = try XCTUnwrap(try store.listPage(key: "beer/questions/hot//30/1", site: "beer", fetchedSince: date(900)))
        XCTAssertEqual(page.questions.map(\.question.questionID), [2, 3, 1])
        XCTAssertEqual(page.questions[1].question.body, "<p>3</p>")
        XCTAssertTrue(page.hasMore)
        XCTAssertEqual(page.fetchedAt, date(1_000))
        XCTAssertNil(try store.listPage(key: "beer/questions/hot//30/1", site: "beer", fetchedSince: date(1_001)), "too old")
        XCTAssertNil(try store.listPage(key: "beer/questions/hot//30/2", site: "beer", fetchedSince: date(0)), "never fetched")
        XCTAssertEqual(try store.quota(site: "beer")?.remaining, 280)

        try store.recordListPage(key: "beer/questions/hot//30/1", ids: [2, 3, 99], hasMore: false, at: date(1_000))
        XCTAssertNil(try store.listPage(key: "beer/questions/hot//30/1", site: "beer", fetchedSince: date(0)),
                     "a page whose question is gone (evicted) is asked for again")
        _ = try store.forget(site: "beer")
        let pages = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM list_page") }
        XCTAssertEqual(pages, 0, "forgetting a site forgets its pages")
    }

    func testQuestionsLiveBroughtOutdateTheSitesListPagesButNotItsSearches() throws {
        let store = try openStore()
        try store.save(questions: [question(1, "One"), question(2, "Two")], site: "beer")
        try store.save(questions: [question(1, "Coffee one")], site: "coffee")
        let keys = ["beer/questions/activity//30/1", "beer/questions/creation/ipa/30/1", "beer/search/hops/relevance//30/1"]
        for key in keys { try store.recordListPage(key: key, ids: [2, 1], hasMore: true, at: date(1_000)) }
        try store.recordListPage(key: "coffee/questions/activity//30/1", ids: [1], hasMore: false, at: date(1_000))
        try store.recordListPage(key: "beer2/questions/activity//30/1", ids: [], hasMore: false, at: date(1_000))
        try store.keep(liveQuestions: [], site: "beer", at: date(1_010))
        XCTAssertNotNil(try store.listPage(key: keys[0], site: "beer", fetchedSince: date(900)), "nothing arrived: still fresh")

        try store.keep(liveQuestions: [question(3, "Three, arrived live")], site: "beer", at: date(1_010))
        XCTAssertNil(try store.listPage(key: keys[0], site: "beer", fetchedSince: date(900)),
                     "the page the network sent before question 3 arrived does not hold it: not fresh")
        XCTAssertNil(try store.listPage(key: keys[1], site: "beer", fetchedSince: date(900)))
        XCTAssertNotNil(try store.listPage(key: keys[2], site: "beer", fetchedSince: date(900)), "a search is not live's")
        XCTAssertNotNil(try store.listPage(key: "coffee/questions/activity//30/1", site: "coffee", fetchedSince: date(900)))
        XCTAssertNotNil(try store.listPage(key: "beer2/questions/activity//30/1", site: "beer2", fetchedSince: date(900)))
        XCTAssertEqual(try store.questions(site: "beer", ids: [3]).first?.question.title, "Three, arrived live")
    }

    func testSavedIdsAreTheSitesOwn() throws {
        let store = try openStore()
        try store.save(questions: [question(1, "One"), question(2, "Two")], site: "beer")
        try store.save(questions: [question(1, "Coffee one")], site: "coffee")
        try store.setSaved(true, site: "beer", questionID: 2)
        try store.setSaved(true, site: "coffee", questionID: 1)
        XCTAssertEqual(try store.savedIDs(site: "beer"), [2])
        XCTAssertTrue(try store.isSaved(site: "beer", questionID: 2))
        XCTAssertFalse(try store.isSaved(site: "beer", questionID: 1))
        XCTAssertEqual(try store.savedIDs(site: "nowhere"), [])
    }

    func testLinkedQuestionsOfARealDumpComeBothWaysOnceEach() throws {
        guard let folder = SharedData.path("dumps/cardano") else { throw XCTSkip("SKIPPED: no shared data") }
        let store = try openStore()
        try store.importDump(folder: folder, site: "cardano")
        // PostLinks.xml: 329 → 330 as both linked (1) and duplicate (3), 575 → 330 linked; 71 ↔ 77 linked both ways.
        XCTAssertEqual(try store.linkedQuestions(site: "cardano", questionID: 329),
                       [LinkedQuestion(questionID: 330, title: "Ways to burn tokens?", relation: .duplicateOf)])
        XCTAssertEqual(try store.linkedQuestions(site: "cardano", questionID: 330),
                       [LinkedQuestion(questionID: 329, title: "Burning tokens after the 'before' time slot?", relation: .duplicatedBy),
                        LinkedQuestion(questionID: 575, title: "Will there be token burn at any point in time in future?", relation: .linked)])
        XCTAssertEqual(try store.linkedQuestions(site: "cardano", questionID: 77).map(\.questionID), [71])
        XCTAssertEqual(try store.linkedQuestions(site: "cardano", questionID: 77).map(\.relation), [.linked])
        XCTAssertEqual(try store.linkedQuestions(site: "cardano", questionID: 2), [])
        XCTAssertEqual(try store.linkedQuestions(site: "nowhere", questionID: 329), [])
    }
}
