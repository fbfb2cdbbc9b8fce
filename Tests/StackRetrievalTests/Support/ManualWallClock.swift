import Foundation
import NIOConcurrencyHelpers

/// A fresh directory under the system's temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("stackterm-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The names of the files inside, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A wall clock that moves only when the test says so (for the sites cache's expiry).
final class ManualWallClock: Sendable {
    private let date = NIOLockedValueBox(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { date.withLockedValue { $0 } }

    /// `now` as the closure `SitesCache` takes.
    var reader: @Sendable () -> Date { { [self] in now } }

    func advance(by interval: TimeInterval) {
        date.withLockedValue { $0 += interval }
    }
}
