import Foundation
import StackAPI
import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// The site picker's list over real HTTP against the double, kept in a store of its own in a temporary folder.
final class SitesRetrievalTests: RetrievalTestCase {
    private var directory: TemporaryDirectory!
    private var local: LocalDataManager!

    override func setUp() async throws {
        try await super.setUp()
        directory = try TemporaryDirectory()
        local = LocalDataManager(store: try Store(fileURL: directory.url.appendingPathComponent("store.sqlite")))
    }

    override func tearDown() async throws {
        local = nil
        directory?.remove()
        try await super.tearDown()
    }

    /// Loads the site list through `retrieval`'s loader over this test's store and waits for the one delivery.
    private func loadSites(from retrieval: Retrieval? = nil, mode: LoadMode = .preferFresh) -> Result<Loaded<SiteList>, APIError>? {
        let deliveries = Deliveries<Loaded<SiteList>>()
        (retrieval ?? self.retrieval).loader(local: local).sites(mode: mode, completion: deliveries.completion)
        waitUntil("sites delivered") { deliveries.count == 1 }
        drainMainQueue(for: 0.05)
        XCTAssertEqual(deliveries.count, 1, "delivered exactly once")
        local.flush()
        return deliveries.last
    }

    /// Every site `pageSize` at a time, as the site list's request collects them.
    private func collectSites(pageSize: Int) -> Result<CollectedPages<Site>, APIError>? {
        let deliveries = Deliveries<CollectedPages<Site>>()
        retrieval.collectSites(pageSize: pageSize, completion: deliveries.completion)
        waitUntil("sites collected") { deliveries.count == 1 }
        return deliveries.last
    }

    private var dumpSites: [String] {
        SharedData.dumpFolders.map(\.lastPathComponent).sorted()
    }

    private func offlineRetrieval() throws -> Retrieval {
        Retrieval(factory: RequestFactory(baseURL: try closedPortURL()))
    }

    func testTheFetchedListIsKeptSoTheNextStartAsksNothingForAWeek() throws {
        let first = try XCTUnwrap(loadSites()).get()
        XCTAssertEqual(first.origin, .network)
        XCTAssertEqual(first.value.sites.map(\.apiSiteParameter).sorted(), dumpSites)
        XCTAssertEqual(try logged("/sites").count, 1)
        XCTAssertEqual(try local.store.siteList()?.sites.count, dumpSites.count, "kept in the store")

        try double.clearRequestLog()
        // A new `Retrieval` (a new start of the program): only the store can answer.
        let second = try XCTUnwrap(loadSites(from: makeRetrieval())).get()
        XCTAssertEqual(second.origin, .freshInStore)
        XCTAssertEqual(Set(second.value.sites.map(\.apiSiteParameter)), Set(first.value.sites.map(\.apiSiteParameter)))
        XCTAssertEqual(second.value.sites.first { $0.apiSiteParameter == "conlang.meta" }?.name, "Conlang Meta")
        XCTAssertEqual(second.value.sites.map(\.name), second.value.sites.map(\.name).sorted { $0.lowercased() < $1.lowercased() },
                       "by name")
        XCTAssertEqual(try double.requestLog(), [], "a list kept less than a week ago costs no request")
    }

    func testAListKeptMoreThanAWeekAgoIsFetchedAgain() throws {
        let fetched = try XCTUnwrap(loadSites()).get().value
        try local.store.save(sites: fetched.sites, fetchedAt: Date().addingTimeInterval(-Loader.sitesFreshFor - 60))
        try double.clearRequestLog()
        let again = try XCTUnwrap(loadSites()).get()
        XCTAssertEqual(again.origin, .network)
        XCTAssertEqual(try logged("/sites").count, 1)
        let kept = try XCTUnwrap(local.store.siteList())
        XCTAssertLessThan(-kept.fetchedAt.timeIntervalSinceNow, 60, "the store now holds the new list")
    }

    func testReloadFetchesEvenWhenTheStoreHoldsAFreshList() throws {
        _ = try XCTUnwrap(loadSites()).get()
        try double.clearRequestLog()
        XCTAssertEqual(try XCTUnwrap(loadSites(mode: .reload)).get().origin, .network)
        XCTAssertEqual(try logged("/sites").count, 1)
    }

    func testPagesAreFollowedWhileTheAPISaysHasMore() throws {
        let collected = try XCTUnwrap(collectSites(pageSize: 2)).get()
        XCTAssertEqual(collected.items.map(\.apiSiteParameter).sorted(), dumpSites)
        let pages = try logged("/sites").map { line in
            URLComponents(string: String(line.drop { $0 != "/" }))?.queryItems?.first { $0.name == "page" }?.value
        }
        let pageCount = (dumpSites.count + 1) / 2
        XCTAssertEqual(pages, (1...pageCount).map(String.init), "pages of 2 in order, each once, none past the last")
    }

    func testAnEndlessSiteListStopsAtTheMaximumPages() throws {
        // Every page says has_more (the first page again): without the cap the load would never end.
        try double.setFaults("repeat_pages=1&path=/sites")
        let list = try XCTUnwrap(loadSites()).get().value
        XCTAssertEqual(try logged("/sites").count, 10)
        XCTAssertEqual(list.sites.count, 10 * dumpSites.count)
    }

    func testOfflineTheSitesTheStoreHoldsAnswerMarkedHeld() throws {
        local.keep(questions: [Fixtures.question(id: 7, title: "Kept seven")], site: "cardano")
        local.flush()
        let offline = try XCTUnwrap(loadSites(from: try offlineRetrieval())).get()
        XCTAssertEqual(offline.origin, .storeOffline)
        XCTAssertEqual(offline.value.sites.map(\.apiSiteParameter), ["cardano"])
        XCTAssertEqual(offline.value.held, ["cardano"])
        XCTAssertEqual(try XCTUnwrap(loadSites(mode: .storeOnly)).get().value.sites.map(\.apiSiteParameter), ["cardano"])
    }

    func testOnlineTheSitesTheStoreHoldsAreMarked() throws {
        local.keep(questions: [Fixtures.question(id: 7, title: "Kept seven")], site: "coffee")
        local.flush()
        let list = try XCTUnwrap(loadSites()).get().value
        XCTAssertEqual(list.held, ["coffee"])
        XCTAssertEqual(list.sites.count, dumpSites.count)
    }

    func testOfflineWithAnEmptyStoreSaysSo() throws {
        guard case .failure(.offline(let unreachable)) = try XCTUnwrap(loadSites(from: try offlineRetrieval())) else {
            return XCTFail("expected .offline")
        }
        XCTAssertTrue(unreachable.contains("cannot reach"), "online, the network's reason: \(unreachable)")
        guard case .failure(.offline(let detail)) = try XCTUnwrap(loadSites(mode: .storeOnly)) else { return XCTFail("expected .offline") }
        XCTAssertTrue(detail.contains("stackterm import"), "--offline, the store's: \(detail)")
    }

    func testAnAPIErrorIsDelivered() throws {
        try double.setFaults("status=500&count=1")
        XCTAssertEqual(loadSites().flatMap { result -> APIError? in
            if case .failure(let error) = result { return error }
            return nil
        }, .httpStatus(500))
    }

    func testCancellingBeforeTheStoreAnswersDeliversNothing() throws {
        _ = try XCTUnwrap(loadSites()).get()
        let deliveries = Deliveries<Loaded<SiteList>>()
        let loader = retrieval.loader(local: local)
        for _ in 0..<10 {
            loader.sites(mode: .preferFresh, completion: deliveries.completion).cancel()
        }
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
    }
}
