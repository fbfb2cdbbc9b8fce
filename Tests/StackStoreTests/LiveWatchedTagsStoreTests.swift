import Foundation
import TestSupport
import XCTest
@testable import StackStore

/// The watched tags `w` leaves (issue 20 part 5) outlive the store: nil until first remembered, then the list as left,
/// an empty one included.
final class LiveWatchedTagsStoreTests: StoreTestCase {
    func testTheWatchedTagsOutliveTheStoreAndAnEmptyListIsKept() throws {
        var store = try openStore()
        XCTAssertNil(try store.rememberedWatchedTags())
        try store.rememberWatchedTags(["plutus", "nft"])
        store = try openStore()
        XCTAssertEqual(try store.rememberedWatchedTags(), ["plutus", "nft"])
        try store.rememberWatchedTags([])
        store = try openStore()
        XCTAssertEqual(try store.rememberedWatchedTags(), [], "all unwatched is remembered, not forgotten")
    }
}
