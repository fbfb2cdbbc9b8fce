import Foundation
import AppCore
import StackAPI
import TeXMath
import TextEngine

/// Draws the question view: a header, the scrolled thread document, and the status line.
public enum QuestionScreen {
    /// The status line's words while the thread's layout is not ready.
    public static let layingOutText = "Laying out…"

    /// The width the thread document is laid out at for `viewport`: a column of margin on each side, and at most
    /// `maxWidth` (the config's `max_width`) so lines stay readable on a wide terminal.
    public static func layoutWidth(for viewport: Viewport, maxWidth: Int = SharedState.defaultMaxTextWidth) -> Int {
        max(1, min(viewport.columns - 2, maxWidth))
    }

    /// The width the question on top of `state` is laid out at.
    public static func layoutWidth(for state: AppState) -> Int {
        layoutWidth(for: state.viewport, maxWidth: state.shared.maxTextWidth)
    }

    /// The column the text starts at: the text column of `width` centred in the terminal, a margin of at least one.
    static func textColumn(width: Int, columns: Int) -> Int {
        max(1, (columns - width) / 2)
    }

    /// Draws `thread` with `layout`, its document at `width` (`layoutWidth(for:)`) centred on the screen; while
    /// `layout` is nil (not laid out yet) only the question's header and a "Laying out…" line.
    /// A saved question says so beside the site's name.
    /// `math` (nil: none) typesets the title's formulas and the placeholder's.
    public static func draw(_ thread: QuestionState, site: String, saved: Bool = false, layout: ThreadDocument.Layout?, width: Int,
                            rows: Int, now: Date, math: MathOptions? = nil, into buffer: inout ScreenBuffer) {
        let contentWidth = max(1, min(width, buffer.width - 2))
        let x = textColumn(width: contentWidth, columns: buffer.width)
        let lines = layout?.lines ?? ThreadDocument.placeholder(for: thread, width: contentWidth, now: now, math: math)
        let title = thread.question.map { ShownTitle.of($0.title, math: math) }
            ?? "Question \(thread.questionID)"
        Chrome.drawHeader(left: title, right: saved ? "★ saved · " + site : site, into: &buffer)
        let top = layout == nil ? 0 : max(0, min(thread.scroll, lines.count - 1))
        let find = layout == nil ? nil : thread.find.flatMap { $0.matches.isEmpty ? nil : $0 }
        for (offset, line) in lines.dropFirst(top).prefix(rows).enumerated() {
            let shown = find.map { FindHighlight.apply($0, to: line, number: top + offset) } ?? line
            buffer.write(line: shown, x: x, y: offset + 1, maxWidth: contentWidth)
        }
    }

    /// Where the reader is: the current post ("answer 3/12", "question": `QuestionState.currentPost(rows:)`, the one
    /// `]`/`[` count from) once answers are known, then how far down ("Top", "45%", "Bottom", "All").
    static func positionText(_ thread: QuestionState, rows: Int, total: Int) -> String {
        let position = positionText(top: thread.scroll, rows: rows, total: total)
        guard let answers = thread.thread?.answers, !answers.isEmpty, let post = thread.currentPost(rows: rows) else { return position }
        guard let index = answers.firstIndex(where: { $0.answerID == post }) else { return "question · " + position }
        return "answer \(index + 1)/\(answers.count) · " + position
    }

    static func positionText(top: Int, rows: Int, total: Int) -> String {
        guard total > rows else { return "All" }
        if top == 0 { return "Top" }
        if top + rows >= total { return "Bottom" }
        return "\(top * 100 / max(1, total - rows))%"
    }
}

/// What a thread's layout depends on: when any of it changes, the thread is laid out again.
public struct ThreadLayoutKey: Hashable, Sendable {
    var questionID: Int
    var width: Int
    var loaded: Bool
    var answerCount: Int
    var error: String?
    var indicator: Bool
    var pending: Bool
    var showComments: Bool
    var comments: Int?
    var commentsPending: Bool
    var newAnswers: Set<Int>
    var related: [LinkedQuestion]
    var math: SiteMath?
    /// The posts' scores and accepted marks, and the user's votes and bookmark: a write changes them in place.
    var scores: [Int?]
    var acceptedAnswer: Int?
    var myMarks: [Int: PostMarks]
    /// The preview of what the user writes, and whether it is on its way.
    var preview: ComposedPost?
    var sending: Bool

    /// The key of `thread` laid out at `width` with the site's `math` (nil: none).
    public init(thread: QuestionState, width: Int, math: SiteMath? = nil) {
        self.math = math
        questionID = thread.questionID
        self.width = width
        loaded = thread.thread != nil
        answerCount = thread.thread?.answers.count ?? -1
        error = thread.error?.summary
        indicator = thread.pending?.indicatorVisible ?? false
        pending = thread.pending != nil
        showComments = thread.showComments
        comments = thread.comments.map { $0.values.reduce(0) { $0 + $1.count } }
        commentsPending = thread.postComments.token != nil
        newAnswers = thread.newAnswerIDs
        related = thread.related
        scores = [thread.question?.score] + (thread.thread?.answers.map(\.score) ?? [])
        acceptedAnswer = thread.thread?.answers.first(where: \.isAccepted)?.answerID
        myMarks = thread.myMarks
        preview = thread.compose?.preview
        sending = if case .sending = thread.compose?.stage { true } else { false }
    }
}

extension QuestionState: ScreenView {
    func draw(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date, into buffer: inout ScreenBuffer) {
        QuestionScreen.draw(self, site: state.shared.site, saved: state.shared.savedIDs.contains(questionID), layout: threadLayout,
                            width: QuestionScreen.layoutWidth(for: state), rows: state.viewport.contentRows, now: now, math: state.siteMath.options, into: &buffer)
    }

    func status(_ state: AppState, threadLayout: ThreadDocument.Layout?, now: Date) -> (left: String, hints: [String]) {
        let shared = state.shared
        let left: String
        if pending?.indicatorVisible == true && summary?.body == nil { left = "Loading…" }
        else if let layout = threadLayout {
            left = QuestionScreen.positionText(self, rows: shared.viewport.contentRows, total: layout.lines.count)
        } else { left = QuestionScreen.layingOutText }
        return (left, [StatusLine.hint(.toggleComments, "comments", shared), StatusLine.hint(.backOrQuit, "back", shared),
                       StatusLine.hint(.help, "help", shared)])
    }
}
