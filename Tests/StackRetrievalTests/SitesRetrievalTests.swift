import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// The site picker's list over real HTTP against the double, through a disk cache in a temporary folder.
final class SitesRetrievalTests: RetrievalTestCase {
    private let clock = ManualWallClock()
    private var directory: TemporaryDirectory!

    override func setUp() async throws {
        try await super.setUp()
        directory = try TemporaryDirectory()
        retrieval = makeRetrieval(sitesCache: sitesCache())
    }

    override func tearDown() async throws {
        try await super.tearDown()
        directory?.remove()
    }

    private func sitesCache(in folder: URL? = nil) -> SitesCache {
        SitesCache(directory: folder ?? directory.url, now: clock.reader)
    }

    /// Calls `retrieveSites` on `retrieval` and waits for the one delivery.
    private func retrieveSites(
        from retrieval: Retrieval? = nil, cachePolicy: CachePolicy = .useCache, pageSize: Int = 100
    ) -> Result<SiteList, APIError>? {
        let deliveries = Deliveries<SiteList>()
        (retrieval ?? self.retrieval).retrieveSites(
            cachePolicy: cachePolicy, pageSize: pageSize, completion: deliveries.completion)
        waitUntil("sites delivered") { deliveries.count == 1 }
        drainMainQueue(for: 0.05)
        XCTAssertEqual(deliveries.count, 1, "delivered exactly once")
        return deliveries.last
    }

    private var dumpSites: [String] {
        SharedData.dumpFolders.map(\.lastPathComponent).sorted()
    }

    func testFirstCallFetchesAndAFreshCacheAnswersWithoutARequest() throws {
        let first = try XCTUnwrap(retrieveSites()).get()
        XCTAssertEqual(first.sites.map(\.apiSiteParameter).sorted(), dumpSites)
        XCTAssertFalse(first.isStale)
        XCTAssertFalse(first.isTruncated)
        XCTAssertEqual(first.fetchedAt, clock.now)
        XCTAssertNotNil(first.quotaRemaining)
        XCTAssertEqual(try logged("/sites").count, 1)
        XCTAssertEqual(try directory.fileNames(), ["sites.json"])

        try double.clearRequestLog()
        clock.advance(by: 6 * 24 * 3_600)
        // A new `Retrieval` (a new start of the program): only the disk can answer.
        let second = try XCTUnwrap(retrieveSites(from: makeRetrieval(sitesCache: sitesCache()))).get()
        XCTAssertEqual(second.sites, first.sites)
        XCTAssertEqual(second.fetchedAt, first.fetchedAt)
        XCTAssertFalse(second.isStale)
        XCTAssertEqual(try double.requestLog(), [], "a fresh cache costs no request")
    }

    func testAnExpiredCacheIsRefetched() throws {
        _ = try XCTUnwrap(retrieveSites()).get()
        try double.clearRequestLog()
        clock.advance(by: SitesCache.defaultMaxAge + 1)
        let refreshed = try XCTUnwrap(retrieveSites()).get()
        XCTAssertEqual(try logged("/sites").count, 1)
        XCTAssertEqual(refreshed.fetchedAt, clock.now, "the file now holds the new list")
        XCTAssertFalse(refreshed.isStale)
        guard case .fresh = sitesCache().lookup(apiRoot: double.baseURL.absoluteString) else {
            return XCTFail("the refetched list was saved")
        }
    }

    func testReloadFetchesEvenWhenTheCacheIsFresh() throws {
        _ = try XCTUnwrap(retrieveSites()).get()
        try double.clearRequestLog()
        _ = try XCTUnwrap(retrieveSites(cachePolicy: .reload)).get()
        XCTAssertEqual(try logged("/sites").count, 1)
    }

