import Foundation
import StackDump
import StackStore
import TestSupport

/// The store's import against the Python reference (`Benchmarks/reference_import.py`) on the same Posts.xml, in
/// the same run: `STACKTERM_BENCH_RUNS` pairs (default 1), which of the two goes first alternating, since other
/// engineers' builds on the 2 cores move wall time from one minute to the next. Each pair is printed with the load
/// average and CPU seconds; the goals are checked on the medians.
enum StoreImportBenchmark {
    private struct Timing {
        var seconds: Double
        var cpu: Double
        var rate: Double
    }

    static var runs: Int {
        max(1, ProcessInfo.processInfo.environment["STACKTERM_BENCH_RUNS"].flatMap { Int($0) } ?? 1)
    }

    /// Runs the pairs; returns the store the last of our imports made.
    static func compare(folder: URL, xml: URL, storeFile: URL, count: Int) throws -> Store {
        var ours: [Timing] = []
        var python: [Timing] = []
        var store: Store?
        // The first import's: later runs in the same process add what the allocator kept from earlier ones.
        var peak = 0.0
        for run in 1...runs {
            let load = StoreBenchmarks.loadAverage()
            let pythonFirst = run % 2 == 0
            if pythonFirst { python.append(try pythonImport(xml: xml, count: count)) }
            let (timing, imported, summary) = try ourImport(folder: folder, storeFile: storeFile, count: count)
            ours.append(timing)
            store = imported
            if run == 1 { peak = StoreBenchmarks.peakResidentMiB() }
            if !pythonFirst { python.append(try pythonImport(xml: xml, count: count)) }
            let pair = (ours: ours[run - 1], python: python[run - 1])
            report("import run \(run) of \(runs) (load \(load), \(pythonFirst ? "Python first" : "stackterm first"))", String(
                format: "stackterm %.0f posts/s (%.1f s wall, %.1f s CPU: reading thread %.1f s, writing thread %.1f s "
                    + "+ %.1f s closing merge; body index left in %d segments), Python %.0f posts/s (%.1f s wall, %.1f s CPU); "
                    + "%.2f× wall, %.2f× CPU",
                pair.ours.rate, pair.ours.seconds, pair.ours.cpu, summary.readerCPUSeconds, summary.writerCPUSeconds,
                summary.finishSeconds, summary.bodyIndexSegments, pair.python.rate, pair.python.seconds, pair.python.cpu,
                pair.ours.rate / pair.python.rate, pair.python.cpu / pair.ours.cpu))
        }
        let rate = median(ours.map(\.rate))
        report("store import (\(count) posts, full-text index included, median of \(runs))",
               String(format: "%.0f posts/s, peak RSS %.0f MiB (first import)", rate, peak),
               goal: "≥ 15,000 posts/s, RSS ≤ 150 MiB", met: rate >= 15_000 && peak <= 150)
        let ratios = zip(ours, python).map { $0.rate / $1.rate }
        let cpuRatios = zip(ours, python).map { $1.cpu / $0.cpu }
        report("store import vs Python reference (same file, same runs, median of \(runs))",
               String(format: "Python %.0f posts/s; ratio %.2f× wall, %.2f× CPU", median(python.map(\.rate)),
                      median(ratios), median(cpuRatios)),
               goal: "≥ 2.5×", met: median(ratios) >= 2.5)
        guard let store else { throw BenchError.failed("no import ran") }
        return store
    }

    private static func ourImport(folder: URL, storeFile: URL, count: Int) throws -> (Timing, Store, ImportSummary) {
        try? FileManager.default.removeItem(at: storeFile.deletingLastPathComponent())
        let cpuBefore = StoreBenchmarks.cpuSeconds(RUSAGE_SELF)
        let start = Measure.now()
        let store = try Store(fileURL: storeFile)
        let summary = try store.importDump(folder: folder, site: "bench")
        let seconds = Measure.now() - start
        let cpu = StoreBenchmarks.cpuSeconds(RUSAGE_SELF) - cpuBefore
        return (Timing(seconds: seconds, cpu: cpu, rate: Double(count) / seconds), store, summary)
    }

    private static func pythonImport(xml: URL, count: Int) throws -> Timing {
        let script = SharedData.packageRoot.appendingPathComponent("Benchmarks/reference_import.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, xml.path, xml.deletingLastPathComponent().path + "-python.sqlite"]
        process.standardOutput = FileHandle.nullDevice
        let cpuBefore = StoreBenchmarks.cpuSeconds(RUSAGE_CHILDREN)
        let start = Measure.now()
        try process.run()
        process.waitUntilExit()
        let seconds = Measure.now() - start
        guard process.terminationStatus == 0 else {
            throw BenchError.failed("reference_import.py exited with \(process.terminationStatus)")
        }
        let cpu = StoreBenchmarks.cpuSeconds(RUSAGE_CHILDREN) - cpuBefore
        return Timing(seconds: seconds, cpu: cpu, rate: Double(count) / seconds)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
