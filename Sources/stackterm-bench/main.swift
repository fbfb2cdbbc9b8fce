import Foundation
import TestSupport

// stackterm-bench: prints the figures BENCHMARKS.md records. Build and run in release:
//   swift build -c release && .build/release/stackterm-bench [name …]
// With names (e.g. `keyframe body`), only those benchmarks run.
/// The double, started on first use (the pure benchmarks do not need it).
@MainActor
enum SharedDouble {
    private static var started: DoubleProcess?

    static var instance: DoubleProcess {
        get throws {
            if let started { return started }
            let double = try DoubleProcess()
            started = double
            return double
        }
    }

    static func stop() { started?.stop() }
}
let benchmarks: [(name: String, run: @MainActor () throws -> Void)] = [
    ("decode", { try RetrievalBenchmarks.decodePage(double: SharedDouble.instance) }),
    ("cancel", { try RetrievalBenchmarks.cancelAll(double: SharedDouble.instance) }),
    ("requests", { try RetrievalBenchmarks.requestsPerPage(double: SharedDouble.instance) }),
    ("body", { try RenderBenchmarks.longestBody() }),
    ("keyframe", { try RenderBenchmarks.keyToFrame() }),
    ("openbody", { try OpenBodyBenchmarks.openLongBody() }),
    ("launch", { try TerminalBenchmarks.launchToFirstTitles(double: SharedDouble.instance) }),
    ("quit", { try TerminalBenchmarks.quitWithLoadsInFlight(double: SharedDouble.instance) }),
    ("memory", { try TerminalBenchmarks.memoryAfterPaging() }),
    ("search", { try TerminalBenchmarks.searchToResults(double: SharedDouble.instance) }),
    ("session", { try TerminalBenchmarks.requestsPerTypicalSession(double: SharedDouble.instance) }),
    ("waitcpu", { try TrustBenchmarks.cpuWhileWaiting(double: SharedDouble.instance) }),
    ("idle", { try TrustBenchmarks.wakeupsWhenIdle(double: SharedDouble.instance) }),
    ("bomb", { try TrustBenchmarks.gzipBombPeakMemory(double: SharedDouble.instance) }),
    ("deepbody", { try LayoutBenchmarks.deepBody(double: SharedDouble.instance) }),
    ("dumpread", { try DumpBenchmarks.readPosts() }),
    ("highlight", { try HighlightBenchmarks.highlight() }),
    ("store", { try StoreBenchmarks.all() }),
    ("storelaunch", { try StoreLaunchBenchmark.offlineLaunch() }),
]
let chosen = Set(CommandLine.arguments.dropFirst())
let unknown = chosen.subtracting(benchmarks.map(\.name))
guard unknown.isEmpty else {
    report("unknown benchmark", "\(unknown.sorted().joined(separator: ", ")); choose from \(benchmarks.map(\.name).joined(separator: " "))")
    exit(2)
}
report("stackterm-bench", "\(Date()), \(ProcessInfo.processInfo.activeProcessorCount) cores")
var failed = false
for benchmark in benchmarks where chosen.isEmpty || chosen.contains(benchmark.name) {
    do {
        try benchmark.run()
    } catch {
        report("\(benchmark.name) failed", "\(error)")
        failed = true
    }
}
SharedDouble.stop()
exit(failed ? 1 : 0)
