import Foundation
import AppCore
import StackAPI
import TeXMath
import TextEngine

/// Lays out a question thread (question, body, answers) as styled lines for a width.
public enum ThreadDocument {
    /// The question view's scrollable content and its measurements (length, posts, blocks).
    public struct Layout: Hashable, Sendable {
        public var lines: [StyledLine]
        public var measure: ThreadMeasure
        /// Every code block drawn as a block, with the rows it occupies, in order (the measure carries them with
        /// their text, so the reducer finds what `Y` copies).
        public var codeBlocks: [CodeBlockPlacement] = [] {
            didSet { measure.codeBlocks = codeBlocks.map { ThreadMeasure.CodeBlock(rows: $0.rows, text: $0.text) } }
        }
        /// True when some code block is drawn plain only because its colours were not ready (laid out with a
        /// `CodeStyler` in `cachedOnly` mode): laying out again without `cachedOnly` colours it.
        public var codeAwaitingStyle = false

        /// `lines` measured: `postStarts` gives the first line of each post, by post id, in any order.
        public init(lines: [StyledLine], postStarts: [Int: Int]) {
            self.lines = lines
            measure = ThreadDocument.measure(lines, postStarts: postStarts)
        }

        /// The first line of each post (the question and each answer), by post id.
        public var anchors: [Int: Int] { measure.postStarts }
    }

    /// All lines of the question view's scrollable content.
    public static func lines(for thread: QuestionState, width: Int, now: Date) -> [StyledLine] {
        layout(for: thread, width: width, now: now).lines
    }

    /// The laid-out thread: lines plus where the question and each answer start.
    public static func layout(for thread: QuestionState, width: Int, now: Date) -> Layout {
        // Never cancelled, so never nil.
        layout(for: thread, width: width, now: now, isCancelled: { false }) ?? Layout(lines: [], postStarts: [:])
    }

    /// The laid-out thread like `layout(for:width:now:)`, or nil soon after `isCancelled` turns true
    /// (asked between posts and every few thousand HTML tokens), so an abandoned layout stops early.
    public static func layout(for thread: QuestionState, width: Int, now: Date, isCancelled: () -> Bool) -> Layout? {
        layout(for: thread, width: width, now: now, code: nil, isCancelled: isCancelled)
    }

    /// The laid-out thread like `layout(for:width:now:isCancelled:)`, its code blocks styled by `code`: the
    /// styler, and whether it may only answer from what it already has (`cachedOnly`).
    /// `math` (nil: none) says which text of the site is math and how it shows.
    public static func layout(for thread: QuestionState, width: Int, now: Date, code: (styler: any CodeStyler, cachedOnly: Bool)?,
                              math: MathOptions? = nil, isCancelled: () -> Bool) -> Layout? {
        // The renderer keeps the code-styling closure, which asks `isCancelled`, only while it runs.
        withoutActuallyEscaping(isCancelled) { isCancelled in
            layout(thread, width: width, now: now, code: code, math: math, isCancelled: isCancelled)
        }
    }

    private static func layout(_ thread: QuestionState, width: Int, now: Date, code: (styler: any CodeStyler, cachedOnly: Bool)?,
                               math: MathOptions?, isCancelled: @escaping () -> Bool) -> Layout? {
        var writer = ThreadLayoutWriter(thread: thread, width: width, now: now, code: code, math: math, isCancelled: isCancelled)
        if let question = thread.question {
            writer.lines += header(question, now: now, width: width, math: math, mine: thread.myMarks[question.questionID])
        } else {
            writer.lines.append(StyledLine([StyledSpan("Question \(thread.questionID)", style: CellStyle(.bold))]))
        }
        writer.lines.append(StyledLine())
        guard let loaded = thread.thread else { return writer.writeWhileLoading() ? writer.finished() : nil }
        return writer.write(loaded) ? writer.finished() : nil
    }

    /// The links `document` cites, in post `postID` at `place`, numbered from `firstNumber` (as it was rendered).
    static func links(of document: RenderedDocument, postID: Int, firstNumber: Int, place: ThreadLink.Place) -> [ThreadLink] {
        document.links.enumerated().map { index, url in
            let text = document.linkTexts.indices.contains(index) ? document.linkTexts[index] : ""
            return ThreadLink(postID: postID, number: firstNumber + index, text: text, url: url, place: place)
        }
    }

    /// The line under a question's body (from the list) while its answers load.
    public static let answersLoadingText = "Loading answers…"

