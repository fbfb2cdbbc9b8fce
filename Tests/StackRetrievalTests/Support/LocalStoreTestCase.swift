import Foundation
@testable import StackRetrieval
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

    /// The value `start` delivers through the completion it is given (waiting for it on the main run loop).
    func value<Value>(_ what: String, _ start: (@escaping RetrievalCompletion<Value>) -> Void) throws -> Value {
        let deliveries = Deliveries<Value>()
        start(deliveries.completion)
        waitUntil(what) { deliveries.count == 1 }
        return try XCTUnwrap(deliveries.last).get()
    }

    /// Holds `local`'s write line until the returned semaphore is signalled (30 s at most, so a wrong test cannot
    /// hang); returns once the holding job runs, so a user write asked for after it cannot pass it.
    static func holdWriteLine(of local: LocalDataManager) -> DispatchSemaphore {
        let release = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        local.write { _ in
            holding.signal()
            _ = release.wait(timeout: .now() + 30)
        }
        holding.wait()
        return release
    }

    override func tearDown() {
        local = nil
        store = nil
        directory?.remove()
    }
}
