import AppCore
import Foundation
import StackAPI
import TeXMath
import TextEngine

/// Writes one thread's layout, post after post (`ThreadDocument.layout`): the lines so far, where each post starts,
/// the code blocks at the rows they got, the links numbered through the thread. A write answers false when the layout
/// was abandoned (`isCancelled`) on the way.
struct ThreadLayoutWriter {
    let thread: QuestionState
    let width: Int
    let now: Date
    let isCancelled: () -> Bool
    /// Colours a code block (nil: plain), asking `isCancelled` before each block.
    let styleCode: ((String, String) -> CodeStyling)?
    /// The site's math (nil: none).
    let math: MathOptions?
    var lines: [StyledLine] = []
    private var anchors: [Int: Int]
    private var codeBlocks: [CodeBlockPlacement] = []
    private var inlineFormulas: [FormulaPlacement] = []
    private var codeAwaitingStyle = false
    private var links: [ThreadLink] = []
    /// The post being written (the question's, then each answer's).
    private var postID: Int

    init(thread: QuestionState, width: Int, now: Date, code: (styler: any CodeStyler, cachedOnly: Bool)?, math: MathOptions? = nil,
         isCancelled: @escaping () -> Bool) {
        self.thread = thread
        self.math = math
        self.width = width
        self.now = now
        self.isCancelled = isCancelled
        anchors = [thread.questionID: 0]
        postID = thread.questionID
        // Highlighting a block can take milliseconds and the renderer looks at `isCancelled` only every few thousand
        // tokens, so an abandoned layout stops asking for colours at once.
        let tags = thread.question?.tags ?? []
        styleCode = code.map { code in
            { (text: String, classes: String) -> CodeStyling in
                if !code.cachedOnly, isCancelled() { return .plain }
                return code.styler.styling(code: text, classes: classes, tags: tags, cachedOnly: code.cachedOnly)
            }
        }
    }

    /// The layout written.
    func finished() -> ThreadDocument.Layout {
        var layout = ThreadDocument.Layout(lines: lines, postStarts: anchors)
        layout.codeBlocks = codeBlocks
        layout.codeAwaitingStyle = codeAwaitingStyle
        layout.measure.links = links
        layout.measure.inlineFormulas = inlineFormulas
        return layout
    }

    /// Before the thread arrives: the list page's body, if it carried one, at once, and the answers' loading line
    /// below it (or the error, or the loading indicator).
    mutating func writeWhileLoading() -> Bool {
        let listBody = thread.summary?.body.flatMap { $0.isEmpty ? nil : $0 }
        if let listBody {
            guard let questionBody = body(listBody) else { return false }
            lines += questionBody
            lines.append(StyledLine())
        }
        let muted = CellStyle(.dim, color: .muted)
        if let error = thread.error {
            lines += TextWrap.wrap([StyledSpan("⚠ " + error.summary(retryKey: nil), style: CellStyle(.bold, color: .error))], width: width)
        } else if listBody != nil, thread.pending != nil {
            lines.append(StyledLine([StyledSpan(ThreadDocument.answersLoadingText, style: muted)]))
        } else if thread.pending?.indicatorVisible == true {
            lines.append(StyledLine([StyledSpan("Loading question and answers…", style: muted)]))
        }
        return true
    }

    /// The whole thread: the question's body, comments and linked questions, each answer under its rule, then the
    /// attribution.
    mutating func write(_ loaded: QuestionThread) -> Bool {
        guard let questionBody = body(loaded.question.body), let questionComments = comments(of: loaded.question.questionID)
        else { return false }
        lines += questionBody
        lines += questionComments
        if !thread.related.isEmpty {
            let section = LinkedSection.layout(thread.related, postID: thread.questionID, firstNumber: links.count + 1, width: width,
                                               math: math)
            lines.append(StyledLine())
            lines += section.lines
            links += section.links
        }
        lines.append(StyledLine())
        if loaded.answers.isEmpty {
            lines += [StyledLine([StyledSpan("No answers yet.", style: CellStyle(.dim, color: .muted))]), StyledLine()]
        }
        let newAnswers = thread.newAnswerIDs
        for (index, answer) in loaded.answers.enumerated() {
            anchors[answer.answerID] = lines.count
            postID = answer.answerID
            lines.append(ThreadDocument.answerRule(answer, number: index + 1, of: loaded.answers.count,
                                                   isNew: newAnswers.contains(answer.answerID), width: width, now: now,
                                                   mine: thread.myMarks[answer.answerID]))
            lines.append(StyledLine())
            guard let answerBody = body(answer.body), let answerComments = comments(of: answer.answerID) else { return false }
            lines += answerBody
            lines += answerComments
            lines.append(StyledLine())
        }
        if let compose = thread.compose, let preview = compose.preview {
            guard writePreview(preview, of: compose, loaded) else { return false }
        }
        lines += ThreadAttribution.lines(for: loaded.question, width: width)
        return true
    }

    /// `── Preview of your answer · Enter sends it ───` and the post as the API would create it; false when abandoned.
    private mutating func writePreview(_ preview: ComposedPost, of compose: ComposeState, _ loaded: QuestionThread) -> Bool {
        let place: String = switch compose.compose.target {
        case .answer: "your answer"
        case .comment(let postID) where postID == loaded.question.questionID: "your comment on the question"
        case .comment(let postID): "your comment on answer \(postID)"
        }
        let state = if case .sending = compose.stage { "sending…" } else { "Enter sends it" }
        let style = CellStyle(.bold, color: .warning)
        let title = "── Preview of \(place) · \(state) "
        let shown = TextWidth.truncate(title, to: width)
        lines.append(StyledLine([StyledSpan(shown, style: style),
                                 StyledSpan(String(repeating: "─", count: max(0, width - TextWidth.of(shown))), style: style)]))
        lines.append(StyledLine())
        guard let previewBody = body(preview.body) else { return false }
        lines += previewBody
        lines.append(StyledLine())
        return true
    }

    /// A post's body lines, its code blocks noted at the rows they will have in `lines`; nil when abandoned.
    private mutating func body(_ html: String?) -> [StyledLine]? {
        guard let html, !html.isEmpty else { return ThreadDocument.body(nil, width: width, isCancelled: isCancelled) }
        guard let document = HTMLRenderer.render(html: html, width: width, styleCode: styleCode, firstLinkNumber: links.count + 1,
                                                 math: math, isCancelled: isCancelled) else { return nil }
        // Display formulas are blocks too: `}` stops at them and `Y` copies their TeX.
        let blocks = (document.codePlacements + document.mathBlocks).sorted { $0.rows.lowerBound < $1.rows.lowerBound }
        for placement in blocks {
            let rows = placement.rows
            codeBlocks.append(CodeBlockPlacement(rows: (rows.lowerBound + lines.count)..<(rows.upperBound + lines.count),
                                                 text: placement.text))
        }
        for formula in document.inlineMath {
            let rows = formula.rows
            inlineFormulas.append(FormulaPlacement(rows: (rows.lowerBound + lines.count)..<(rows.upperBound + lines.count),
                                                   shown: formula.shown, text: formula.text))
        }
        codeAwaitingStyle = codeAwaitingStyle || document.codeAwaitingStyle
        links += ThreadDocument.links(of: document, postID: postID, firstNumber: links.count + 1, place: .body)
        return document.lines
    }

    /// The comments of post `id` (when shown), their links numbered on; nil when abandoned.
    private mutating func comments(of id: Int) -> [StyledLine]? {
        CommentsSection.lines(for: id, in: thread, width: width, now: now, math: math, links: &links, isCancelled: isCancelled)
    }
}
