import Foundation
import TestSupport

// stackterm-bench: prints the figures BENCHMARKS.md records. Build and run in release:
//   swift build -c release && .build/release/stackterm-bench [name …]
// With names (e.g. `keyframe body`), only those benchmarks run.
let double: DoubleProcess
do {
    double = try DoubleProcess()
} catch {
    report("benchmark failed", "cannot start the double: \(error)")
    exit(1)
}
let benchmarks: [(name: String, run: @MainActor () throws -> Void)] = [
    ("decode", { try RetrievalBenchmarks.decodePage(double: double) }),
    ("cancel", { try RetrievalBenchmarks.cancelAll(double: double) }),
    ("requests", { try RetrievalBenchmarks.requestsPerPage(double: double) }),
    ("body", { try RenderBenchmarks.longestBody() }),
    ("keyframe", { try RenderBenchmarks.keyToFrame() }),
    ("launch", { try TerminalBenchmarks.launchToFirstTitles(double: double) }),
    ("quit", { try TerminalBenchmarks.quitWithLoadsInFlight(double: double) }),
    ("memory", { try TerminalBenchmarks.memoryAfterPaging() }),
    ("search", { try TerminalBenchmarks.searchToResults(double: double) }),
    ("session", { try TerminalBenchmarks.requestsPerTypicalSession(double: double) }),
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
double.stop()
exit(failed ? 1 : 0)
