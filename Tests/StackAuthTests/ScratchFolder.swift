import Foundation

/// A fresh folder under the system's temporary directory for one test, removed with everything in it.
/// (StackAuthTests depends on StackAuth alone, like TeXMathTests, so it does not use TestSupport's TemporaryDirectory.)
struct ScratchFolder {
    let url: URL

    /// Creates `stackauth-tests-<UUID>`.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stackauth-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The folder's path.
    var path: String { url.path }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the folder and everything in it, making its folders writable first.
    func remove() {
        if let names = FileManager.default.enumerator(atPath: path) {
            for case let name as String in names { chmod(self.path(name), 0o700) }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
