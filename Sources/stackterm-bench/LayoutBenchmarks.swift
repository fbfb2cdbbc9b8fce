import Foundation
import TestSupport
import TextEngine

/// Issue 8 part 3's figures: a hostile body laid out off the main thread, in the real binary on a pty.
@MainActor
enum LayoutBenchmarks {
    /// In-process renders of a 100,000-level body and a 50 MB paragraph; in the real binary, Enter → the first line
    /// of a 100,000-level body drawn, peak memory; and `Q` or SIGTERM → exit while a 4 MB body lays out.
    static func deepBody(double: DoubleProcess) throws {
        let deep = String(repeating: "<blockquote><p>x</p>", count: 100_000) + String(repeating: "</blockquote>", count: 100_000)
        var lineCount = 0
        let renderSamples = Measure.samples(iterations: 5, warmup: 1) {
            lineCount = HTMLRenderer.render(html: deep, width: 98).lines.count
        }
        report("deep body in-process: HTMLRenderer, 100,000 nested blockquotes → \(lineCount) lines at 98 cols",
               Measure.summary(renderSamples))
        let words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt labore "
        let huge = "<p>" + String(repeating: words, count: (50 << 20) / words.utf8.count) + "</p>"
        let hugeSamples = Measure.samples(iterations: 5, warmup: 1) {
            lineCount = HTMLRenderer.render(html: huge, width: 98).lines.count
        }
        report("huge paragraph in-process: HTMLRenderer, one 50 MB paragraph (cut to 4 MB, then 200 KB) → \(lineCount) lines",
               Measure.summary(hugeSamples), goal: "< 1 s", met: Measure.median(hugeSamples) < 1_000)

        try double.setFaults("deep_body=100000")
        var openSamples: [Double] = []
        var peaks: [Double] = []
        for _ in 0..<5 {
            let app = try TerminalBenchmarks.stackterm(double)
            guard app.waitForOutput(containing: "quota", timeout: 30) else { throw BenchError.timeout("first titles") }
            app.clearOutput()
            let start = Measure.now()
            app.send("\r")
            guard app.waitForOutput(containing: "shown flat", timeout: 60) else { throw BenchError.timeout("the deep body's first line") }
            openSamples.append((Measure.now() - start) * 1000)
            usleep(200_000)
            peaks.append(app.peakResidentMiB() ?? .nan)
            app.send("Q")
            _ = app.waitForExit(timeout: 5)
        }
        report("deep body: Enter → first body line drawn, 100,000 nested blockquotes (2 MB; real binary, pty)",
               Measure.summary(openSamples), goal: "< 1 s", met: Measure.median(openSamples) < 1_000)
        let peak = peaks.max() ?? .nan
        report("deep body: peak memory of the process, 100,000 levels", String(format: "%.1f MiB (worst of %d runs)", peak, peaks.count),
               goal: "< 100 MB", met: peak < 100)

        try double.setFaults("deep_body=200000")
        defer { try? double.clearFaults() }
        try exitWhileLayingOut(double, by: "Q", expecting: 0) { $0.send("Q") }
        try exitWhileLayingOut(double, by: "SIGTERM", expecting: 143) { kill($0.pid, SIGTERM) }
    }

    /// `end` (a key or a signal) → process exited with `status` while a 4 MB, 200,000-level body is laid out (the
    /// double's faults already set), five times.
    private static func exitWhileLayingOut(_ double: DoubleProcess, by name: String, expecting status: Int32,
                                           _ end: (PTYProcess) -> Void) throws {
        var samples: [Double] = []
        var caughtLayingOut = 0
        var statuses: Set<Int32> = []
        for _ in 0..<5 {
            let app = try TerminalBenchmarks.stackterm(double)
            guard app.waitForOutput(containing: "quota", timeout: 30) else { throw BenchError.timeout("first titles") }
            app.clearOutput()
            app.send("\r")
            if app.waitForOutput(containing: "Laying out", timeout: 10) { caughtLayingOut += 1 }
            let start = Measure.now()
            end(app)
            guard let exit = app.waitForExit(timeout: 10) else { throw BenchError.timeout("exit after \(name)") }
            samples.append((Measure.now() - start) * 1000)
            statuses.insert(exit)
        }
        report("deep body: \(name) → process exited while a 4 MB, 200,000-level body is laid out (\(caughtLayingOut)/\(samples.count) caught on \"Laying out…\", exit \(statuses.sorted()))",
               Measure.summary(samples), goal: "≤ 100 ms, exit \(status)", met: Measure.median(samples) <= 100 && statuses == [status])
    }
}
