import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// The sites the store holds, for the site picker offline.
final class StoreHeldSitesTests: StoreTestCase {
    func testImportedAndCachedSitesAreListedByNameWithTheirCounts() throws {
        let store = try importedStore("coffee", "conlang.meta")
        try store.save(questions: [question(1, "Cached one"), question(2, "Cached two")], site: "beer")
        try store.recordQuota(site: "empty", remaining: 10, max: 300)
        try store.save(sites: [Site(name: "Zymurgy & Beer", apiSiteParameter: "beer", siteURL: "https://beer.stackexchange.com")])

        let held = try store.heldSites()
        XCTAssertEqual(held.map(\.apiName), ["coffee", "conlang.meta", "beer"], "by name, the api name where none is known")
        XCTAssertEqual(held.map(\.questionCount), [225, 54, 2], "the dumps' question counts (data README)")
        XCTAssertEqual(held.map(\.isImported), [true, true, false])
        XCTAssertEqual(held.last?.name, "Zymurgy & Beer")
        XCTAssertEqual(held.last?.siteURL, "https://beer.stackexchange.com")
        XCTAssertNil(held.first?.name)
        XCTAssertFalse(held.contains { $0.apiName == "empty" }, "a site without questions is not held")
    }

    func testAnEmptyStoreHoldsNoSiteAndListingThemAddsNoSite() throws {
        let store = try openStore()
        XCTAssertEqual(try store.heldSites(), [])
        try store.save(questions: [question(1, "One")], site: "beer")
        XCTAssertEqual(try store.heldSites().map(\.apiName), ["beer"])
        let sites = try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM site") }
        XCTAssertEqual(sites, 1)
    }
}
