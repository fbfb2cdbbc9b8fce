import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// A fresh folder under the system's temporary directory, removed with everything in it when the test ends.
    func temporaryFolder(_ prefix: String) throws -> URL {
        let folder = try TemporaryDirectory(prefix)
        addTeardownBlock { folder.remove() }
        return folder.url
    }
}
