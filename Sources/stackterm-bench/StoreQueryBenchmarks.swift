import Foundation
import NIOConcurrencyHelpers
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
        let (store, file) = try StoreBenchmarks.existingStore()
        let posts = try store.questionCount(site: "bench")
        try pastedQuery(store, questions: posts)
        try cancelLatency(store, questions: posts, evicting: nil)
        // Cold: the file dropped from the page cache before each search, so SQLite waits on the disk inside its steps.
        try cancelLatency(store, questions: posts, evicting: file)
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
            report("\(text.split(separator: " ").count) common words, \(sort), on \(questions) questions → first page or cut",
                   Measure.summary(samples) + "; " + outcome, goal: "≤ 1.1 s", met: Measure.median(samples) <= 1_100)
        }
    }

    /// `iterations` timings of a search of `text` on the bench site, and how the last one ended.
    static func timedSearch(
        _ store: Store, _ text: String, _ sort: StoreSearchSort, iterations: Int
    ) -> (samples: [Double], outcome: String) {
        var outcome = ""
        let samples = Measure.samples(iterations: iterations, warmup: 1) {
            do {
                let page = try store.searchPage(text, site: "bench", sort: sort)
                outcome = page.cut.map { "cut to the newest \($0) matching posts, " } ?? ""
                outcome += "\(page.hits.count) hits"
            } catch {
                outcome = "refused or cut: \(error)"
            }
        }
        return (samples, outcome)
    }

    /// The longest search the limits let through (32 common words, every sort), run without a budget on a thread and
    /// cancelled 50 ms in: the time from `cancel()` to the search's return, and the thread's CPU after it (the core
    /// it holds). `evicting`: the store file dropped from the page cache before each search.
    private static func cancelLatency(_ store: Store, questions: Int, evicting file: URL?) throws {
        let text = commonWords.prefix(LocalQueryLimits.words).joined(separator: " ")
        var latencies: [Double] = []
        var cpuAfterCancel: [Double] = []
        var outcomes: [String: Int] = [:]
        for sort in [StoreSearchSort.relevance, .activity, .creation, .votes] {
            for _ in 0..<5 {
                if let file { PageCache.evict(file) }
                let interrupt = StoreInterrupt()
                let returned = Returned()
                let clock = ThreadClock()
                let thread = Thread {
                    clock.bind()
                    let result = Result { () throws(StoreError) in
                        try interrupt.run { () throws(StoreError) in
                            try store.search(text, site: "bench", sort: sort, budget: .seconds(600))
                        }
                    }
                    let cpu = clock.seconds()
                    returned.mark(result.map { "\($0.count) hits" }, cpu: cpu)
                }
                thread.start()
                Thread.sleep(forTimeInterval: 0.05)
                let cpuAtCancel = clock.seconds()
                let cancelled = Measure.now()
                interrupt.cancel()
                let (at, outcome, cpuAtReturn) = returned.wait()
                latencies.append(max(0, at - cancelled) * 1000)
                cpuAfterCancel.append(max(0, cpuAtReturn - cpuAtCancel) * 1000)
                outcomes[outcome, default: 0] += 1
            }
        }
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", ")
        let cache = file == nil ? "file in the page cache" : "file dropped from the page cache before each"
        report("cancel a running \(text.split(separator: " ").count)-word search (\(questions) questions, 4 sorts × 5, \(cache)) → its call returns",
               Measure.summary(latencies) + "; " + summary, goal: "—", met: true)
        report("  … the search thread's CPU from cancel() to its return (the core it holds)",
               Measure.summary(cpuAfterCancel) + String(format: ", max %.3f ms", cpuAfterCancel.max() ?? 0),
               goal: "≤ 100 ms", met: (cpuAfterCancel.max() ?? 0) <= 100)
    }
}

/// When a search thread returned, and how.
private final class Returned: Sendable {
    private let value = NIOLockedValueBox<(Double, String, Double)?>(nil)
    private let marked = DispatchSemaphore(value: 0)

    /// The search returned `result`, its thread having used `cpu` seconds.
    func mark(_ result: Result<String, StoreError>, cpu: Double) {
        let at = Measure.now()
        switch result {
        case .success(let hits): value.withLockedValue { $0 = (at, "finished first (\(hits))", cpu) }
        case .failure(let error): value.withLockedValue { $0 = (at, error == .interrupted ? "interrupted" : "\(error)", cpu) }
        }
        marked.signal()
    }

    func wait() -> (Double, String, Double) {
        marked.wait()
        return value.withLockedValue { $0! }
    }
}

/// The CPU clock of one thread, readable from any other (`pthread_getcpuclockid`).
private final class ThreadClock: Sendable {
    private let clock = NIOLockedValueBox<clockid_t?>(nil)

    /// Called on the thread to be measured.
    func bind() {
        var id = clockid_t()
        guard pthread_getcpuclockid(pthread_self(), &id) == 0 else { return }
        clock.withLockedValue { $0 = id }
    }

    /// CPU seconds the bound thread has used (0 before `bind`).
    func seconds() -> Double {
        guard let id = clock.withLockedValue({ $0 }) else { return 0 }
        var time = timespec()
        guard clock_gettime(id, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Drops a file (and its `-wal`) from the kernel's page cache, so the next reads wait on the disk.
enum PageCache {
    static func evict(_ file: URL) {
        for path in [file.path, file.path + "-wal"] {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
            close(descriptor)
        }
    }
}
