import Foundation
import StackAPI
import StackRetrieval
import TestSupport

/// The live source against the double's socket, in this process: CPU while the socket is open and silent
/// (heartbeats only), under 100 and 10,000 messages a second of other sites, peak memory under the flood, and the
/// time from a question made active to its delivery on the main queue.
enum LiveBenchmarks {
    @MainActor
    static func all() throws {
        let double = try DoubleFixture.dedicated(arguments: ["--live-heartbeat", "5"])
        defer { double.stop() }
        var configuration = LiveConfiguration(url: "ws://127.0.0.1:\(double.port)/", site: "cardano")
        configuration.silenceSeconds = 300
        var batches = 0
        var delivered: [Int: Double] = [:]
        var state: LiveState?
        let source = LiveSource(configuration: configuration) { result in
            switch result {
            case .success(.state(let new)): state = new
            case .success(.activity(let batch)):
                batches += 1
                for activity in batch { delivered[activity.questionID] = Measure.now() }
            case .success(.polled), .failure: break
            }
        }
        source.start()
        defer { source.stop() }
        guard spin(seconds: 10, until: { state == .live }) else {
            return report("live", "never live (\(String(describing: state)))")
        }
        _ = spin(seconds: 1) { false }

        let idle = cpu { _ = spin(seconds: 10) { false } }
        report("live idle CPU", String(format: "%.3f s in 10 s, socket open, heartbeats only (every 5 s; %d answered)",
                                       idle, source.statistics.heartbeatsAnswered), goal: "≤ 0.1 s", met: idle <= 0.1)

        for (rate, goal) in [(100, 0.3), (10_000, Double.nan)] {
            let ignoredBefore = source.statistics.ignored
            let batchesBefore = batches
            _ = try LoopbackHTTP.get(double.url("/_double/live/mode?name=flood&rate=\(rate)&seconds=10"))
            let used = cpu { _ = spin(seconds: 10.5) { false } }
            let ignored = source.statistics.ignored - ignoredBefore
            report("live CPU, \(rate)/s of other sites",
                   String(format: "%.3f s in 10 s (%d messages refused, %d deliveries, peak RSS %.0f MB)",
                          used, ignored, batches - batchesBefore, peakResidentMB()),
                   goal: goal.isNaN ? nil : "≤ \(goal) s", met: goal.isNaN ? nil : used <= goal)
        }

        var latencies: [Double] = []
        for (index, id) in [1, 2, 3, 4, 5, 10, 11, 17, 18, 23, 24, 26, 27, 28, 1, 2, 3, 4, 5, 10].enumerated() {
            delivered[id] = nil
            _ = spin(seconds: 0.15) { false } // past the coalescing window: each one its own delivery
            let start = Measure.now()
            _ = try LoopbackHTTP.get(double.url("/_double/live/active?site=cardano&id=\(id)"))
            guard spin(seconds: 5, until: { delivered[id] != nil }), let end = delivered[id] else {
                return report("live latency", "question \(id) (#\(index)) never delivered")
            }
            latencies.append((end - start) * 1000)
        }
        report("live: question made active → delivered on main", Measure.summary(latencies), goal: "≤ 200 ms median",
               met: latencies.sorted()[latencies.count / 2] <= 200)
    }

    @MainActor
    static func spin(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(), Date() < deadline { RunLoop.main.run(until: min(deadline, Date().addingTimeInterval(0.05))) }
        return condition()
    }

    /// CPU seconds (user + system) of this whole process while `body` runs.
    private static func cpu(_ body: () -> Void) -> Double {
        let before = processCPU()
        body()
        return processCPU() - before
    }

    private static func processCPU() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func peakResidentMB() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
