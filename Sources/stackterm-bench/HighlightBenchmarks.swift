import Foundation
import Highlighting
import StackDump
import TestSupport
import TextEngine

/// Issue 9 part 6's figures: code blocks from the shared dumps highlighted by libsource-highlight (in process,
/// through `Highlighting`) and by Python's pygments (a `python3` child timing its own loop), side by side.
@MainActor
enum HighlightBenchmarks {
    /// The blocks of one language: real code from one site's bodies, chosen by `CodeLanguage` from classes and tags.
    struct Corpus {
        var language: String
        var site: String
        var blocks: [String]
        var lineCount: Int { blocks.reduce(0) { $0 + $1.split(separator: "\n", omittingEmptySubsequences: false).count } }
    }

    /// Python (quantumcomputing: qiskit, cirq), Haskell (cardano: plutus) and shell (cardano-cli) blocks, each
    /// set cut after about 400 lines; the time of one pass over a set, and pygments' time for the same pass.
    static func highlight() throws {
        let corpora = try [
            corpus("python", site: "quantumcomputing"),
            corpus("haskell", site: "cardano"),
            corpus("sh", site: "cardano"),
        ].compactMap { $0 }
        guard !corpora.isEmpty else { return }
        let library = SourceHighlight()
        guard library.dataDirectory != nil else {
            report("highlight", "skipped: no source-highlight data directory (install libsource-highlight-dev)")
            return
        }
        let pygments = PygmentsRunner.run(corpora, iterations: 30)
        if case .skipped(let why) = pygments { report("highlight pygments side", "skipped: \(why)") }

        for corpus in corpora {
            let cold = Measure.now()
            _ = library.highlight(corpus.blocks[0], language: corpus.language)
            let firstCall = (Measure.now() - cold) * 1000
            let (ours, styled, samples) = passes(over: corpus, with: library)
            let name = "highlight \(corpus.language): \(corpus.blocks.count) blocks (\(styled) coloured), \(corpus.lineCount) lines (\(corpus.site))"
            report("\(name), libsource-highlight → styled lines", String(format: "CPU median %.3f ms (%.3f ms per block); wall ", ours,
                   ours / Double(corpus.blocks.count)) + Measure.summary(samples) + String(format: "; first call with the definition load %.1f ms", firstCall))
            let plain = passes(over: corpus, with: SourceHighlight(dataDirectory: library.dataDirectory, rules: .library)).cpu
            report("\(name), the same with the library's own rules (no memoizing)", String(format: "CPU median %.3f ms (%.1f× ours)", plain, plain / ours))
            guard case .measured(let times, _) = pygments, let theirs = times[corpus.language] else { continue }
            report("\(name), pygments \(PygmentsRunner.version(pygments)) lex", String(format: "CPU median %.3f ms (n=30)", theirs))
            let ratio = theirs / ours
            report("\(name), pygments ÷ libsource-highlight (CPU time)", String(format: "%.1f×", ratio), goal: "≥ 3×", met: ratio >= 3)
        }
        longLines(library)
    }

    /// Long lines (numbers, operators) with each kind of rules: what the line cap (`SourceHighlight.maximumLineBytes`)
    /// has to allow for. 10 KB as Python with both kinds; 16 KiB (the cap) with the memoized rules as Python and as
    /// C++ (the slowest definition of those measured). One call each, CPU time.
    static func longLines(_ library: SourceHighlight) {
        let lines = [
            ("numbers", "x = [" + (0..<4000).map(String.init).joined(separator: ", ") + "]"),
            ("operators", String(repeating: "+-*/", count: 4096)),
        ]
        let cases: [(bytes: Int, language: String, rules: SourceHighlight.Rules)] = [
            (10_240, "python", .memoized), (10_240, "python", .library), (16_384, "python", .memoized), (16_384, "cpp", .memoized),
        ]
        for (kind, line) in lines {
            for (bytes, language, rules) in cases {
                let text = String(line.prefix(bytes))
                let highlighter = SourceHighlight(dataDirectory: library.dataDirectory, rules: rules)
                let start = Measure.threadCPUNow()
                let outcome = highlighter.highlight(text, language: language)
                let cpu = (Measure.threadCPUNow() - start) * 1000
                let tokens = if case .tokens(let found) = outcome { found.count } else { 0 }
                report("highlight one \(text.utf8.count)-byte line of \(kind) (\(language)), \(rules == .memoized ? "memoized" : "the library's own") rules",
                       String(format: "CPU %.1f ms, %d tokens", cpu, tokens))
            }
        }
    }

