import Foundation
import StackDump
import StackStore
import TestSupport

/// Issue 22 part 6's search figures beside `StoreBenchmarks.searchLatency`: the corpus's commonest word and a
/// 40-word query (the commonest 40 words of the corpus; the 32 the limits let through beside it), each the first
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
    /// the file `STACKTERM_BENCH_STORE` names, without importing again.
    static func onExistingStore() throws {
        try all(try StoreBenchmarks.existingStore().store, posts: StoreBenchmarks.postCount)
    }

    static func all(_ store: Store, posts: Int) throws {
        let words = try commonestWords(40)
        guard let commonest = words.first else { throw BenchError.failed("no words in the corpus") }
        let queries: [(String, String, Int)] = [
            ("the commonest word \"\(commonest)\"", commonest, 100),
            ("the 40 commonest words as one query", words.joined(separator: " "), 20),
            ("the 32 commonest words (the most a query may hold)",
             words.prefix(LocalQueryLimits.words).joined(separator: " "), 10),
        ]
        for (name, text, iterations) in queries {
            for sort in [StoreSearchSort.relevance, .activity, .creation, .votes] {
                // Relevance is the goal's figure (the app's default); the other sorts beside it, fewer times.
                let runs = sort == .relevance ? iterations : max(3, iterations / 10)
                let (samples, outcome) = StoreQueryBenchmarks.timedSearch(store, text, sort, iterations: runs)
                let sorted = samples.sorted()
                let p50 = sorted[sorted.count / 2], p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
                let figure = String(format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms (n=%d); ", p50, p99, sorted.last ?? 0,
                                    sorted.count) + outcome
                // A refusal or a cut answers at once, but it is no screen of results.
                report("store search, \(name), \(sort), first screen (\(posts) posts)", figure,
                       goal: "results, ≤ 100 ms", met: p99 <= 100 && outcome.hasSuffix(" hits"))
            }
        }
    }
}