    func testACorruptCacheFileIsRefetchedAndReplaced() throws {
        let file = try XCTUnwrap(sitesCache().fileURL)
        try Data("{\"format\":1,\"sites\":[{\"na".utf8).write(to: file)
        let list = try XCTUnwrap(retrieveSites()).get()
        XCTAssertEqual(list.sites.map(\.apiSiteParameter).sorted(), dumpSites)
        XCTAssertEqual(try logged("/sites").count, 1)
        guard case .fresh(let saved) = sitesCache().lookup(apiRoot: double.baseURL.absoluteString) else {
            return XCTFail("the corrupt file was replaced by the fetched list")
        }
        XCTAssertEqual(saved.sites, list.sites)
    }

    func testPagesAreFollowedWhileTheAPISaysHasMore() throws {
        let list = try XCTUnwrap(retrieveSites(pageSize: 2)).get()
        XCTAssertEqual(list.sites.map(\.apiSiteParameter).sorted(), dumpSites)
        let pages = try logged("/sites").map { line in
            URLComponents(string: String(line.drop { $0 != "/" }))?.queryItems?.first { $0.name == "page" }?.value
        }
        let pageCount = (dumpSites.count + 1) / 2
        XCTAssertEqual(pages, (1...pageCount).map(String.init), "pages of 2 in order, each once, none past the last")
    }

    func testAnEndlessSiteListStopsAtTheMaximumPages() throws {
        // Every page says has_more (the first page again): without the cap the load would never end.
        try double.setFaults("repeat_pages=1&path=/sites")
        let list = try XCTUnwrap(retrieveSites()).get()
        XCTAssertEqual(try logged("/sites").count, SitesOperation.maximumPages)
        XCTAssertTrue(list.isTruncated, "a list cut at the cap says so")
        XCTAssertEqual(list.sites.count, SitesOperation.maximumPages * dumpSites.count)
    }

    func testOfflineWithAnExpiredCacheDeliversTheStaleList() throws {
        let fetched = try XCTUnwrap(retrieveSites()).get()
        let offlineRoot = try closedPortURL()
        try sitesCache().save(fetched, apiRoot: offlineRoot.absoluteString)
        clock.advance(by: 30 * 24 * 3_600)
        let offline = Retrieval(factory: RequestFactory(baseURL: offlineRoot), sitesCache: sitesCache())
        let stale = try XCTUnwrap(retrieveSites(from: offline)).get()
        XCTAssertTrue(stale.isStale)
        guard case .offline = stale.refreshError else {
            return XCTFail("the reason is the unreachable host, got \(String(describing: stale.refreshError))")
        }
        XCTAssertEqual(stale.sites, fetched.sites)
        XCTAssertEqual(stale.fetchedAt, fetched.fetchedAt, "says how old the list is")
    }

    func testOfflineWithoutACacheIsOffline() throws {
        let offline = Retrieval(factory: RequestFactory(baseURL: try closedPortURL()), sitesCache: sitesCache())
        guard case .failure(.offline) = try XCTUnwrap(retrieveSites(from: offline)) else {
            return XCTFail("expected .offline")
        }
        XCTAssertEqual(try directory.fileNames(), [], "nothing written")
    }

    func testAnAPIErrorWithoutACacheIsDelivered() throws {
        try double.setFaults("status=500&count=1")
        XCTAssertEqual(retrieveSites().flatMap { result -> APIError? in
            if case .failure(let error) = result { return error }
            return nil
        }, .httpStatus(500))
    }

    func testAnUnwritableCacheFolderStillDeliversTheFetchedList() throws {
        let file = directory.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let blocked = makeRetrieval(sitesCache: sitesCache(in: file.appendingPathComponent("stackterm")))
        let list = try XCTUnwrap(retrieveSites(from: blocked)).get()
        XCTAssertEqual(list.sites.count, dumpSites.count)
    }

    func testCancellingBeforeTheDiskAnswersDeliversNothing() throws {
        _ = try XCTUnwrap(retrieveSites()).get()
        let deliveries = Deliveries<SiteList>()
        for _ in 0..<10 {
            retrieval.retrieveSites(completion: deliveries.completion).cancel()
        }
        waitUntil("queues empty") { retrieval.operationCount == 0 }
        drainMainQueue()
        XCTAssertEqual(deliveries.count, 0)
    }
}
