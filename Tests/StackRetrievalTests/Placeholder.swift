import XCTest

final class StackRetrievalTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
