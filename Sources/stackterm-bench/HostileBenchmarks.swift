import Foundation
import TestSupport

/// Issue 8's attacks through the real binary on a pty: how long until the status line answers each, the process's
/// peak memory, and that it is still running afterwards (`Q` exits 0).
@MainActor
enum HostileBenchmarks {
    /// One attack: the double's faults, what the screen shows once it is answered, and keys that get there.
    private struct Attack {
        let name: String
        let faults: String
        let answer: String
        /// Typed one after another, 0.3 s apart, once the first page is drawn.
        var keys: [String] = []
        var goalMiB: Double = 100
    }

    private static let attacks = [
        Attack(name: "first page carries a 50 MB body (refused by the 16 MiB response cap)",
               faults: "huge_paragraph_mb=50&count=1&path=/questions", answer: "sent more than"),
        Attack(name: "first page carries a 200 MB body (refused by the 16 MiB response cap)",
               faults: "huge_paragraph_mb=200&count=1&path=/questions", answer: "sent more than", goalMiB: 200),
        Attack(name: "a 15 MB body opened (passes the 16 MiB response cap; cut at 4 MB by the renderer, not kept in the store)",
               faults: "huge_paragraph_mb=15&count=1&path=/questions", answer: ": the first 4 MB of", keys: ["\r", "/body truncated\r"]),
        Attack(name: "first page of 1,000,000 items when 30 were asked (refused by the response cap)",
               faults: "pad_items=1000000&count=1&path=/questions", answer: "sent more than"),
        Attack(name: "dates of ±1e20 everywhere, launch_date 1e19: list, question, answers feed",
               faults: "bad_dates=1", answer: "posted", keys: ["\r", "q", "a"]),
    ]

    /// Each attack in a fresh process: start → the screen shows its answer, peak memory, then `Q`.
    static func attacks(double: DoubleProcess) throws {
        defer { try? double.clearFaults() }
        for attack in attacks {
            try double.setFaults(attack.faults)
            let start = Measure.now()
            let app = try TerminalBenchmarks.stackterm(double)
            if !attack.keys.isEmpty {
                guard app.waitForOutput(containing: "quota", timeout: 30) else { throw BenchError.timeout("first titles: \(attack.name)") }
                for keys in attack.keys {
                    app.send(keys)
                    usleep(300_000)
                }
            }
            guard app.waitForOutput(containing: attack.answer, timeout: 60) else { throw BenchError.timeout("\(attack.answer): \(attack.name)") }
            let seconds = Measure.now() - start
            usleep(300_000)
            let peak = app.peakResidentMiB() ?? .nan
            app.send("Q")
            let status = app.waitForExit(timeout: 5)
            report("attack: \(attack.name)",
                   String(format: "peak %.1f MiB, answered after %.2f s, then Q → exit status %@", peak, seconds, status.map { "\($0)" } ?? "none (hung)"),
                   goal: "< \(Int(attack.goalMiB)) MB, exit 0", met: peak < attack.goalMiB && status == 0)
        }
    }
}
