import Foundation
import TestSupport
import XCTest
@testable import StackStore

/// A list's tag filter reaches a search as a value (`searchPage(_:tagged:…)`), answering as the same tags typed as
/// `tag:` words — never written into the text and parsed again.
final class StoreSearchTaggedTests: StoreTestCase {
    func testTagsPassedBesideTheWordsFilterAsTypedTagWordsDo() throws {
        guard let beer = SharedData.path("dumps/beer") else { throw XCTSkip("SKIPPED: shared data dumps not found (set STACKTERM_DATA)") }
        let store = try openStore()
        try store.importDump(folder: beer, site: "beer")
        let typed = try store.searchPage("ale tag:yeast", site: "beer", sort: .relevance, limit: 50).hits.map(\.questionID)
        let passed = try store.searchPage("ale", tagged: ["Yeast"], site: "beer", sort: .relevance, limit: 50).hits.map(\.questionID)
        let unfiltered = try store.searchPage("ale", site: "beer", sort: .relevance, limit: 50).hits.map(\.questionID)
        XCTAssertFalse(passed.isEmpty)
        XCTAssertEqual(passed, typed)
        XCTAssertNotEqual(passed, unfiltered, "the tag filters")
        let both = try store.searchPage("ale tag:yeast", tagged: ["yeast"], site: "beer", sort: .relevance, limit: 50)
        XCTAssertEqual(both.hits.map(\.questionID), typed, "a tag both typed and passed filters once")
    }
}
