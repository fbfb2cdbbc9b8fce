import Foundation
import TestSupport

/// Issue 8's figures: what waiting costs, what idling costs, and what a hostile server can make the process hold.
@MainActor
enum TrustBenchmarks {
    /// CPU seconds of the real binary over 10 s while its first page waits on a server that accepted and stays silent.
    static func cpuWhileWaiting(double: DoubleProcess) throws {
        try double.setFaults("delay_ms=60000&path=/questions")
        defer { try? double.clearFaults() }
        let app = try TerminalBenchmarks.stackterm(double)
        let deadline = Measure.now() + 5
        while try double.requestLog().filter({ $0.contains("/questions") }).isEmpty, Measure.now() < deadline {
            usleep(10_000)
        }
        usleep(500_000) // past start-up: curses, config, the first frame
        let before = app.cpuSeconds() ?? .nan
        let switchesBefore = app.contextSwitches()
        sleep(10)
        let used = (app.cpuSeconds() ?? .nan) - before
        let wakeups = Double(PTYProcess.switches(from: switchesBefore, to: app.contextSwitches())) / 10
        app.send("Q")
        _ = app.waitForExit(timeout: 5)
        report("CPU while the first page waits 10 s on a silent server", String(format: "%.3f s (%.1f wake-ups/s)", used, wakeups),
               goal: "≤ 0.1 s", met: used <= 0.1)
    }

    /// Context switches per second of the real binary idling on a loaded list, nothing in flight.
    static func wakeupsWhenIdle(double: DoubleProcess) throws {
        let app = try TerminalBenchmarks.stackterm(double)
        guard app.waitForOutput(containing: "quota", timeout: 10) else { throw BenchError.timeout("first titles") }
        sleep(2) // let the prefetch of page 2 land
        app.clearOutput()
        let before = app.contextSwitches()
        let cpuBefore = app.cpuSeconds() ?? .nan
        sleep(10)
        let perSecond = Double(PTYProcess.switches(from: before, to: app.contextSwitches())) / 10
        let cpu = (app.cpuSeconds() ?? .nan) - cpuBefore
        app.send("Q")
        _ = app.waitForExit(timeout: 5)
        report("wake-ups per second idling on a loaded list (all threads, 10 s)",
               String(format: "%.1f/s, CPU %.3f s", perSecond, cpu), goal: "≤ 2/s", met: perSecond <= 2)
    }

    /// Peak resident memory of the real binary when the first page is a gzip stream inflating to 1 GiB.
    static func gzipBombPeakMemory(double: DoubleProcess) throws {
        try double.setFaults("gzip_bomb_mb=1024&count=1&path=/questions")
        defer { try? double.clearFaults() }
        let start = Measure.now()
        let app = try TerminalBenchmarks.stackterm(double)
        guard app.waitForOutput(containing: "sent more than", timeout: 60) else {
            throw BenchError.timeout("the status line refusing the bomb")
        }
        let seconds = Measure.now() - start
        let peak = app.peakResidentMiB() ?? .nan
        app.send("Q")
        _ = app.waitForExit(timeout: 5)
        report("peak memory, first page a 1 GiB gzip bomb (refused on the status line)",
               String(format: "%.1f MiB, refused after %.2f s", peak, seconds), goal: "< 100 MB", met: peak < 100)
    }
}
