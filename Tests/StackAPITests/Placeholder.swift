import XCTest
import TestSupport

final class StackAPITestsPlaceholder: XCTestCase {
    func testBuildProductsAreFound() throws {
        let double = BuildProducts.executable("stackexchange-double")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: double.path), double.path)
        XCTAssertNotNil(SharedData.root)
    }
}
