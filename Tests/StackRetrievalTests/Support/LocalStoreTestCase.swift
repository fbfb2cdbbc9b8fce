import Foundation
import StackRetrieval
import StackStore
import TestSupport
import XCTest

/// Base for tests of `LocalDataManager` on a store of its own in a temporary folder, new for each test.
class LocalStoreTestCase: XCTestCase {
    var directory: TemporaryDirectory!
    var store: Store!
    var local: LocalDataManager!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
        store = try Store(fileURL: directory.url.appendingPathComponent("store.sqlite"))
        local = LocalDataManager(store: store)
    }

    override func tearDown() {
        local = nil
        store = nil
        directory?.remove()
    }
}
