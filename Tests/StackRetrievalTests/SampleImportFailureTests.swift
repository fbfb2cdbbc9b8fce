import Foundation
import StackAPI
import StackRetrieval
import StackStore
import XCTest

/// Issue 32: a sample archive that cannot be imported is named with what is wrong with it — it was reported as the
/// local store failing ("the local store failed: …").
final class SampleImportFailureTests: LocalStoreTestCase {
    func testADamagedSampleArchiveIsNamedWithWhyNotTheStore() throws {
        let archive = directory.url.appendingPathComponent("cardano.stackexchange.com.7z")
        try Data(repeating: 0x41, count: 4_096).write(to: archive)
        XCTAssertThrowsError(try value("the sample's import") { _ = local.importSample(from: archive, completion: $0) }) { error in
            guard case APIError.offline(let detail) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.hasPrefix("the sample site's archive \(archive.path) cannot be used: not an archive"), detail)
            XCTAssertFalse(detail.contains("the local store failed"), detail)
        }
        XCTAssertEqual(try store.questionCount(site: SampleSite.site), 0)
    }
}
