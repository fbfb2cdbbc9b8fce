import Foundation
import StackAPI
import StackDump
import StackStore
import TestSupport

/// The local store's figures (issue 10): import speed against a plain Python importer, local search latency,
/// store size against the XML, and cold open to the first page of titles.
///
/// The Posts.xml is made at run time in /tmp by repeating quantumcomputing's with ids offset per copy
/// (`STACKTERM_BENCH_POSTS` posts, default 100,000; the figure uses 500,000), kept for later runs; the
/// import is timed against the Python reference by `StoreImportBenchmark` (`STACKTERM_BENCH_RUNS` pairs).
enum StoreBenchmarks {
    static var postCount: Int {
        ProcessInfo.processInfo.environment["STACKTERM_BENCH_POSTS"].flatMap { Int($0) } ?? 100_000
    }

    /// The store `store` made (`/tmp/stackterm-bench-store-N`, N = `STACKTERM_BENCH_POSTS`), or the file
    /// `STACKTERM_BENCH_STORE` names, opened; for the benchmarks that only read it.
    static func existingStore() throws -> (store: Store, file: URL) {
        let file = ProcessInfo.processInfo.environment["STACKTERM_BENCH_STORE"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: "/tmp/stackterm-bench-store-\(postCount)").appendingPathComponent(StoreLocation.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw BenchError.failed("no store at \(file.path): run `stackterm-bench store` first")
        }
        return (try Store(fileURL: file), file)
    }

    static func all() throws {
        let count = postCount
        let folder = URL(fileURLWithPath: "/tmp/stackterm-bench-dump-\(count)")
        let xml = try makePosts(count: count, in: folder)
        let xmlBytes = try fileSize(xml)
        let storeFile = URL(fileURLWithPath: "/tmp/stackterm-bench-store-\(count)").appendingPathComponent(StoreLocation.fileName)
        report("machine load before the import", loadAverage())
        let store = try StoreImportBenchmark.compare(folder: folder, xml: xml, storeFile: storeFile, count: count)
        try readerAlone(xml, count: count)

        try store.checkpoint()
        let storeBytes = try fileSize(storeFile)
        let ratio = Double(storeBytes) / Double(xmlBytes)
        report("store size vs Posts.xml",
               String(format: "%.1f MB store / %.1f MB XML = %.2f×", Double(storeBytes) / 1e6, Double(xmlBytes) / 1e6, ratio),
               goal: "≤ 1.5×", met: ratio <= 1.5)

        try searchLatency(store)
        try StoreSearchFigures.all(store, posts: count)
        try coldOpen(storeFile)
        try firstSaves(store)
    }

    /// The first two saves of a question from the network after the import: the first merges the body index's
    /// segments when the import left them (FTS5's crisis merge), the second is an ordinary save.
    private static func firstSaves(_ store: Store) throws {
        var figures: [String] = []
        for id in [900_000_001, 900_000_002] {
            let question = Question(questionID: id, title: "Measuring a qubit after the import", tags: ["bench"],
                                    creationDate: Date(), lastActivityDate: Date(), body: "<p>One more body to index.</p>")
            let start = Measure.now()
            try store.save(questions: [question], site: "bench")
            figures.append(String(format: "%.0f ms", (Measure.now() - start) * 1000))
        }
        report("first save after the import (merges the body index's segments when the import left them), then the next",
               figures.joined(separator: ", then "))
    }

    /// StackDump's reader alone on the same file (parsing into `DumpPost`s, nothing written): the floor under the
    /// import's reading thread, which also strips each body to its words for the index.
    private static func readerAlone(_ xml: URL, count: Int) throws {
        let cpuBefore = cpuSeconds(RUSAGE_SELF)
        let start = Measure.now()
        var bodies = 0
        try DumpReader.forEachPost(in: xml) { bodies += $0.body.utf8.count }
        let seconds = Measure.now() - start
        report("StackDump reader alone on that Posts.xml (libxml2 → DumpPost)",
               String(format: "%.0f posts/s (%.1f s wall, %.1f s CPU)", Double(count) / seconds, seconds,
                      cpuSeconds(RUSAGE_SELF) - cpuBefore))
    }

