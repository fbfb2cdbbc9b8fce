import Foundation
import StackStore
import TestSupport

/// Issue 10's cold start through the real binary: `stackterm --offline` on the bench store (built by the `store`
/// part, or imported here without the Python comparison) until its first page of titles is drawn.
enum StoreLaunchBenchmark {
    static func offlineLaunch() throws {
        let count = StoreBenchmarks.postCount
        let storeFolder = URL(fileURLWithPath: "/tmp/stackterm-bench-store-\(count)")
        let storeFile = storeFolder.appendingPathComponent(StoreLocation.fileName)
        if !FileManager.default.fileExists(atPath: storeFile.path) {
            let dump = try StoreBenchmarks.makePosts(count: count, in: URL(fileURLWithPath: "/tmp/stackterm-bench-dump-\(count)"))
            let store = try Store(fileURL: storeFile)
            _ = try store.importDump(folder: dump.deletingLastPathComponent(), site: "bench")
            try store.checkpoint()
        }
        let questions = try Store(fileURL: storeFile).questionCount(site: "bench")
        // XDG_DATA_HOME/stackterm must be the store's folder.
        let dataHome = URL(fileURLWithPath: "/tmp/stackterm-bench-xdg-\(count)")
        try? FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        let link = dataHome.appendingPathComponent("stackterm")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil {
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: storeFolder)
        }
        var samples: [Double] = []
        for _ in 0..<10 {
            let start = Measure.now()
            // Port 9 (discard): --offline must never use it.
            let app = try PTYProcess(
                executable: BuildProducts.executable("stackterm"),
                arguments: ["--offline", "--site", "bench", "--page-size", "30", "--api-base-url", "http://127.0.0.1:9/2.3"],
                columns: 100, rows: 30, environment: ["XDG_DATA_HOME": dataHome.path])
            guard app.waitForOutput(containing: "30 questions", timeout: 10) else { throw BenchError.timeout("first titles from the store") }
            samples.append((Measure.now() - start) * 1000)
            app.send("Q")
            _ = app.waitForExit(timeout: 5)
        }
        report("launch → first titles from the store (real binary --offline, pty, \(questions) questions in a \(count)-post store)",
               Measure.summary(samples), goal: "≤ 30 ms", met: Measure.median(samples) <= 30)
    }
}
