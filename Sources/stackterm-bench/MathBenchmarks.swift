import AppCore
import Foundation
import Rendering
import StackAPI
import StackDump
import TeXMath
import TestSupport

/// Issue 30's figures: laying out the Quantum Computing thread with the most math typeset against the same thread
/// with its math as source, and hostile TeX through the real binary (first screen, peak memory, `Q`).
/// `STACKTERM_BENCH_MATH_ITERATIONS=600` lays the thread out that many times (warm, then with TeXMath's formula
/// cache emptied before each) and skips the hostile runs (for a profiler).
@MainActor
enum MathBenchmarks {
    static func all(double: DoubleProcess) throws {
        try mathThreadLayout()
        if ProcessInfo.processInfo.environment["STACKTERM_BENCH_MATH_ITERATIONS"] == nil { try hostileTeX(double: double) }
    }

    /// `ThreadDocument.layout` of the thread (question and answers) with the most math spans in the dump, at 98
    /// columns: typeset (the app on a math site) against the math left as written (`nil` options).
    static func mathThreadLayout() throws {
        guard let folder = SharedData.path("dumps/quantumcomputing") else { return }
        let posts = try DumpReader.posts(inFolder: folder)
        let options = try quantumComputing()
        func spans(_ post: DumpPost) -> Int {
            MathSpans.split(post.body, options.delimiters).filter { if case .text = $0 { false } else { true } }.count
        }
        let answersByQuestion = Dictionary(grouping: posts.filter { $0.postTypeID == 2 }, by: { $0.parentID ?? 0 })
        let questions = posts.filter { $0.postTypeID == 1 }
        guard let richest = questions.max(by: { lhs, rhs in
            spans(lhs) + (answersByQuestion[lhs.id] ?? []).map(spans).reduce(0, +)
                < spans(rhs) + (answersByQuestion[rhs.id] ?? []).map(spans).reduce(0, +)
        }) else { return }
        let answers = (answersByQuestion[richest.id] ?? []).map {
            RealThreads.answer(from: $0, site: "quantumcomputing", acceptedID: richest.acceptedAnswerID)
        }
        var thread = QuestionState(questionID: richest.id, summary: nil)
        thread.thread = QuestionThread(question: RealThreads.question(from: richest, site: "quantumcomputing"), answers: answers)
        let spanCount = spans(richest) + (answersByQuestion[richest.id] ?? []).map(spans).reduce(0, +)
        let now = Date()
        var lines = 0
        let iterations = Int(ProcessInfo.processInfo.environment["STACKTERM_BENCH_MATH_ITERATIONS"] ?? "30") ?? 30
        let typeset = Measure.samples(iterations: iterations, warmup: 3) {
            lines = ThreadDocument.layout(for: thread, width: 98, now: now, code: nil, math: options, isCancelled: { false })?.lines.count ?? 0
        }
        var cold: [Double] = []
        for _ in 0..<iterations {
            FormulaCache.shared.removeAll()
            let start = Measure.now()
            _ = ThreadDocument.layout(for: thread, width: 98, now: now, code: nil, math: options, isCancelled: { false })
            cold.append((Measure.now() - start) * 1000)
        }
        var sourceOptions = options
        sourceOptions.showsSource = true
        let source = Measure.samples(iterations: 30, warmup: 3) {
            _ = ThreadDocument.layout(for: thread, width: 98, now: now, code: nil, math: sourceOptions, isCancelled: { false })
        }
        let plain = Measure.samples(iterations: 30, warmup: 3) {
            _ = ThreadDocument.layout(for: thread, width: 98, now: now, code: nil, math: nil, isCancelled: { false })
        }
        let ratio = Measure.median(typeset) / Measure.median(source)
        let coldRatio = Measure.median(cold) / Measure.median(source)
        report("math thread layout: quantumcomputing question \(richest.id) with \(answers.count) answers and \(spanCount) math spans "
               + "(\(lines) lines at 98 cols), typeset (laid out again: its formulas from the cache) vs shown as source (the $ key)",
               Measure.summary(typeset) + String(format: "; as source %.2f ms; ratio %.2f× (no math at all, every $ text: %.2f ms, %.2f×)",
                                                 Measure.median(source), ratio, Measure.median(plain),
                                                 Measure.median(typeset) / Measure.median(plain)),
               goal: "≤ 2× the source", met: ratio <= 2)
        report("the same thread typeset with the process's formula cache emptied before each layout (every formula typeset)",
               Measure.summary(cold) + String(format: "; ratio %.2f× the source", coldRatio),
               goal: "≤ 2× the source", met: coldRatio <= 2)
    }

    /// Quantum Computing's options, or an error when the table lost the site.
    private static func quantumComputing() throws -> MathOptions {
        guard let options = MathOptions.forSite("quantumcomputing") else { throw BenchError.failed("quantumcomputing is not a math site") }
        return options
    }

    /// Each hostile body (`tex_body`) as the first question's on a math site: Enter → its first screen drawn, the
    /// process's peak memory, then `Q` → exit.
    static func hostileTeX(double: DoubleProcess) throws {
        defer { try? double.clearFaults() }
        for kind in ["braces", "megabyte", "frac", "matrix", "all"] {
            try double.setFaults("tex_body=\(kind)&path=/questions")
            let app = try TerminalBenchmarks.stackterm(double, ["--site", "quantumcomputing"])
            guard app.waitForOutput(containing: "quota", timeout: 30) else { throw BenchError.timeout("first titles: \(kind)") }
            app.clearOutput()
            let start = Measure.now()
            app.send("\r")
            guard app.waitForOutput(containing: "Hostile TeX follows", timeout: 30) else { throw BenchError.timeout("first screen: \(kind)") }
            let firstScreen = (Measure.now() - start) * 1000
            usleep(300_000)
            let peak = app.peakResidentMiB() ?? .nan
            let quitStart = Measure.now()
            app.send("Q")
            let status = app.waitForExit(timeout: 5)
            let quit = (Measure.now() - quitStart) * 1000
            report("hostile TeX (\(kind)): Enter → first screen, peak memory, Q → exit",
                   String(format: "%.0f ms; peak %.1f MiB; quit %.0f ms, exit status %@", firstScreen, peak, quit,
                          status.map { "\($0)" } ?? "none (hung)"),
                   goal: "≤ 1 s, ≤ 100 MB, quit ≤ 100 ms", met: firstScreen <= 1_000 && peak <= 100 && quit <= 100 && status == 0)
        }
    }
}
