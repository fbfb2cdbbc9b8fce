import TestSupport
import XCTest

/// A test case with a dedicated double whose socket sends a heartbeat every 0.3 s (the live source's tests).
class LiveDoubleTestCase: XCTestCase {
    var double: DoubleProcess!

    override func setUpWithError() throws {
        if let reason = DoubleFixture.skipReason { throw XCTSkip(reason) }
        double = try DoubleFixture.dedicated(arguments: ["--live-heartbeat", "0.3"])
    }

    override func tearDown() {
        double?.stop()
        double = nil
    }
}
