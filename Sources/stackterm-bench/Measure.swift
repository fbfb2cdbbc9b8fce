import Foundation

/// Wall-clock measurement helpers: run a block many times and report median and 95th percentile.
enum Measure {
    /// Monotonic seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU seconds the calling thread has used (not counting time spent waiting for a core).
    static func threadCPUNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Milliseconds one call of `body` takes, over `iterations` calls after `warmup` unmeasured ones.
    static func samples(iterations: Int, warmup: Int = 3, _ body: () throws -> Void) rethrows -> [Double] {
        for _ in 0..<warmup { try body() }
        var result: [Double] = []
        result.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let start = now()
            try body()
            result.append((now() - start) * 1000)
        }
        return result
    }

    /// "median 1.23 ms, p95 1.50 ms (n=100)".
    static func summary(_ samples: [Double]) -> String {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return "no samples" }
        let median = sorted[sorted.count / 2]
        let p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        return String(format: "median %.3f ms, p95 %.3f ms (n=%d)", median, p95, sorted.count)
    }

    /// "median 7 ms, min 5 ms, max 8 ms (n=10)": for a few samples with uneven outliers (cold reads).
    static func spread(_ samples: [Double]) -> String {
        let sorted = samples.sorted()
        guard let least = sorted.first, let most = sorted.last else { return "no samples" }
        return String(format: "median %.0f ms, min %.0f ms, max %.0f ms (n=%d)", sorted[sorted.count / 2], least, most, sorted.count)
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}

/// Prints one benchmark line: name, figure, goal, and whether the goal was met.
func report(_ name: String, _ figure: String, goal: String? = nil, met: Bool? = nil) {
    var line = "\(name): \(figure)"
    if let goal { line += "  [goal \(goal)\(met.map { $0 ? ", met" : ", NOT met" } ?? "")]" }
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Runs the main run loop until `condition` holds or `timeout` passes; true when it held.
@MainActor
func runMainLoop(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.001))
    }
    return true
}
