import Foundation
import StackDump
import TestSupport

/// The dump reader's speed and memory: rows per second through `DumpReader.forEachPost`, and the peak
/// resident memory while reading a file far larger than any of the shared dumps.
enum DumpBenchmarks {
    /// How many times the largest Posts.xml's rows are repeated in the synthetic file (in the temporary folder).
    static let copies = 40

    /// Reads the largest shared Posts.xml (median of 15 reads), then a file of its rows repeated `copies` times.
    /// Rows per CPU second (user + system) beside rows per wall-clock second: on the shared machine the first
    /// stays put while the second moves with the load; the goal is judged on the CPU figure.
    static func readPosts() throws {
        guard let source = largestPostsFile() else { return }
        let size = fileSize(source)
        var rows = 0
        var cpu: [Double] = []
        let wall = try Measure.samples(iterations: 15, warmup: 1) {
            let start = ProcessMemory.cpuSeconds()
            rows = try countPosts(source)
            cpu.append(ProcessMemory.cpuSeconds() - start)
        }
        let seconds = Measure.median(wall) / 1000, cpuSeconds = Measure.median(Array(cpu.suffix(wall.count)))
        report("dumpread: \(source.deletingLastPathComponent().lastPathComponent)/Posts.xml (\(rows) rows, \(mb(size)) MB) through DumpReader.forEachPost",
               String(format: "%.0f rows per CPU second, %.0f rows/s wall clock (%.1f MB/s) (medians of %d reads)",
                      Double(rows) / cpuSeconds, Double(rows) / seconds, Double(size) / 1e6 / seconds, wall.count),
               goal: "≥ 15,000 rows per CPU second", met: Double(rows) / cpuSeconds >= 15_000)

        let big = try repeatedRows(of: source, copies: copies)
        defer { try? FileManager.default.removeItem(at: big) }
        let before = ProcessMemory.resetPeak()
        let start = Measure.now(), startCPU = ProcessMemory.cpuSeconds()
        let bigRows = try countPosts(big)
        let bigSeconds = Measure.now() - start, bigCPU = ProcessMemory.cpuSeconds() - startCPU
        let peak = ProcessMemory.peakMiB() ?? .nan
        report("dumpread: its rows \(copies)× in one file (\(bigRows) rows, \(mb(fileSize(big))) MB)",
               String(format: "%.0f rows per CPU second, %.0f rows/s wall clock; peak resident memory of the process %.1f MiB (%.1f MiB before the read%@)",
                      Double(bigRows) / bigCPU, Double(bigRows) / bigSeconds, peak, before ?? .nan, before == nil ? ", peak not reset" : ""))
    }

    private static func countPosts(_ url: URL) throws -> Int {
        var rows = 0
        try DumpReader.forEachPost(in: url) { _ in rows += 1 } // each post is built whole before the call
        return rows
    }

    private static func largestPostsFile() -> URL? {
        SharedData.dumpFolders.map { $0.appendingPathComponent("Posts.xml") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
            .max { fileSize($0) < fileSize($1) }
    }

    /// The file's declaration and root element around its `<row>` lines written `copies` times over.
    private static func repeatedRows(of source: URL, copies: Int) throws -> URL {
        let text = try Data(contentsOf: source)
        guard let first = text.firstRange(of: Data("<row ".utf8)),
              let last = text.lastRange(of: Data("/>".utf8)) else { throw CocoaError(.fileReadCorruptFile) }
        let rows = text[first.lowerBound..<last.upperBound]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-bench-Posts-\(getpid()).xml")
        guard FileManager.default.createFile(atPath: url.path, contents: text[..<first.lowerBound]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        for _ in 0..<copies { handle.write(rows); handle.write(Data("\n  ".utf8)) }
        handle.write(text[last.upperBound...])
        return url
    }

    private static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    private static func mb(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }
}

/// This process's resident memory, from `/proc/self`.
enum ProcessMemory {
    /// Resets the peak (`VmHWM`) to the current resident size (writes 5 to `/proc/self/clear_refs`);
    /// returns that size in MiB, or nil when the kernel refused.
    static func resetPeak() -> Double? {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return nil }
        defer { try? handle.close() }
        guard (try? handle.write(contentsOf: Data("5".utf8))) != nil else { return nil }
        return field("VmRSS:")
    }

    /// User + system CPU seconds this process has used so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Peak resident memory in MiB since the start or the last `resetPeak()`.
    static func peakMiB() -> Double? { field("VmHWM:") }

    private static func field(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kiB = Double(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        else { return nil }
        return kiB / 1024
    }
}
