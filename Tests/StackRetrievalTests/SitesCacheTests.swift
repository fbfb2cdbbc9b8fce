import Foundation
import StackAPI
import StackRetrieval
import TestSupport
import XCTest

/// The sites list on disk: where it lives, freshness on an injected clock, corrupt files, atomic writes.
final class SitesCacheTests: XCTestCase {
    private let root = "http://127.0.0.1:1/2.3"
    private let clock = ManualWallClock()
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
    }

    private var cache: SitesCache {
        SitesCache(directory: directory.url, maxAge: SitesCache.defaultMaxAge, now: clock.reader)
    }

    private let sites = [
        Site(name: "Cardano & Friends", apiSiteParameter: "cardano", siteURL: "https://cardano.stackexchange.com",
             launchDate: Date(timeIntervalSince1970: 1_600_000_000), aliases: ["https://ada.example"]),
        Site(name: "Beer, Wine & Spirits", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com"),
    ]

    func testDefaultDirectoryFollowsXDGThenHome() {
        XCTAssertEqual(SitesCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.path,
                       "/x/cache/stackterm")
        XCTAssertEqual(SitesCache.defaultDirectory(environment: ["HOME": "/home/u"])?.path, "/home/u/.cache/stackterm")
        XCTAssertEqual(SitesCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.path,
                       "/home/u/.cache/stackterm", "a relative XDG_CACHE_HOME is ignored, as the spec says")
        XCTAssertNil(SitesCache.notice(environment: ["HOME": "/home/u"]))
        XCTAssertEqual(cache.fileURL?.lastPathComponent, "sites.json")
    }

    func testARelativeOrMissingHomeGivesNoDirectoryAndANotice() throws {
        for environment in [["HOME": "relative"], ["HOME": "", "XDG_CACHE_HOME": "cache"], [:]] {
            XCTAssertNil(SitesCache.defaultDirectory(environment: environment), "\(environment)")
        }
        XCTAssertEqual(SitesCache.notice(environment: ["HOME": "relative"]),
                       "HOME is not an absolute path (nor XDG_CACHE_HOME) — the sites list is not cached on disk")
        XCTAssertEqual(SitesCache.notice(environment: [:]),
                       "HOME is not set (nor XDG_CACHE_HOME) — the sites list is not cached on disk")
        // Without a directory nothing is written anywhere, and every lookup is absent.
        let homeless = SitesCache(directory: nil, now: clock.reader)
        let before = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        try homeless.save(SiteList(sites: sites, fetchedAt: clock.now), apiRoot: root)
        XCTAssertEqual(homeless.lookup(apiRoot: root), .absent)
        XCTAssertNil(homeless.fileURL)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath), before)
    }

    func testNoFileIsAbsent() {
        XCTAssertEqual(cache.lookup(apiRoot: root), .absent)
    }

    func testASavedListIsFreshForAWeekThenExpired() throws {
        try cache.save(SiteList(sites: sites, fetchedAt: clock.now), apiRoot: root)
        guard case .fresh(let list) = cache.lookup(apiRoot: root) else { return XCTFail("expected a fresh list") }
        XCTAssertEqual(list.sites, sites, "names, dates and aliases survive the round trip")
        XCTAssertEqual(list.fetchedAt, clock.now)
        XCTAssertFalse(list.isStale)

        clock.advance(by: SitesCache.defaultMaxAge - 1)
        guard case .fresh = cache.lookup(apiRoot: root) else { return XCTFail("still fresh a second before a week") }
        clock.advance(by: 1)
        XCTAssertEqual(cache.lookup(apiRoot: root), .expired(SiteList(sites: sites, fetchedAt: clock.now - SitesCache.defaultMaxAge)))
    }

    func testAListDatedInTheFutureCountsAsExpired() throws {
        try cache.save(SiteList(sites: sites, fetchedAt: clock.now + 3_600), apiRoot: root)
        guard case .expired = cache.lookup(apiRoot: root) else { return XCTFail("a clock set back must not keep it fresh forever") }
    }

    func testAListFromAnotherAPIRootIsAbsent() throws {
        try cache.save(SiteList(sites: sites, fetchedAt: clock.now), apiRoot: "https://api.stackexchange.com/2.3")
        XCTAssertEqual(cache.lookup(apiRoot: root), .absent, "the double's sites are not the network's")
    }

    func testCorruptOrForeignFilesAreAbsentNotCrashes() throws {
        let contents = ["", "{", "not json at all", "{\"format\":1}", "[1,2,3]",
                        "{\"format\":99,\"api_root\":\"\(root)\",\"fetched_at\":1,\"sites\":[]}",
                        "{\"format\":1,\"api_root\":\"\(root)\",\"fetched_at\":1,\"sites\":[{\"name\":3}]}"]
        for text in contents {
            try Data(text.utf8).write(to: XCTUnwrap(cache.fileURL))
            XCTAssertEqual(cache.lookup(apiRoot: root), .absent, "file: \(text)")
        }
        try Data([0xff, 0xfe, 0x00, 0x01]).write(to: XCTUnwrap(cache.fileURL))
        XCTAssertEqual(cache.lookup(apiRoot: root), .absent, "binary garbage")
    }

    func testSaveReplacesACorruptFileAtomicallyAndLeavesNoTemporaryFiles() throws {
        try Data("garbage".utf8).write(to: XCTUnwrap(cache.fileURL))
        try cache.save(SiteList(sites: sites, fetchedAt: clock.now), apiRoot: root)
        XCTAssertEqual(try directory.fileNames(), ["sites.json"])
        guard case .fresh = cache.lookup(apiRoot: root) else { return XCTFail("the new list replaced the garbage") }
    }

    func testSaveCreatesMissingDirectories() throws {
        let nested = SitesCache(directory: directory.url.appendingPathComponent("a/b/stackterm"), now: clock.reader)
        try nested.save(SiteList(sites: sites, fetchedAt: clock.now), apiRoot: root)
        guard case .fresh = nested.lookup(apiRoot: root) else { return XCTFail("saved into the new directories") }
    }

    func testSaveIntoAnUnusableDirectoryThrowsAClearError() throws {
        let file = directory.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let blocked = SitesCache(directory: file.appendingPathComponent("stackterm"), now: clock.reader)
        XCTAssertThrowsError(try blocked.save(SiteList(sites: sites, fetchedAt: clock.now), apiRoot: root))
        XCTAssertEqual(blocked.lookup(apiRoot: root), .absent)
    }
}
