import XCTest

final class StackDumpTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
