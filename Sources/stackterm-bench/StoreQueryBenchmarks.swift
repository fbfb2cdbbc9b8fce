import Foundation
import StackStore

/// Issue 22 part 4: a pasted long query answers or refuses at once, and a cancelled search lets go of its core.
///
/// Runs on the store `store` made (`/tmp/stackterm-bench-store-N`, N = `STACKTERM_BENCH_POSTS`), or on the file
/// `STACKTERM_BENCH_STORE` names; run `store` first.
enum StoreQueryBenchmarks {
    /// Words common in the bench's posts (quantumcomputing's, repeated).
    static let commonWords = [
        "the", "of", "and", "to", "is", "in", "a", "that", "for", "this", "it", "with", "as", "be", "on", "are",
        "can", "state", "quantum", "qubit", "if", "we", "by", "not", "an", "from", "which", "so", "at", "or",
        "have", "what", "circuit", "how", "one", "gate", "measurement", "but", "there", "all",
    ]

    static func all() throws {
        let file = ProcessInfo.processInfo.environment["STACKTERM_BENCH_STORE"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: "/tmp/stackterm-bench-store-\(StoreBenchmarks.postCount)")
                .appendingPathComponent(StoreLocation.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw BenchError.failed("no store at \(file.path): run `stackterm-bench store` first")
        }
        let store = try Store(fileURL: file)
        let posts = try store.questionCount(site: "bench")
        try pastedQuery(store, questions: posts)
        try cancelLatency(store, questions: posts)
        longestAllowed(store, questions: posts)
    }

    /// 2,400 common words (about 10,000 characters), as pasted: the time to the answer or the refusal.
    private static func pastedQuery(_ store: Store, questions: Int) throws {
        let text = (0..<2_400).map { commonWords[$0 % commonWords.count] }.joined(separator: " ")
        let (samples, outcome) = timedSearch(store, text, .relevance, iterations: 20)
        report("2,400-word query (\(text.count) characters) on \(questions) questions → answer or refusal",
               Measure.summary(samples) + "; " + outcome, goal: "≤ 1 s", met: Measure.median(samples) <= 1_000)
    }

    /// The longest search the limits let through, left to run under the default budget: its first page, or the cut.
    private static func longestAllowed(_ store: Store, questions: Int) {
        let text = commonWords.prefix(LocalQueryLimits.words).joined(separator: " ")
        for sort in [StoreSearchSort.relevance, .activity, .creation, .votes] {
            let (samples, outcome) = timedSearch(store, text, sort, iterations: 3)
            report("32 common words, \(sort), on \(questions) questions → first page or cut",
                   Measure.summary(samples) + "; " + outcome, goal: "≤ 1.1 s", met: Measure.median(samples) <= 1_100)
        }
    }

    /// `iterations` timings of a search of `text` on the bench site, and how the last one ended.
    private static func timedSearch(
        _ store: Store, _ text: String, _ sort: StoreSearchSort, iterations: Int
    ) -> (samples: [Double], outcome: String) {
        var outcome = ""
        let samples = Measure.samples(iterations: iterations, warmup: 1) {
            do { outcome = "\(try store.search(text, site: "bench", sort: sort).count) hits" } catch {
                outcome = "refused or cut: \(error)"
            }
        }
        return (samples, outcome)
    }

    /// The longest search the limits let through (32 common words, every sort), run without a budget on a thread and
    /// cancelled 50 ms in: the time from `cancel()` to the search's return, and the thread's CPU after it.
    private static func cancelLatency(_ store: Store, questions: Int) throws {
        let text = commonWords.prefix(LocalQueryLimits.words).joined(separator: " ")
        var latencies: [Double] = []
        var outcomes: [String: Int] = [:]
        for sort in [StoreSearchSort.relevance, .activity, .creation, .votes] {
            for _ in 0..<5 {
                let interrupt = StoreInterrupt()
                let returned = Returned()
                let thread = Thread {
                    let result = Result { () throws(StoreError) in
                        try interrupt.run { () throws(StoreError) in
                            try store.search(text, site: "bench", sort: sort, budget: .seconds(600))
                        }
                    }
                    returned.mark(result.map { "\($0.count) hits" })
                }
                thread.start()
                Thread.sleep(forTimeInterval: 0.05)
                let cancelled = Measure.now()
                interrupt.cancel()
                let (at, outcome) = returned.wait()
                latencies.append(max(0, at - cancelled) * 1000)
                outcomes[outcome, default: 0] += 1
            }
        }
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", ")
        report("cancel a running 32-word search (\(questions) questions, 4 sorts × 5) → its call returns",
               Measure.summary(latencies) + "; " + summary, goal: "≤ 100 ms",
               met: (latencies.max() ?? 0) <= 100)
    }
}

/// When a search thread returned, and how.
private final class Returned: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: (Double, String)?

    func mark(_ result: Result<String, StoreError>) {
        let at = Measure.now()
        condition.lock()
        switch result {
        case .success(let hits): value = (at, "finished first (\(hits))")
        case .failure(let error): value = (at, error == .interrupted ? "interrupted" : "\(error)")
        }
        condition.signal()
        condition.unlock()
    }

    func wait() -> (Double, String) {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}
