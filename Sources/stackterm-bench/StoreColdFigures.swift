import Foundation
import StackStore
import TestSupport

/// Issue 22 part 6's search figures with nothing in the kernel's page cache: before each sample the store file and
/// its log are dropped from it (`PageCache.evict`) and the store opened anew (SQLite's own cache empty too), then
/// one search timed — the first search after a reboot, or on a store far larger than the memory (Stack Overflow's
/// ~60 M posts). On the store `store` made (`/tmp/stackterm-bench-store-N`) or `STACKTERM_BENCH_STORE`;
/// `STACKTERM_BENCH_COLD_RUNS` samples per figure (5 unless set).
enum StoreColdFigures {
    static func onExistingStore() throws {
        let file = try StoreBenchmarks.existingStore().file
        let runs = ProcessInfo.processInfo.environment["STACKTERM_BENCH_COLD_RUNS"].flatMap { Int($0) } ?? 5
        report("machine load (1, 5, 15 min) before the cold-cache figures", StoreBenchmarks.loadAverage())
        let warm = try Store(fileURL: file)
        let titles = try warm.questions(site: "bench", sort: .creation, limit: 2_000).map(\.question.title)
        let words = try StoreSearchFigures.commonestWords(40)
        guard !titles.isEmpty, let commonest = words.first else { throw BenchError.failed("no questions or no words") }
        var generator = SplitMix64(seed: 27)
        func titleWords() -> [String] {
            titles[Int(generator.next() % UInt64(titles.count))]
                .split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
        }
        let oneWord = (0..<runs).map { _ in titleWords().first ?? commonest }
        let twoWords = (0..<runs).map { _ in (titleWords().first ?? commonest) + " " + (titleWords().last ?? commonest) }
        let kinds: [(String, [String])] = [
            ("1 title word", oneWord), ("2 words from two titles", twoWords),
            ("the commonest word \"\(commonest)\"", Array(repeating: commonest, count: runs)),
            ("the 40 commonest words", Array(repeating: words.joined(separator: " "), count: runs)),
        ]
        var opens: [Double] = []
        func cold<T>(_ body: (Store) throws -> T) throws -> Double {
            PageCache.evict(file)
            let start = Measure.now()
            let store = try Store(fileURL: file)
            let opened = Measure.now()
            opens.append((opened - start) * 1000)
            _ = try body(store)
            return (Measure.now() - opened) * 1000
        }
        let titlesFirst = try (0..<runs).map { _ in try cold { try $0.questions(site: "bench", sort: .activity, limit: 30) } }
        report("cold cache: open → first 30 titles by activity", Measure.spread(titlesFirst))
        for (name, queries) in kinds {
            for sort in [StoreSearchSort.relevance, .activity] {
                let samples = try queries.map { query in
                    try cold { store in try? store.searchPage(query, site: "bench", sort: sort) }
                }
                report("cold cache: search, \(name), \(sort), first screen", Measure.spread(samples))
            }
        }
        report("cold cache: opening the store (before each figure above)", Measure.spread(opens))
    }
}
