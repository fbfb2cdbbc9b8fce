import XCTest

final class StackDoubleTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