    /// The measurements of `lines`: blocks are the runs of non-blank lines within each post.
    static func measure(_ lines: [StyledLine], postStarts: [Int: Int]) -> ThreadMeasure {
        let starts = postStarts.sorted { $0.value < $1.value }
        var blocks: [ThreadMeasure.Block] = []
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1].value : lines.count
            var index = 0
            var line = start.value
            while line < end {
                guard !isBlank(lines[line]) else { line += 1; continue }
                let first = line
                while line < end, !isBlank(lines[line]) { line += 1 }
                blocks.append(.init(postID: start.key, index: index, line: first, length: line - first))
                index += 1
            }
        }
        return ThreadMeasure(lineCount: lines.count, postStarts: postStarts, blocks: blocks,
                             lineTexts: lines.map { $0.spans.map(\.text).joined() })
    }

    private static func isBlank(_ line: StyledLine) -> Bool {
        line.spans.allSatisfy { $0.text.allSatisfy { $0 == " " } }
    }

    /// What the question view shows before its layout is ready: the question's header and "Laying out…".
    public static func placeholder(for thread: QuestionState, width: Int, now: Date, math: MathOptions? = nil) -> [StyledLine] {
        var lines: [StyledLine]
        if let question = thread.question {
            lines = header(question, now: now, width: width, math: math, mine: thread.myMarks[question.questionID])
        } else {
            lines = [StyledLine([StyledSpan("Question \(thread.questionID)", style: CellStyle(.bold))])]
        }
        lines.append(StyledLine())
        lines.append(StyledLine([StyledSpan(QuestionScreen.layingOutText, style: CellStyle(.dim, color: .muted))]))
        return lines
    }

    /// The question's title, then `▲ 5 · you upvoted · ★ bookmarked · 12 views · asked … · 3 answers` (what the
    /// logged-in user did, `mine`, when anything), then its tags.
    static func header(_ question: Question, now: Date, width: Int, math: MathOptions? = nil, mine: PostMarks? = nil) -> [StyledLine] {
        let title = ShownTitle.of(question.title, math: math)
        var lines = TextWrap.wrap([StyledSpan(title, style: CellStyle(.bold, color: .accent))], width: width)
        var meta = "▲ \(UnknownValue.text(question.score)) · " + myMarks(mine) + Plural.count(question.viewCount, "view")
        meta += " · asked \(RelativeAge.long(question.creationDate, now: now))"
        if let owner = question.owner?.displayName { meta += " by " + TerminalSafety.sanitize(owner) }
        meta += " · " + Plural.count(question.answerCount, "answer")
        lines += TextWrap.wrap([StyledSpan(meta, style: CellStyle(color: .muted))], width: width)
        if !question.tags.isEmpty {
            let tags = question.tags.map { "[" + TerminalSafety.sanitize($0) + "]" }.joined(separator: " ")
            lines += TextWrap.wrap([StyledSpan(tags, style: CellStyle(color: .tag))], width: width)
        }
        return lines
    }

    static func body(_ html: String?, width: Int, math: MathOptions? = nil, isCancelled: () -> Bool) -> [StyledLine]? {
        guard let html, !html.isEmpty else {
            return [StyledLine([StyledSpan("(no body)", style: CellStyle(.dim, color: .muted))])]
        }
        return HTMLRenderer.render(html: html, width: width, styleCode: nil, math: math, isCancelled: isCancelled)?.lines
    }

    /// `you upvoted · ★ bookmarked · ` (each followed by ` · `): what the logged-in user did to a post; "" for nothing.
    static func myMarks(_ marks: PostMarks?) -> String {
        guard let marks else { return "" }
        var parts: [String] = []
        switch marks.vote {
        case .up: parts.append("you upvoted")
        case .down: parts.append("you downvoted")
        case nil: break
        }
        if marks.bookmarked { parts.append("★ bookmarked") }
        return parts.map { $0 + " · " }.joined()
    }

    /// The tag on the rule of an answer that arrived since the question was last read.
    static let newTag = " · new"

    /// `── Answer 2/5 · new · ✓ accepted · ▲ 3 · Ada · 2 days ago ───`: `new` (in its own colour) when the answer
    /// arrived since the question was last read.
    static func answerRule(_ answer: Answer, number: Int, of count: Int, isNew: Bool = false, width: Int, now: Date,
                           mine: PostMarks? = nil) -> StyledLine {
        let color: CellColor = answer.isAccepted ? .success : .accent
        let style = CellStyle(.bold, color: color)
        var rest = ""
        if answer.isAccepted { rest += " · ✓ accepted" }
        rest += " · ▲ \(UnknownValue.text(answer.score))"
        let marks = myMarks(mine)
        if !marks.isEmpty { rest += " · " + marks.dropLast(3) }
        if let owner = answer.owner?.displayName { rest += " · " + TerminalSafety.sanitize(owner) }
        rest += " · " + RelativeAge.long(answer.creationDate, now: now) + " "
        var parts: [(String, CellStyle)] = [("── Answer \(number)/\(count)", style)]
        if isNew { parts.append((newTag, CellStyle(.bold, color: .warning))) }
        parts.append((rest, style))
        var spans: [StyledSpan] = []
        var room = width
        for (text, partStyle) in parts where room > 0 {
            let shown = TextWidth.truncate(text, to: room)
            spans.append(StyledSpan(shown, style: partStyle))
            room -= TextWidth.of(shown)
        }
        spans.append(StyledSpan(String(repeating: "─", count: max(0, room)), style: style))
        return StyledLine(spans)
    }
}
