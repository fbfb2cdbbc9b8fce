import Foundation
import TestSupport

// stackterm-bench: prints the figures BENCHMARKS.md records. Build and run in release:
//   swift build -c release && .build/release/stackterm-bench
report("stackterm-bench", "\(Date()), \(ProcessInfo.processInfo.activeProcessorCount) cores")
do {
    let double = try DoubleProcess()
    defer { double.stop() }
    try RetrievalBenchmarks.run(double: double)
    try RenderBenchmarks.run()
    try TerminalBenchmarks.run(double: double)
} catch {
    report("benchmark failed", "\(error)")
    exit(1)
}
