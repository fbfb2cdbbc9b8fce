import AppCore
import Foundation
import Rendering
import StackAPI
import StackDump
import TerminalUI
import TestSupport
import TextEngine

/// Issue 3's in-process figures: the longest real body, and key → frame on a 10,000-question list.
@MainActor
enum RenderBenchmarks {
    /// HTMLRenderer on the longest real body in the shared dumps (quantumcomputing post 1971).
    static func longestBody() throws {
        guard let folder = SharedData.path("dumps/quantumcomputing") else { return }
        let post = try DumpReader.posts(inFolder: folder).max { $0.body.count < $1.body.count }!
        let body = String(decoding: Array(post.body.utf8), as: UTF8.self) // a native UTF-8 string, as the network layer makes
        var lines = 0
        let samples = Measure.samples(iterations: 200) {
            lines = HTMLRenderer.render(html: body, width: 100).lines.count
        }
        report("render longest real body (quantumcomputing post \(post.id), \(post.body.count) chars → \(lines) lines at 100 cols)",
               Measure.summary(samples), goal: "≤ 2 ms", met: Measure.median(samples) <= 2)
    }

    /// One `j` press on a 10,000-question list at 200×60: reduce, render into the buffer, present through curses.
    static func keyToFrame() throws {
        guard let folder = SharedData.path("dumps/cardano") else { return }
        let realQuestions = try DumpReader.posts(inFolder: folder).filter { $0.postTypeID == 1 }
        try keyToFrame(site: "cardano", posts: realQuestions, label: "key → frame, 10,000 questions at 200×60")
    }

    /// The same on a math site's list: quantumcomputing's questions whose titles hold `$`, each row's title typeset.
    static func keyToFrameWithMathTitles() throws {
        guard let folder = SharedData.path("dumps/quantumcomputing") else { return }
        let mathTitles = try DumpReader.posts(inFolder: folder).filter { $0.postTypeID == 1 && ($0.title ?? "").contains("$") }
        try keyToFrame(site: "quantumcomputing", posts: mathTitles,
                       label: "key → frame, 10,000 questions at 200×60, every title with TeX (\(mathTitles.count) quantumcomputing titles over and over)")
    }

    /// `j`/`k` on a list of 10,000 questions made from `posts` (repeated as needed) on `site`.
    private static func keyToFrame(site: String, posts: [DumpPost], label: String) throws {
        guard !posts.isEmpty else { return }
        var questions: [Question] = []
        while questions.count < 10_000 {
            for post in posts where questions.count < 10_000 {
                questions.append(Fixtures.question(id: questions.count + 1, title: post.title ?? "", score: post.score,
                                                   answers: post.answerCount ?? 0, tags: post.tags,
                                                   created: Int(post.creationDate.timeIntervalSince1970)))
            }
        }
        var state = AppState(settings: BrowseSettings(site: site), viewport: Viewport(columns: 200, rows: 60))
        guard case let .load(token, .questions(_, _, _, _))? = Reducer.reduce(&state, .start).first else { return }
        _ = Reducer.reduce(&state, .loaded(token, .questions(.success(Page(items: questions, hasMore: false, page: 1)))))
        for _ in 0..<5_000 { _ = Reducer.reduce(&state, .command(.moveDown)) } // somewhere in the middle

        let terminal = try Terminal(inputPath: "/dev/null", outputPath: "/dev/null", terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        terminal.resize(columns: 200, rows: 60)
        let now = Date()
        var down = true
        let samples = Measure.samples(iterations: 500) {
            _ = Reducer.reduce(&state, .command(down ? .moveDown : .moveUp))
            down.toggle()
            let frame = AppScreen.render(state, threadLayout: nil, now: now)
            _ = terminal.present(frame.buffer)
        }
        let renderOnly = Measure.samples(iterations: 300) { _ = AppScreen.render(state, threadLayout: nil, now: now) }
        report("\(label) (reduce + render + curses present)",
               Measure.summary(samples) + String(format: "; of which render %.3f ms", Measure.median(renderOnly)),
               goal: "≤ 1 ms", met: Measure.median(samples) <= 1)
    }
}
