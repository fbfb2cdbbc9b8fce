import Foundation
import AppCore
import StackAPI
import TeXMath
import TextEngine

/// The comments under a post in the question view, when the user turned them on (`c`).
enum CommentsSection {
    /// Lines for `postID`'s comments: nothing when comments are off, a loading or empty note, or each comment
    /// indented; nil once `isCancelled` is true. The comments' links are numbered on from `links`, and added to it.
    static func lines(for postID: Int, in thread: QuestionState, width: Int, now: Date, math: MathOptions?, links: inout [ThreadLink],
                      isCancelled: () -> Bool) -> [StyledLine]? {
        guard thread.showComments else { return [] }
        let muted = CellStyle(.dim, color: .muted)
        guard let all = thread.comments else {
            return thread.postComments.token != nil ? [StyledLine(), StyledLine([StyledSpan("    Loading comments…", style: muted)])] : []
        }
        let comments = all[postID] ?? []
        guard !comments.isEmpty else { return [StyledLine(), StyledLine([StyledSpan("    (no comments)", style: muted)])] }
        var lines = [StyledLine(), StyledLine([StyledSpan("    Comments (\(comments.count))", style: CellStyle(.bold, color: .muted))])]
        let innerWidth = max(4, width - 6)
        for comment in comments {
            var byline = "— " + TerminalSafety.sanitize(comment.owner?.displayName ?? "anonymous")
            byline += " · " + RelativeAge.long(comment.creationDate, now: now)
            if comment.score != 0 { byline += " · ▲ \(UnknownValue.text(comment.score))" }
            guard let document = HTMLRenderer.render(html: comment.body ?? "", width: innerWidth, styleCode: nil,
                                                     firstLinkNumber: links.count + 1, math: math, isCancelled: isCancelled) else { return nil }
            links += ThreadDocument.links(of: document, postID: postID, firstNumber: links.count + 1, place: .comment(comment.commentID))
            for line in document.lines + TextWrap.wrap([StyledSpan(byline, style: muted)], width: innerWidth) {
                lines.append(StyledLine([StyledSpan("    │ ", style: muted)] + line.spans))
            }
        }
        return lines
    }
}