    /// One- and two-word queries from titles, 200 of each, in a fixed order (the goal); then, as a figure beside it,
    /// two words from two different titles, which few titles hold together, so most of the page comes from the
    /// ranked body index.
    private static func searchLatency(_ store: Store) throws {
        let titles = try store.questions(site: "bench", sort: .creation, limit: 2_000).map(\.question.title)
        var generator = SplitMix64(seed: 10)
        func titleWords() -> [String] {
            titles[Int(generator.next() % UInt64(titles.count))]
                .split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
        }
        for kind in ["1-word queries from titles", "2-word queries from titles", "2 words from two titles"] {
            var queries: [String] = []
            while queries.count < 200 {
                let words = titleWords()
                let wanted = kind.hasPrefix("1") ? 1 : 2
                if kind.hasSuffix("two titles") {
                    let other = titleWords()
                    guard let first = words.first, let second = other.last, first != second else { continue }
                    queries.append(first + " " + second)
                    continue
                }
                guard words.count >= wanted else { continue }
                let first = Int(generator.next() % UInt64(words.count - wanted + 1))
                queries.append(words[first..<(first + wanted)].joined(separator: " "))
            }
            var samples: [Double] = []
            var hits = 0
            for query in queries {
                let start = Measure.now()
                hits += try store.search(query, site: "bench", limit: 20).count
                samples.append((Measure.now() - start) * 1000)
            }
            let sorted = samples.sorted()
            let p50 = sorted[sorted.count / 2], p99 = sorted[Int(Double(sorted.count) * 0.99)]
            let figure = String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d queries, %d hits)",
                                p50, p99, sorted.last ?? 0, queries.count, hits)
            let name = "store search, \(kind) (\(postCount) posts, first 20 with snippets)"
            if kind.hasSuffix("two titles") {
                report(name, figure)
            } else {
                report(name, figure, goal: "p50 ≤ 4 ms, p99 ≤ 20 ms", met: p50 <= 4 && p99 <= 20)
            }
        }
    }

    /// Opening the store (a new connection pool, schema check) and reading the first 30 titles by activity.
    private static func coldOpen(_ file: URL) throws {
        var titles = 0
        let samples = try Measure.samples(iterations: 30, warmup: 1) {
            let store = try Store(fileURL: file)
            titles = try store.questions(site: "bench", sort: .activity, limit: 30).count
        }
        report("store open → first 30 titles (\(postCount) posts; file in the page cache)",
               Measure.summary(samples) + ", \(titles) titles", goal: "≤ 30 ms", met: Measure.median(samples) <= 30)
    }

    /// Writes `count` post rows made from quantumcomputing's Posts.xml (ids offset by 100,000 per copy) unless
    /// the file is already there.
    static func makePosts(count: Int, in folder: URL) throws -> URL {
        let target = folder.appendingPathComponent("Posts.xml")
        if FileManager.default.fileExists(atPath: target.path) { return target }
        guard let source = SharedData.path("dumps/quantumcomputing/Posts.xml") else {
            throw BenchError.failed("shared data not found")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let rows = try String(contentsOf: source, encoding: .utf8).split(whereSeparator: \.isNewline).filter { $0.contains("<row ") }
        let partial = target.appendingPathExtension("partial")
        _ = FileManager.default.createFile(atPath: partial.path, contents: nil)
        let handle = try FileHandle(forWritingTo: partial)
        var buffer = "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<posts>\n"
        var written = 0
        var copy = 0
        while written < count {
            for row in rows where written < count {
                buffer += offsetIDs(String(row), by: copy * 100_000)
                buffer += "\n"
                written += 1
                if buffer.utf8.count > 1 << 20 {
                    handle.write(Data(buffer.utf8))
                    buffer = ""
                }
            }
            copy += 1
        }
        buffer += "</posts>\n"
        handle.write(Data(buffer.utf8))
        try handle.close()
        try FileManager.default.moveItem(at: partial, to: target)
        return target
    }

    private static func offsetIDs(_ row: String, by offset: Int) -> String {
        guard offset > 0 else { return row }
        var row = row
        for name in [" Id=\"", " ParentId=\"", " AcceptedAnswerId=\""] {
            guard let start = row.range(of: name), let end = row[start.upperBound...].firstIndex(of: "\""),
                  let value = Int(row[start.upperBound..<end]) else { continue }
            row.replaceSubrange(start.upperBound..<end, with: String(value + offset))
        }
        return row
    }

    private static func fileSize(_ url: URL) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// User plus system CPU seconds of this process (`RUSAGE_SELF`) or its waited-for children.
    static func cpuSeconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// `/proc/loadavg`'s first three fields: other builds on this 2-core machine slow every wall-clock figure.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The process's peak resident set so far (getrusage), in MiB.
    static func peakResidentMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
