import Foundation
import StackDump
import StackStore
import TestSupport

/// Issue 22 part 6's search figures beside `StoreBenchmarks.searchLatency`: the corpus's commonest word and a
/// 40-word query (the commonest 40 words of the corpus; the first 32 of them beside it), each the first
/// screen of results (20 hits with snippets) in every sort, p50/p99, timed as `StoreQueryBenchmarks` times its
/// searches.
enum StoreSearchFigures {
    /// Words by the number of the corpus's posts (title and body text) that hold them, commonest first. The bench's
    /// Posts.xml repeats quantumcomputing's posts, so their counts rank its words too.
    static func commonestWords(_ count: Int) throws -> [String] {
        guard let source = SharedData.path("dumps/quantumcomputing/Posts.xml") else {
            throw BenchError.failed("shared data not found")
        }
        var posts: [String: Int] = [:]
        try DumpReader.forEachPost(in: source) { post in
            let text = (post.title ?? "") + " " + IndexText.body(ofHTML: post.body)
            let words = Set(text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            for word in words where word.count > 1 { posts[word, default: 0] += 1 }
        }
        return posts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(count).map(\.key)
    }

    /// The figures alone, on the store `store` made (`/tmp/stackterm-bench-store-N`, N = `STACKTERM_BENCH_POSTS`) or
    /// the file `STACKTERM_BENCH_STORE` names (a copy, say, that no import run overwrites), without importing again;
    /// with the many-query figure of two words from two titles first (its p99 is the goal's).
    static func onExistingStore() throws {
        let store = try StoreBenchmarks.existingStore().store
        report("machine load (1, 5, 15 min) before the search figures", StoreBenchmarks.loadAverage())
        if let text = ProcessInfo.processInfo.environment["STACKTERM_BENCH_QUERY"] {
            // One query alone (a slow one found below, say), 200 times in each sort.
            for sort in StoreSearchSort.allCases {
                let (samples, outcome) = StoreQueryBenchmarks.timedSearch(store, text, sort, iterations: 200)
                let (p50, p99, most) = percentiles(samples)
                report("store search \"\(text)\", \(sort)", String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms; ", p50, p99,
                                                                  most) + outcome)
            }
            return
        }
        try twoWordsFromTwoTitles(store, posts: StoreBenchmarks.postCount)
        try all(store, posts: StoreBenchmarks.postCount)
        report("machine load (1, 5, 15 min) after the search figures", StoreBenchmarks.loadAverage())
    }

    /// Queries of two words, the first word of one title and the last of another (few titles hold both, so the page
    /// comes from bm25 over the body index): `STACKTERM_BENCH_QUERIES` of them (1,000 unless set), each asked once
    /// for the first 20 hits in relevance order. Twice: from the titles of the store's 2,000 newest questions (as
    /// `StoreBenchmarks.searchLatency` draws them; in the bench's file, copies of a few questions, so a few
    /// queries repeat), and from every distinct title of the first copy of the corpus (ids below 100,000).
    static func twoWordsFromTwoTitles(_ store: Store, posts: Int) throws {
        let newest = try store.questions(site: "bench", sort: .creation, limit: 2_000).map(\.question.title)
        try twoWordsFromTwoTitles(store, posts: posts, titles: newest, name: "the 2,000 newest questions' titles")
        var distinct = Set<String>()
        for start in stride(from: 1, to: 100_000, by: 5_000) {
            for stored in try store.questions(site: "bench", ids: Array(start..<(start + 5_000))) {
                distinct.insert(stored.question.title)
            }
        }
        try twoWordsFromTwoTitles(store, posts: posts, titles: distinct.sorted(),
                                  name: "\(distinct.count) distinct titles")
    }

    private static func twoWordsFromTwoTitles(_ store: Store, posts: Int, titles: [String], name: String) throws {
        let count = ProcessInfo.processInfo.environment["STACKTERM_BENCH_QUERIES"].flatMap { Int($0) } ?? 1_000
        guard !titles.isEmpty else { throw BenchError.failed("no questions in the store") }
        var generator = SplitMix64(seed: 22)
        func words() -> [String] {
            titles[Int(generator.next() % UInt64(titles.count))]
                .split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
        }
        var queries: [String] = []
        while queries.count < count {
            guard let first = words().first, let second = words().last, first != second else { continue }
            queries.append(first + " " + second)
        }
        var hits = 0
        var failed: [String] = []
        let samples = queries.map { query in
            let start = Measure.now()
            do { hits += try store.search(query, site: "bench", limit: 20).count } catch { failed.append("\(query): \(error)") }
            return (Measure.now() - start) * 1000
        }
        if !failed.isEmpty { report("  … failed (cut or refused)", "\(failed.count): " + failed.prefix(5).joined(separator: "; ")) }
        var slowest: [String: Double] = [:]
        for (query, sample) in zip(queries, samples) { slowest[query] = max(slowest[query] ?? 0, sample) }
        report("  … its slowest distinct queries", slowest.sorted { $0.value > $1.value }.prefix(5)
            .map { String(format: "\"%@\" %.1f ms", $0.key, $0.value) }.joined(separator: ", "))
        let (p50, p99, most) = percentiles(samples)
        report("store search, 2 words from two titles, \(name) (\(posts) posts, first 20 with snippets)",
               String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d queries, %d distinct, %d hits)", p50, p99, most,
                      queries.count, Set(queries).count, hits),
               goal: "p99 ≤ 20 ms", met: p99 <= 20 && failed.isEmpty)
    }

    static func all(_ store: Store, posts: Int) throws {
        let words = try commonestWords(40)
        guard let commonest = words.first else { throw BenchError.failed("no words in the corpus") }
        let queries: [(String, String, Int)] = [
            ("the commonest word \"\(commonest)\"", commonest, 100),
            ("the 40 commonest words as one query", words.joined(separator: " "), 100),
            ("the 32 commonest words", words.prefix(32).joined(separator: " "), 30),
        ]
        for (name, text, iterations) in queries {
            for sort in [StoreSearchSort.relevance, .activity, .creation, .votes] {
                let (samples, outcome) = StoreQueryBenchmarks.timedSearch(store, text, sort, iterations: iterations)
                let (p50, p99, most) = percentiles(samples)
                let figure = String(format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms (n=%d); ", p50, p99, most,
                                    samples.count) + outcome
                // A refusal or a cut answers at once, but it is no screen of results.
                report("store search, \(name), \(sort), first screen (\(posts) posts)", figure,
                       goal: "results, ≤ 100 ms", met: p99 <= 100 && outcome.hasSuffix(" hits"))
            }
        }
    }

    /// The median, the 99th percentile and the largest of `samples` (not empty).
    private static func percentiles(_ samples: [Double]) -> (Double, Double, Double) {
        let sorted = samples.sorted()
        return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))], sorted.last ?? 0)
    }
}
