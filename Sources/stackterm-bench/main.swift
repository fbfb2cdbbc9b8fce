import Foundation
import TestSupport

// stackterm-bench: prints the figures BENCHMARKS.md records. Build and run in release:
//   swift build -c release && .build/release/stackterm-bench [name …]
// With names (e.g. `keyframe body`), only those benchmarks run.
let benchmarks: [(name: String, run: @MainActor () throws -> Void)] = [
    ("decode", { try RetrievalBenchmarks.decodePage(double: DoubleFixture.shared()) }),
    ("cancel", { try RetrievalBenchmarks.cancelAll(double: DoubleFixture.shared()) }),
    ("requests", { try RetrievalBenchmarks.requestsPerPage(double: DoubleFixture.shared()) }),
    ("body", { try RenderBenchmarks.longestBody() }),
    ("keyframe", { try RenderBenchmarks.keyToFrame() }),
    ("keyframemath", { try RenderBenchmarks.keyToFrameWithMathTitles() }),
    ("openbody", { try OpenBodyBenchmarks.openLongBody() }),
    ("launch", { try TerminalBenchmarks.launchToFirstTitles(double: DoubleFixture.shared()) }),
    ("quit", {
        try TerminalBenchmarks.quitWithLoadsInFlight(double: DoubleFixture.shared())
        try QuitBenchmarks.quitWithTheStoreLocked(double: DoubleFixture.shared())
    }),
    ("memory", { try TerminalBenchmarks.memoryAfterPaging() }),
    ("search", { try TerminalBenchmarks.searchToResults(double: DoubleFixture.shared()) }),
    ("paste", { try TerminalBenchmarks.pasteIntoPrompt(double: DoubleFixture.shared()) }),
    ("session", { try TerminalBenchmarks.requestsPerTypicalSession(double: DoubleFixture.shared()) }),
    ("waitcpu", { try TrustBenchmarks.cpuWhileWaiting(double: DoubleFixture.shared()) }),
    ("idle", { try TrustBenchmarks.wakeupsWhenIdle(double: DoubleFixture.shared()) }),
    ("bomb", { try TrustBenchmarks.gzipBombPeakMemory(double: DoubleFixture.shared()) }),
    ("deepbody", { try LayoutBenchmarks.deepBody(double: DoubleFixture.shared()) }),
    ("hostile", { try HostileBenchmarks.attacks(double: DoubleFixture.shared()) }),
    ("dumpread", { try DumpBenchmarks.readPosts() }),
    ("highlight", { try HighlightBenchmarks.highlight() }),
    ("store", { try StoreBenchmarks.all() }),
    ("storelaunch", { try StoreLaunchBenchmark.offlineLaunch() }),
    ("storequery", { try StoreQueryBenchmarks.all() }),
    ("storesearch", { try StoreSearchFigures.onExistingStore() }),
    ("storecold", { try StoreColdFigures.onExistingStore() }),
    ("live", { try LiveBenchmarks.all() }),
    ("livequota", { try LiveQuotaBenchmark.requestsPerHour() }),
    ("liveapp", { try LiveAppBenchmarks.all() }),
    ("livelist", { LiveListBenchmark.batchOnALongList() }),
    ("math", { try MathBenchmarks.all(double: DoubleFixture.shared()) }),
    ("loggedin", { try LoggedInBenchmarks.all(double: DoubleFixture.shared()) }),
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
DoubleFixture.stopShared()
exit(failed ? 1 : 0)
