import Foundation
import XCTest

@testable import StackStore

/// The message a recovered store shows: counts in words, plurals spelled (issue 32 item 7: "0 searchs").
final class StoreRecoveryMessageTests: XCTestCase {
    func testCountsAreSpelledWithTheirPlurals() {
        var kept = StoreRecovery.Kept()
        kept.readMarks = 1
        let none = StoreRecovery(movedTo: URL(fileURLWithPath: "/tmp/s.damaged"), reason: "malformed", kept: kept, importedSites: [])
        XCTAssertTrue(none.message.contains("keeping 0 saved questions, 1 read mark, 0 searches, 0 settings"), none.message)
        kept.searches = 1
        let one = StoreRecovery(movedTo: URL(fileURLWithPath: "/tmp/s.damaged"), reason: "malformed", kept: kept, importedSites: [])
        XCTAssertTrue(one.message.contains(", 1 search, "), one.message)
    }
}