    /// 30 passes over `corpus` (after 3 warm-up passes), each with a fresh cache so every block is highlighted and
    /// styled: the median CPU milliseconds of a pass, how many blocks came out coloured, and the wall samples.
    static func passes(over corpus: Corpus, with library: SourceHighlight) -> (cpu: Double, styled: Int, samples: [Double]) {
        var styled = 0
        var cpu: [Double] = []
        let samples = Measure.samples(iterations: 30) {
            let start = Measure.threadCPUNow()
            let highlighter = CodeHighlighter(library: library)
            styled = 0
            for block in corpus.blocks {
                if case .styled = highlighter.styling(block, language: corpus.language) { styled += 1 }
            }
            cpu.append((Measure.threadCPUNow() - start) * 1000)
        }
        return (Measure.median(Array(cpu.suffix(30))), styled, samples)
    }

    /// The first blocks of `language` in `site`'s posts, up to about 400 lines (nil when the data is absent).
    static func corpus(_ language: String, site: String) throws -> Corpus? {
        guard let folder = SharedData.path("dumps/\(site)") else { return nil }
        let posts = try DumpReader.posts(inFolder: folder)
        var tagsOfQuestion: [Int: [String]] = [:]
        for post in posts where post.isQuestion { tagsOfQuestion[post.id] = post.tags }
        var result = Corpus(language: language, site: site, blocks: [])
        for post in posts.sorted(by: { $0.id < $1.id }) where post.body.contains("<pre") {
            let tags = post.isQuestion ? post.tags : post.parentID.flatMap { tagsOfQuestion[$0] } ?? []
            var blocks: [String] = []
            _ = HTMLRenderer.render(html: post.body, width: 100, styleCode: { code, classes in
                if CodeLanguage.choose(classes: classes, tags: tags) == language { blocks.append(code) }
                return .plain
            }, isCancelled: { false })
            for block in blocks where result.lineCount < 400 && block.split(separator: "\n").count >= 3 {
                result.blocks.append(block)
            }
            if result.lineCount >= 400 { break }
        }
        return result.blocks.isEmpty ? nil : result
    }
}

/// Runs pygments over the same blocks in a `python3` child, which times its own loop (so interpreter start-up
/// and the JSON hand-over are not counted): median CPU milliseconds of one pass over each corpus. Both sides
/// are timed in CPU time of their thread, not wall time: on a machine shared with other builds, wall time
/// measures the scheduler as much as the highlighter.
enum PygmentsRunner {
    enum Outcome {
        case measured([String: Double], version: String)
        case skipped(String)
    }

    /// source-highlight names → pygments lexer names.
    static let lexers = ["python": "python", "haskell": "haskell", "sh": "bash"]

    static func version(_ outcome: Outcome) -> String {
        if case .measured(_, let version) = outcome { return version }
        return ""
    }

    static func run(_ corpora: [HighlightBenchmarks.Corpus], iterations: Int) -> Outcome {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("stackterm-bench-pygments-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: input) }
        let payload = corpora.map { ["language": $0.language, "lexer": lexers[$0.language] ?? $0.language, "blocks": $0.blocks] as [String: Any] }
        do {
            try JSONSerialization.data(withJSONObject: ["iterations": iterations, "corpora": payload]).write(to: input)
        } catch {
            return .skipped("cannot write the blocks for python3: \(error)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, input.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .skipped("python3 could not be started (\(error))")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 { return .skipped("pygments is not installed for python3 (pip install pygments)") }
        if process.terminationStatus == 127 { return .skipped("python3 is not installed") }
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let times = object["times"] as? [String: Double] else {
            return .skipped("python3 failed (status \(process.terminationStatus)): \(errorText.prefix(300))")
        }
        return .measured(times, version: object["version"] as? String ?? "?")
    }

    /// Exits 3 without pygments; prints {"version": …, "times": {language: median ms of one pass}}.
    static let script = """
    import json, sys, time
    try:
        import pygments
        from pygments.lexers import get_lexer_by_name
    except ImportError:
        sys.exit(3)
    spec = json.load(open(sys.argv[1]))
    times = {}
    for corpus in spec["corpora"]:
        lexer = get_lexer_by_name(corpus["lexer"])
        blocks = corpus["blocks"]
        def one_pass():
            for block in blocks:
                for _ in lexer.get_tokens(block):
                    pass
        for _ in range(3):
            one_pass()
        samples = []
        for _ in range(spec["iterations"]):
            start = time.thread_time()
            one_pass()
            samples.append((time.thread_time() - start) * 1000)
        samples.sort()
        times[corpus["language"]] = samples[len(samples) // 2]
    print(json.dumps({"version": pygments.__version__, "times": times}))
    """
}
